import {
  accountEndpoints,
  errorCodes,
  messages,
  statusOfErrorCode,
  webTexts,
  type Endpoint,
  type ErrorBody,
  type ErrorCode,
  type PathParamName,
  type PathParams,
  type SchemasOf,
} from '@recell/contract';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { apiUrl, type QueryValues } from './api-url';
import {
  currentAccessToken,
  getAccessToken,
  getSessionState,
  logout,
  logoutCount,
  markEmailUnconfirmed,
  refreshSession,
} from './session';
import { toast } from './toast';

export { ApiError, isApiError } from './api-error';

/**
 * The one place the web talks to the API. `callApi(endpoint, …)` takes an endpoint of the contract
 * (method, path, body, response: see packages/contract/src/endpoints), so a call is typed end to
 * end (in development and tests its answer is also checked against the response schema; the
 * server checks every answer before it leaves, and zod stays out of a page's code).
 *
 * The session (docs/decisions/0051): it attaches the access token, refreshes the session once on a
 * 401 and retries; only when the session is gone (the refresh cannot bring it back) does it show
 * 'User Unuthorized Access' and log out (docs/product.md, Messages). A 403 is about the request, not the session
 * (wrong role, not the owner, email not confirmed): it reaches the caller, who shows the server's
 * message, and the person stays signed in; for an unconfirmed email the session's account is
 * marked so, and the forms that need a confirmed email say so from then on. Once signed out
 * (after a logout) a call that needs the session is not sent at all and fails quietly. Failures
 * reach callers as `ApiError`: field errors belong on the form (`error.fields`), anything else in
 * a toast (see lib/form-errors.ts).
 */

/** What a call of endpoint `E` takes: its path's parameters, its body, its query, a signal. */
type CallOptions<E extends Endpoint> = (PathParamName<E['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<E['path']> }) &
  (E['multipart'] extends true
    ? {
        /** The form, file included; sent with XMLHttpRequest so `onProgress` can follow it (0 to 1). */
        formData: FormData;
        onProgress?: (sent: number) => void;
      }
    : SchemasOf<E>['body'] extends z.ZodType
      ? { json: z.input<SchemasOf<E>['body']> }
      : unknown) &
  (SchemasOf<E>['query'] extends z.ZodType ? { query?: QueryValues<z.input<SchemasOf<E>['query']>> } : unknown) & {
    signal?: AbortSignal | undefined;
  };

/** The answer of endpoint `E` (undefined for a 204). */
export type ResponseOf<E extends Endpoint> = SchemasOf<E>['response'] extends z.ZodType
  ? z.output<SchemasOf<E>['response']>
  : undefined;

type CallArgs<E extends Endpoint> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

type SendOptions = {
  method: Endpoint['method'];
  json?: unknown;
  signal?: AbortSignal | undefined;
  idempotencyKey?: string | undefined;
};

/**
 * A new Idempotency-Key: one per call of an idempotent endpoint, sent again when that call is
 * re-sent (after a token refresh; by the balancer after a replica died). `randomUUID` needs a
 * secure context; a site served over plain http on a LAN address still gets 128 random bits.
 */
const newIdempotencyKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
type UploadOptions = { onProgress?: ((sent: number) => void) | undefined; signal?: AbortSignal | undefined };

/** An answer before it is checked: status and parsed JSON body (undefined when there is none). */
type RawResponse = { status: number; payload: unknown };
/** Sends the request once, with this access token (or none). */
type Send = (token: string | null) => Promise<RawResponse>;

const reported = new WeakSet<Error>();

/**
 * True when there is nothing more to tell the user about this error: the API client has shown the
 * unauthorized toast, or nobody was signed in any more (a logout had just happened).
 */
export const wasReported = (error: unknown) => error instanceof Error && reported.has(error);

/** A call that needs the session, made after a logout: never sent, and nothing to report. */
const signedOutError = () => {
  const error = new ApiError({ status: 401, code: 'unauthorized', message: messages.unauthorized });
  reported.add(error);
  return error;
};

const networkError = (cause?: unknown) =>
  new ApiError({ status: 0, code: 'unavailable', message: webTexts.networkError, cause });

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

const codeOfStatus = (status: number): ErrorCode =>
  errorCodes.find((code) => statusOfErrorCode[code] === status) ?? (status >= 500 ? 'internal' : 'validation');

const parseJson = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The API's error shape (`ErrorBodySchema`), checked by hand so no page needs zod for it. */
const isErrorBody = (payload: unknown): payload is ErrorBody => {
  if (!isRecord(payload) || !isRecord(payload.error)) return false;
  const { code, message, fields } = payload.error;
  return (
    errorCodes.includes(code as ErrorCode) &&
    typeof message === 'string' &&
    (fields === undefined || (isRecord(fields) && Object.values(fields).every((field) => typeof field === 'string')))
  );
};

const errorOf = ({ status, payload }: RawResponse) => {
  if (isErrorBody(payload)) {
    const { code, message, fields } = payload.error;
    return new ApiError({ status, code, message, ...(fields ? { fields } : {}) });
  }
  const code = codeOfStatus(status);
  const message =
    code === 'unavailable' ? webTexts.networkError : code === 'not_found' ? messages.notFound : messages.internalError;
  return new ApiError({ status, code, message });
};

const isOk = (status: number) => status >= 200 && status < 300;

/**
 * In development and tests: the answer checked against the endpoint's response schema. A shape the
 * contract does not allow is a bug, never the user's fault.
 */
const checkedAnswer = async (endpoint: Endpoint, response: RawResponse): Promise<unknown> => {
  const { apiEndpoints } = await import('@recell/contract');
  const schema = Object.values(apiEndpoints)
    .flatMap((area) => Object.values(area))
    .find((known) => known.method === endpoint.method && known.path === endpoint.path)?.response;
  if (!schema) return response.payload;
  const result = schema.safeParse(response.payload);
  if (!result.success) {
    throw new ApiError({
      status: response.status,
      code: 'internal',
      message: messages.internalError,
      cause: result.error,
    });
  }
  return result.data;
};

/** The answer's body (none for a 204), or the ApiError the answer stands for. */
const resultOf = async (endpoint: Endpoint, response: RawResponse): Promise<unknown> => {
  if (!isOk(response.status)) throw errorOf(response);
  if (endpoint.status === 204) return undefined;
  return import.meta.env.DEV ? checkedAnswer(endpoint, response) : response.payload;
};

/**
 * How a call uses the session: not at all (log in, sign up); its token if there is one, for an
 * answer that says more to someone signed in; its token, refreshed on a 401 ('signedIn': a route
 * for signed-in callers only, never sent once signed out).
 */
type SessionUse = 'none' | 'optional' | 'attached' | 'signedIn';

const sessionUseOf = (endpoint: Endpoint): SessionUse =>
  endpoint.withoutSession ? 'none' : endpoint.optionalSession ? 'optional' : endpoint.auth ? 'signedIn' : 'attached';

/** Applies the session rules around `send` (see the top of this file). */
async function withSession(send: Send, use: SessionUse): Promise<RawResponse> {
  if (use === 'none') return send(null);
  // Waits for the page's first session check if it is under way; a visitor gets the public answer.
  if (use === 'optional') return send(await getAccessToken());
  const logoutsBefore = logoutCount();
  const token = await getAccessToken();
  if (use === 'signedIn' && !token && getSessionState().status === 'signedOut') throw signedOutError();
  let response = await send(token);
  if (response.status === 401) {
    // A call running alongside may have renewed the token already; otherwise refresh once.
    const renewed = currentAccessToken();
    const refresh = renewed && renewed !== token ? 'ok' : await refreshSession();
    if (refresh === 'offline') throw networkError();
    if (refresh === 'ok') response = await send(currentAccessToken());
  }
  if (response.status === 401) {
    // The session is gone. Said once, by the call that had it; after a logout, nothing to say.
    if (!token || logoutCount() !== logoutsBefore) throw signedOutError();
    const error = errorOf(response);
    reported.add(error);
    toast.error(messages.unauthorized, { id: 'unauthorized' });
    void logout();
    throw error;
  }
  if (response.status === 403 && isErrorBody(response.payload) && response.payload.error.code === 'email_unconfirmed')
    markEmailUnconfirmed();
  return response;
}

/** How calls reach the API: the browser's fetch, or on the server the API itself (src/prerender.tsx). */
let transport: typeof fetch = (input, init) => fetch(input, init);
export const sendApiCallsWith = (send: typeof fetch) => {
  transport = send;
};

const sendWithFetch =
  (url: string, options: SendOptions): Send =>
  async (token) => {
    const headers = new Headers({ Accept: 'application/json' });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.json);
    }
    try {
      const response = await transport(url, {
        method: options.method,
        headers,
        body,
        signal: options.signal,
        credentials: 'same-origin',
      });
      return { status: response.status, payload: parseJson(await response.text()) };
    } catch (error) {
      // By name: an abort may come from another realm's DOMException (a worker, a test's runtime).
      if (error instanceof Error && error.name === 'AbortError') throw error;
      throw networkError(error);
    }
  };

/** XMLHttpRequest rather than fetch: only it reports how much of a request body has been sent. */
const sendWithXhr =
  (method: string, url: string, formData: FormData, { onProgress, signal }: UploadOptions): Send =>
  (token) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(method, url);
      xhr.setRequestHeader('Accept', 'application/json');
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      });
      const onAbort = () => {
        xhr.abort();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);
      xhr.addEventListener('load', () => {
        settle();
        resolve({ status: xhr.status, payload: parseJson(xhr.responseText) });
      });
      xhr.addEventListener('error', () => {
        settle();
        reject(networkError());
      });
      xhr.addEventListener('abort', () => {
        settle();
        reject(abortError());
      });
      xhr.send(formData);
    });

/**
 * Calls `endpoint` and returns its answer. Failures throw
 * `ApiError`: the API's `{ error: { code, message, fields? } }` body when there is one, otherwise a
 * status-based error; a network failure is status 0, code 'unavailable'. An aborted call rethrows
 * the AbortError.
 */
export async function callApi<E extends Endpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<ResponseOf<E>> {
  const given = (options ?? {}) as {
    params?: Record<string, string>;
    query?: QueryValues<object>;
    json?: unknown;
    formData?: FormData;
    onProgress?: (sent: number) => void;
    signal?: AbortSignal;
  };
  const url = apiUrl(endpoint, given.params as PathParams<E['path']>, given.query);
  const send = given.formData
    ? sendWithXhr(endpoint.method, url, given.formData, given)
    : sendWithFetch(url, {
        method: endpoint.method,
        json: given.json,
        signal: given.signal,
        idempotencyKey: endpoint.idempotent ? newIdempotencyKey() : undefined,
      });
  return (await resultOf(endpoint, await withSession(send, sessionUseOf(endpoint)))) as ResponseOf<E>;
}

/** POST /api/uploads: stores a picture (re-encoded, metadata stripped) and returns its id and URL. */
export const uploadImage = (file: File, onProgress?: (sent: number) => void, signal?: AbortSignal) => {
  const formData = new FormData();
  formData.append('image', file);
  return callApi(accountEndpoints.uploadImage, { formData, onProgress, signal });
};

/**
 * Fetches an endpoint whose answer is a file (a label's PDF), with the session like any call, and
 * returns it as a Blob; failures throw `ApiError` from the API's error body, as `callApi` does.
 */
export async function callApiForFile<E extends Endpoint>(endpoint: E, params: PathParams<E['path']>): Promise<Blob> {
  const url = apiUrl(endpoint, params, undefined);
  const send: Send = async (token) => {
    const headers = new Headers({ Accept: '*/*' });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    try {
      const response = await transport(url, { method: endpoint.method, headers, credentials: 'same-origin' });
      // The file only on success; an error answer is the API's JSON error body.
      return {
        status: response.status,
        payload: isOk(response.status) ? await response.blob() : parseJson(await response.text()),
      };
    } catch (error) {
      throw networkError(error);
    }
  };
  const response = await withSession(send, sessionUseOf(endpoint));
  if (!isOk(response.status)) throw errorOf(response);
  return response.payload as Blob;
}

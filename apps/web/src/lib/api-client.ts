import {
  ErrorBodySchema,
  errorCodes,
  messages,
  statusOfErrorCode,
  UploadedImageSchema,
  webTexts,
  type ErrorCode,
} from '@recell/contract';
import type { z } from 'zod';
import { apiPaths } from '@/config/api-paths';
import { ApiError } from './api-error';
import { currentAccessToken, getAccessToken, logout, refreshSession } from './session';
import { toast } from './toast';

export { ApiError, isApiError } from './api-error';

/**
 * The one place the web talks to the API: it attaches the access token, refreshes the session once
 * on a 401 and retries, and when that fails (or on a 403) shows 'User Unuthorized Access' and logs
 * out (spec §8). Failures reach callers as `ApiError`: field errors belong on the form
 * (`error.fields`), anything else in a toast (see lib/form-errors.ts).
 */

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (use `apiUpload` to follow the upload's progress). */
  formData?: FormData;
  signal?: AbortSignal;
  /**
   * true (default): a call for the signed-in user, with the session rules above. false: a call
   * that must not carry or touch the session (login, sign-up, which providers exist): its 401 is
   * the answer itself ('User is Not Found', 'Password is Wrong Try again').
   */
  auth?: boolean;
};

export type ApiUploadOptions = {
  /** Called as the request body goes out, with the share sent so far (0 to 1). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
  auth?: boolean;
};

/** An answer before it is checked: status and parsed JSON body (undefined when there is none). */
type RawResponse = { status: number; payload: unknown };
/** Sends the request once, with this access token (or none). */
type Send = (token: string | null) => Promise<RawResponse>;

const reported = new WeakSet<Error>();

/** True when the API client has already told the user about this error (the unauthorized toast). */
export const wasReported = (error: unknown) => error instanceof Error && reported.has(error);

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

const errorOf = ({ status, payload }: RawResponse) => {
  const parsed = ErrorBodySchema.safeParse(payload);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError({ status, code, message, ...(fields ? { fields } : {}) });
  }
  const code = codeOfStatus(status);
  const message =
    code === 'unavailable' ? webTexts.networkError : code === 'not_found' ? messages.notFound : messages.internalError;
  return new ApiError({ status, code, message });
};

const isOk = (status: number) => status >= 200 && status < 300;

/** The body validated by `schema`, or the ApiError the answer stands for. */
const resultOf = <S extends z.ZodType>(response: RawResponse, schema: S): z.output<S> => {
  if (!isOk(response.status)) throw errorOf(response);
  const result = schema.safeParse(response.payload);
  if (!result.success) {
    // The server answered with a shape the contract does not allow: a bug, never the user's fault.
    throw new ApiError({
      status: response.status,
      code: 'internal',
      message: messages.internalError,
      cause: result.error,
    });
  }
  return result.data;
};

/** Applies the session rules around `send` (see the top of this file). */
async function withSession(send: Send, auth: boolean): Promise<RawResponse> {
  if (!auth) return send(null);
  const token = await getAccessToken();
  let response = await send(token);
  if (response.status === 401) {
    // A call running alongside may have renewed the token already; otherwise refresh once.
    const renewed = currentAccessToken();
    const refresh = renewed && renewed !== token ? 'ok' : await refreshSession();
    if (refresh === 'offline') throw networkError();
    if (refresh === 'ok') response = await send(currentAccessToken());
  }
  if (response.status === 401 || response.status === 403) {
    const error = errorOf(response);
    reported.add(error);
    toast.error(messages.unauthorized, { id: 'unauthorized' });
    void logout();
    throw error;
  }
  return response;
}

const sendWithFetch =
  (path: string, options: ApiRequestOptions): Send =>
  async (token) => {
    const headers = new Headers({ Accept: 'application/json' });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let body: BodyInit | undefined;
    if (options.formData) {
      body = options.formData;
    } else if (options.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.json);
    }
    try {
      const response = await fetch(`/api${path}`, {
        method: options.method ?? 'GET',
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
  (path: string, formData: FormData, { onProgress, signal }: ApiUploadOptions): Send =>
  (token) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `/api${path}`);
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
 * Calls `/api{path}` and returns the body validated by `schema`. Failures throw `ApiError`: the
 * API's `{ error: { code, message, fields? } }` body when there is one, otherwise a status-based
 * error; a network failure is status 0, code 'unavailable'. An aborted call rethrows the AbortError.
 */
export async function apiRequest<S extends z.ZodType>(
  path: `/${string}`,
  schema: S,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> {
  return resultOf(await withSession(sendWithFetch(path, options), options.auth ?? true), schema);
}

/** POSTs a multipart form to `/api{path}` like `apiRequest`, reporting the upload's progress. */
export async function apiUpload<S extends z.ZodType>(
  path: `/${string}`,
  formData: FormData,
  schema: S,
  options: ApiUploadOptions = {},
): Promise<z.output<S>> {
  return resultOf(await withSession(sendWithXhr(path, formData, options), options.auth ?? true), schema);
}

/** POST /api/uploads: stores a picture (re-encoded, metadata stripped) and returns its id and URL. */
export const uploadImage = (file: File, onProgress?: (sent: number) => void, signal?: AbortSignal) => {
  const form = new FormData();
  form.append('image', file);
  return apiUpload(apiPaths.uploads, form, UploadedImageSchema, { onProgress, signal });
};

import { ErrorBodySchema, errorCodes, messages, statusOfErrorCode, webTexts, type ErrorCode } from '@recell/contract';
import type { z } from 'zod';
import { ApiError } from './api-error';

export { ApiError, isApiError } from './api-error';

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (file uploads). */
  formData?: FormData;
  signal?: AbortSignal;
};

const codeOfStatus = (status: number): ErrorCode =>
  errorCodes.find((code) => statusOfErrorCode[code] === status) ?? (status >= 500 ? 'internal' : 'validation');

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * Calls `/api{path}` and returns the body validated by `schema`. Failures throw `ApiError`:
 * the API's `{ error: { code, message, fields? } }` body when there is one, otherwise a status-based
 * error; a network failure is status 0, code 'unavailable'. An aborted call rethrows the AbortError.
 */
export async function apiRequest<S extends z.ZodType>(
  path: `/${string}`,
  schema: S,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> {
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'unavailable', message: webTexts.networkError, cause: error });
  }

  const payload = await readJson(response);

  if (!response.ok) {
    const parsed = ErrorBodySchema.safeParse(payload);
    if (parsed.success) {
      const { code, message, fields } = parsed.data.error;
      throw new ApiError({ status: response.status, code, message, ...(fields ? { fields } : {}) });
    }
    const code = codeOfStatus(response.status);
    const message =
      code === 'unavailable'
        ? webTexts.networkError
        : code === 'not_found'
          ? messages.notFound
          : messages.internalError;
    throw new ApiError({ status: response.status, code, message });
  }

  const result = schema.safeParse(payload);
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
}

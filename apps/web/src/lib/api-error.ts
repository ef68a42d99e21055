import type { ErrorCode } from '@recell/contract';

/** Every failed call to the API, whatever went wrong, reaches the UI as one of these. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  /** Per-field messages of a validation error, keyed by field name. */
  readonly fields: Record<string, string> | undefined;

  constructor(init: {
    status: number;
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

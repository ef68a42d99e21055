import { statusOfErrorCode, type ErrorCode } from '@recell/contract';

/**
 * A failure the caller can act on. Services throw these; the one error handler turns them into
 * the contract's error shape with the status that belongs to the code.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Sent as Retry-After: when a refused attempt (429, 503) may be made again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusOfErrorCode[code];
  }
}

export const notFound = (message: string) => new AppError('not_found', message);
export const forbidden = (message: string) => new AppError('forbidden', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError('conflict', message, fields);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('validation', message, fields);

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages, statusOfErrorCode, type ErrorBody, type ErrorCode } from '@recell/contract';
import { AppError } from '../errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { isBadInputDatabaseError } from '../db/bad-input.ts';
import { multipartClientError } from './multipart.ts';

const codeOfStatus = new Map<number, ErrorCode>(
  Object.entries(statusOfErrorCode).map(([code, status]) => [status, code as ErrorCode]),
);

/** Seconds a caller should wait before retrying a 503: the pool reconnects at once, limits pass quickly. */
const retryAfterSeconds = 2;

/** The answer when the service cannot serve right now (database gone, overloaded): 503 and Retry-After. */
const sendUnavailable = (reply: FastifyReply, message: string = messages.serviceUnavailable) => {
  if (!reply.hasHeader('retry-after')) reply.header('retry-after', String(retryAfterSeconds));
  return sendError(reply, 503, 'unavailable', message);
};

export const sendError = (
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
) => {
  const body: ErrorBody = { error: { code, message, ...(fields ? { fields } : {}) } };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
};

/**
 * What the router refuses before any route or hook runs (a malformed percent-encoding, a path
 * parameter over its length): the contract's shape, without echoing the address back.
 */
export const answerFrameworkError = (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
  sendError(reply, 400, 'validation', messages.invalidAddress);

/**
 * The single error handler: domain errors and client mistakes become the contract's error shape
 * with a clear message; anything unexpected is logged and answered with a generic 500 that never
 * carries a stack or detail.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.statusCode === 503) return sendUnavailable(reply, error.message);
      return sendError(reply, error.statusCode, error.code, error.message, error.fields);
    }
    // A connection lost or refused, a statement or lock over its limit: the next try may succeed.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable: answered 503');
      return sendUnavailable(reply);
    }
    // Input the contract let through but the database cannot take (a NUL, a malformed uuid): the
    // caller's mistake, answered without the database's words.
    if (isBadInputDatabaseError(error)) {
      request.log.warn({ err: error }, 'database refused the input: answered 400');
      return sendError(reply, 400, 'validation', messages.validationFailed);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      // Named by the form's field (`features`, not `features.0`), as the forms show the message.
      for (const issue of error.validation) {
        const key = issue.instancePath.split('/')[1] || '_';
        if (!(key in fields)) fields[key] = issue.message ?? messages.validationFailed;
      }
      const first = Object.values(fields)[0] ?? messages.validationFailed;
      return sendError(reply, 400, 'validation', first, fields);
    }
    const formError = multipartClientError(error);
    if (formError) return sendError(reply, formError.status, formError.code, formError.message, formError.fields);
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'rate_limited' : (codeOfStatus.get(status) ?? 'validation');
      const message = status === 429 ? messages.tooManyRequests : error.message;
      return sendError(reply, status, code, message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'internal', messages.internalError);
  });
});

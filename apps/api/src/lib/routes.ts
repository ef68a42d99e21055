/** What every route file declares the same way: the error answers of its schemas, and the empty 204 answer. */
import type { FastifyReply } from 'fastify';
import { ErrorBodySchema } from '@recell/contract';

/** Where the marketplace's API lives: app.ts registers every module's routes under it. */
export const apiPrefix = '/api';

/** A route's error answers for its documentation and serialisation: each status with the one error shape. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));

/** Answers 204 No Content: for routes whose schema lists only their errors. */
export const noContent = (reply: FastifyReply) => reply.code(204).send();

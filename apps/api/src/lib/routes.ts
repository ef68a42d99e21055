/**
 * What every route file declares the same way: a route built from its contract endpoint, the error
 * answers of its schemas, and the empty 204 answer.
 */
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyReply,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorBodySchema, pathParamNames, type EndpointWithSchemas, type PathParamName } from '@recell/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint the route is built from (`endpointRoute`); absent on routes the web never fetches. */
    endpoint?: EndpointWithSchemas;
  }
}

/** Where the marketplace's API lives: app.ts registers every module's routes under it. */
export const apiPrefix = '/api';

/** The error statuses a route may answer, each with the one error shape. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/** A route's error answers for its documentation and serialisation: each status with the one error shape. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));

/** A JSON object, not an array or null. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A route's `preValidation` hook: a body that is not an object (none, null, a form) reads as `{}`,
 * so validation answers with the form's own messages (every required field named, or the
 * defaults of an optional body) rather than the body's type.
 */
export const emptyBodyUnlessObject = async (request: { body: unknown }) => {
  if (!isPlainObject(request.body)) request.body = {};
};

/** Answers 204 No Content: for routes whose schema lists only their errors. */
export const noContent = (reply: FastifyReply) => reply.code(204).send();

type Responses = Readonly<Record<number, z.ZodType>>;

/** The schemas a route built from endpoint `E` declares, as types: what its handler's request and reply are typed by. */
type EndpointRouteSchema<E extends EndpointWithSchemas, Params, Extra extends Responses> = {
  params: Params;
  querystring: E extends { readonly query: infer Query } ? Query : undefined;
  body: E extends { readonly multipart: true } ? undefined : E extends { readonly body: infer Body } ? Body : undefined;
  response: (E extends { readonly response: infer Response } ? { [Status in E['status']]: Response } : unknown) &
    Extra & { [Status in ErrorStatus]: typeof ErrorBodySchema };
};

type ZodRouteOptions<Schema extends FastifySchema> = RouteOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  Schema,
  ZodTypeProvider
>;

/** The path parameters' schema: required, naming exactly the path's parameters, when the path has any. */
type ParamsOption<E extends EndpointWithSchemas, Params> = [PathParamName<E['path']>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: Params };

/**
 * What a route adds to its endpoint: its handler and documentation, the errors it may answer, its
 * path parameters' schema, and the route options the contract does not know (hooks, body limit…).
 */
export type EndpointRouteOptions<E extends EndpointWithSchemas, Params, Extra extends Responses> = Omit<
  ZodRouteOptions<EndpointRouteSchema<E, Params, Extra>>,
  'method' | 'url' | 'schema' | 'config'
> &
  ParamsOption<E, Params> & {
    readonly tags: readonly string[];
    readonly summary: string;
    readonly description?: string;
    /** The error statuses it may answer, documented and serialised in the one error shape. */
    readonly errors?: readonly ErrorStatus[];
    /** Answers the endpoint does not name (the session's refresh: its session, or 204 without a cookie). */
    readonly responses?: Extra;
    /** The bodies it takes, when not only the endpoint's (multipart form data, or JSON). */
    readonly consumes?: readonly string[];
    /** A multipart endpoint's form, for the documentation only: the handler reads the stream. */
    readonly form?: z.ZodType;
    /** Route settings besides those the endpoint gives (who may call, idempotency, reading the caller). */
    readonly config?: Omit<FastifyContextConfig, 'auth' | 'idempotent' | 'identifiesCaller' | 'endpoint'>;
  };

/** Each key with a value, in order: a route's schema and config name nothing the endpoint leaves out. */
const defined = <T extends Record<string, unknown>>(entries: T): Partial<T> =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined)) as Partial<T>;

const paramNamesOf = (params: unknown): string[] => {
  const shape = (params as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Object.keys(shape ?? {}).sort();
};

/**
 * The route of a contract endpoint (`apiEndpoints.<area>.<name>`, packages/contract's endpoints):
 * its method, path, success status and schemas, who may call it (`config.auth`), whether it keeps
 * answers by Idempotency-Key (`config.idempotent`) and reads a public caller (`config.identifiesCaller`)
 * come from the endpoint, so they are written once, where the web reads them too. The route gives
 * the rest. `app.route(endpointRoute(apiEndpoints.buying.order, { … handler }))`.
 */
export const endpointRoute = <
  const E extends EndpointWithSchemas,
  Params extends z.ZodType<{ readonly [Name in PathParamName<E['path']>]: unknown }> | undefined = undefined,
  Extra extends Responses = Record<never, never>,
>(
  endpoint: E,
  options: EndpointRouteOptions<E, Params, Extra>,
): ZodRouteOptions<EndpointRouteSchema<E, Params, Extra>> => {
  const { tags, summary, description, errors = [], params, responses, consumes, form, config, ...route } = options;
  const expected = pathParamNames(endpoint.path).sort();
  if (paramNamesOf(params).join() !== expected.join()) {
    throw new Error(
      `${endpoint.method} ${endpoint.path}: the params schema names [${paramNamesOf(params).join(', ')}], ` +
        `the path [${expected.join(', ')}]`,
    );
  }
  const schema = defined({
    tags,
    summary,
    description,
    consumes: consumes ?? (endpoint.multipart ? ['multipart/form-data'] : undefined),
    params,
    querystring: endpoint.query,
    body: endpoint.multipart ? form : endpoint.body,
    response: {
      ...(endpoint.response ? { [endpoint.status]: endpoint.response } : {}),
      ...responses,
      ...errorResponses(...errors),
    },
  });
  return {
    // A documented form is never validated: the handler reads the multipart stream.
    ...(form
      ? {
          validatorCompiler: (part: Parameters<typeof validatorCompiler>[0]) =>
            part.httpPart === 'body' ? () => true : validatorCompiler(part),
        }
      : {}),
    ...route,
    method: endpoint.method,
    url: endpoint.path,
    schema: schema as unknown as EndpointRouteSchema<E, Params, Extra>,
    config: {
      ...config,
      ...defined({
        auth: endpoint.auth,
        idempotent: endpoint.idempotent,
        identifiesCaller: endpoint.optionalSession,
      }),
      endpoint,
    },
  } as ZodRouteOptions<EndpointRouteSchema<E, Params, Extra>>;
};

import type { z } from 'zod';
import type { Role } from '../constants.ts';

/**
 * One API endpoint as both sides know it: the web calls it through `callApi` (apps/web's
 * api-client), and the API builds its route from it with the schemas `apiEndpoints` gives it
 * (./schemas.ts; apps/api's `endpointRoute`, docs/decisions/0058). So a path, a body, a response or
 * who may call is written once.
 *
 * The definition names its schemas as types only: a page that calls an endpoint then carries no
 * zod, and the values sit in ./schemas.ts for the API, the tests and the web's development checks.
 *
 * Paths are relative to the API's prefix (/api) and name parameters Fastify's way (`/orders/:id`).
 */
export type Endpoint<Schemas extends EndpointSchemas = EndpointSchemas> = {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: `/${string}`;
  /** The success status; its body is the `response` schema's (none for 204). */
  readonly status: 200 | 201 | 204;
  /** With a `body` schema: the fields the form carries, sent as FormData with a file. */
  readonly multipart?: true;
  /** Who may call it, as the route's guard says; absent: anyone. */
  readonly auth?: 'signedIn' | readonly Role[];
  /**
   * A call that must not carry or touch the session (log in, sign up, which providers exist): its
   * 401 is the answer itself, not an expired token.
   */
  readonly withoutSession?: true;
  /**
   * Anyone may call it, and a signed-in caller's answer says more (a listing's seller email): the
   * access token goes along when there is one (after the page's first session check, if it is under
   * way), and a refused token is never retried or reported. The route reads the caller with
   * `config.identifiesCaller`.
   */
  readonly optionalSession?: true;
  /**
   * It accepts an Idempotency-Key: the web sends a new one with each call, the same one again when
   * that call is retried, so a repeat gets the first answer and acts once.
   */
  readonly idempotent?: true;
  /** Never set: the types of its schemas, for the typed client. */
  readonly schemaTypes?: Schemas;
};

/** The schemas of an endpoint: its JSON body (or the form's fields), its query, its success answer. */
export type EndpointSchemas = {
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly response?: z.ZodType;
};

/** An endpoint with its schemas' values, as `apiEndpoints` gives it. */
export type EndpointWithSchemas = Endpoint & EndpointSchemas;

/** The schemas of endpoint `E`, as types. */
export type SchemasOf<E extends Endpoint> = NonNullable<E['schemaTypes']>;

/**
 * An endpoint whose schemas are the types `Schemas` (`endpoint<{ response: typeof MeSchema }>()({…})`);
 * it keeps the definition's literal types (its path) for the typed client.
 */
export const endpoint =
  <Schemas extends EndpointSchemas = Record<never, never>>() =>
  <const E extends Omit<Endpoint, 'schemaTypes'>>(definition: E): E & { readonly schemaTypes?: Schemas } =>
    definition;

/** The parameter names of a path: `'/orders/:id/pay'` gives `'id'`. */
export type PathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { readonly [Name in PathParamName<P>]: string };

/** The path with its parameters filled in (each encoded). */
export const fillPath = <P extends string>(path: P, params: PathParams<P>): string =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name] ?? ''));

/** The parameter names of a path, in order (for the API's check against its routes). */
export const pathParamNames = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

import type { z } from 'zod';
import type { Role } from '../constants.ts';

/**
 * One API endpoint as both sides know it: the web calls it through `callApi` (apps/web's
 * api-client), and an API test checks that a route with this method and path exists and declares
 * these very schemas and this guard. So a path, a body, a response or who may call is written once.
 *
 * Paths are relative to the API's prefix (/api) and name parameters Fastify's way (`/orders/:id`).
 */
export type Endpoint = {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: `/${string}`;
  /** The success status; its body is `response` (none for 204). */
  readonly status: 200 | 201 | 204;
  readonly response?: z.ZodType;
  /** The JSON body; with `multipart`, the fields the form carries (sent as FormData with a file). */
  readonly body?: z.ZodType;
  readonly multipart?: true;
  readonly query?: z.ZodType;
  /** Who may call it, as the route's guard says; absent: anyone. */
  readonly auth?: 'signedIn' | readonly Role[];
  /**
   * A call that must not carry or touch the session (log in, sign up, which providers exist): its
   * 401 is the answer itself, not an expired token.
   */
  readonly withoutSession?: true;
};

/** Keeps an endpoint's literal types (its path, its schemas) for the typed client. */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

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

import { fillPath, type Endpoint, type PathParams } from '@recell/contract';

/** A query as the URL carries it: strings, with unset values left out. */
export type QueryValues<Q> = { [Name in keyof Q]?: string | null | undefined };

/**
 * The URL of a contract endpoint under /api, its parameters filled in and the query values that
 * are set. Apart from the api-client so the session code in every first load can use it without
 * the client's schemas.
 */
export const apiUrl = <E extends Endpoint>(
  endpoint: E,
  params?: PathParams<E['path']>,
  query?: QueryValues<object>,
): string => {
  const path = params ? fillPath(endpoint.path, params) : endpoint.path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}) as [string, string | null | undefined][]) {
    if (value) search.set(name, value);
  }
  const searchText = search.toString();
  return `/api${path}${searchText ? `?${searchText}` : ''}`;
};

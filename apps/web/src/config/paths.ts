import type { SignInReason } from '@recell/contract';
import type { Location } from 'react-router';
import { routeTable, type RouteName } from './routes';

/** The names of a pattern's `:params`, in order. */
type ParamsOf<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamsOf<Rest>]
  : Pattern extends `${string}:${infer Name}`
    ? [Name]
    : [];

/** One string per param. */
type Strings<Names extends readonly string[]> = { [K in keyof Names]: string };

type Path<Pattern extends string> = {
  readonly pattern: Pattern;
  /** The address, each `:param` filled in order (encoded). */
  readonly to: (...params: Strings<ParamsOf<Pattern>>) => string;
};

const pathOf = <Pattern extends string>(pattern: Pattern): Path<Pattern> => ({
  pattern,
  to: (...params: string[]) => {
    let next = 0;
    return pattern.replace(/:\w+/g, () => encodeURIComponent(params[next++] ?? ''));
  },
});

/**
 * Every page's address, typed, from the route table (config/routes.ts). Route definitions use
 * `pattern`; links call `paths.<name>.to(...)`. No URL is typed by hand anywhere else.
 */
export const paths = Object.fromEntries(Object.entries(routeTable).map(([name, { path }]) => [name, pathOf(path)])) as {
  readonly [Name in RouteName]: Path<(typeof routeTable)[Name]['path']>;
};

/**
 * Where a sign-in page sends the user back to (`navigate(paths.login.to(), { state: { from } })`),
 * and what they were about to do there (the login page says why it asks).
 */
export type FromLocationState = { from?: Location; reason?: SignInReason };

/**
 * API paths. A domain keeps its paths in `src/shared/<domain>/*.api.ts` (one beside each contract
 * that re-exports it, one for each server routes file): there and nowhere else. Those files hold no
 * zod, so the public pages, whose script budget has no room for it, can import them.
 *
 * A path without parameters is a plain string. A path with parameters is an `ApiPath`: call it with
 * the values to get the URL (each value URL-encoded), and register the route at its `pattern`
 * (`/api/leads/:id`, exactly as the server's router spells it).
 */

/** Every API path starts with this (and `API_ROOT` itself is the API, too: never a page). */
export const API_ROOT = '/api';
export const API_PREFIX = `${API_ROOT}/`;

/** True for a URL path in the API's space (`/api/…`): never a page, never an asset. */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith(API_PREFIX);
}

/** A value for each `:name` parameter of a route pattern, in the pattern's order. */
type ParamValues<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string, ...ParamValues<Rest>]
  : P extends `${string}:${string}`
    ? [string]
    : [];

export interface ApiPath<P extends string> {
  (...values: ParamValues<P>): string;
  /** The route as the server registers it, `:name` for each parameter. */
  readonly pattern: P;
}

const PARAM = /:\w+/g;

/** A route pattern with parameters, as an `ApiPath`. Small on purpose: the landing page loads it. */
export function apiPath<const P extends string>(pattern: P): ApiPath<P> {
  const fill = (...values: string[]) => pattern.replace(PARAM, () => encodeURIComponent(values.shift() ?? ''));
  return Object.assign(fill, { pattern }) as ApiPath<P>;
}

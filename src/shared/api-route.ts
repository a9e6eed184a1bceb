import type { z } from 'zod';
import type { ApiPath } from './api-path';

/**
 * A route of the API as both sides see it: its method, its path and the schema of its answer. The
 * server registers the path with `response` as its answer schema; the web client (`api.call`) takes
 * the answer's type from it, so no call site restates an answer by hand.
 *
 * `route` costs nothing to speak of at run time: it keeps the schema object and never parses. A public
 * page, whose script has no room for zod, names the schema by type only (`import type`) and passes
 * no value: `route<typeof schema>('GET', PATH)`.
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RoutePath = string | ApiPath<string>;

export interface ApiRoute<T, P extends RoutePath = RoutePath> {
  readonly method: ApiMethod;
  readonly path: P;
  /** The answer's schema; absent where only its type is named (public pages) or the answer is a file. */
  readonly response?: z.ZodType;
  /** Type only, never set: the answer as the client receives it. */
  readonly answer?: T;
}

/** A JSON route whose answer is `response` (or, with no value, the schema named by the type argument). */
export function route<S extends z.ZodType, const P extends RoutePath = RoutePath>(method: ApiMethod, path: P, response?: S): ApiRoute<z.output<S>, P> {
  return response ? { method, path, response } : { method, path };
}

/** A route whose answer is a file (a download): the client receives a Blob. */
export function fileRoute<const P extends RoutePath>(method: ApiMethod, path: P): ApiRoute<Blob, P> {
  return { method, path };
}

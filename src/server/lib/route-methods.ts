import type { RouteOptions } from 'fastify';
import { isApiPath } from '#shared/api-path';

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The methods each registered route pattern answers, for the `Allow` header of a 405. Fastify's
 * router finds a route by method first, so "this path exists with other methods" is asked here.
 * The pages' catch-all (`/*`, GET) does not cover `/api/…`: an unknown API path is a 404.
 */
export function routeMethods(routes: ReadonlyArray<Pick<RouteOptions, 'method' | 'url'>>): (path: string) => string[] {
  let compiled: Array<{ pattern: RegExp; methods: string[]; catchAll: boolean }> | undefined;
  return (path) => {
    compiled ??= routes.map((route) => ({
      pattern: toRegExp(route.url),
      methods: [route.method].flat().map(String),
      catchAll: route.url === '/*',
    }));
    const allowed = new Set<string>();
    for (const route of compiled) {
      if (route.catchAll && isApiPath(path)) continue;
      if (route.pattern.test(path)) route.methods.forEach((m) => allowed.add(m));
    }
    if (allowed.has('GET')) allowed.add('HEAD');
    return METHOD_ORDER.filter((m) => allowed.has(m));
  };
}

/** `/api/x/:id` → /^\/api\/x\/[^/]+$/, `/assets/*` → /^\/assets\/.*$/ */
function toRegExp(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

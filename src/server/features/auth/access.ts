import type { RouteOptions } from 'fastify';

/**
 * Who may call a route: declared next to its schema as `config: { access }`. `key`: a
 * key another system holds (an owner's API key, an expo tablet's device key), which the route checks
 * itself; no staff token is read.
 */
export type Access = 'public' | 'key' | 'staff' | 'owner';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

const LEVELS: ReadonlySet<string> = new Set(['public', 'key', 'staff', 'owner']);

/** The route's declared access; a route without one is a startup error, so every route must say. */
export function declaredAccess(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): Access {
  const access = (route.config as { access?: unknown } | undefined)?.access;
  if (typeof access !== 'string' || !LEVELS.has(access)) {
    throw new Error(`Route ${String(route.method)} ${route.url} declares no access level: add config: { access: 'public' | 'key' | 'staff' | 'owner' }.`);
  }
  return access as Access;
}

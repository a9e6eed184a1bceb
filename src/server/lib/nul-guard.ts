import type { FastifyInstance } from 'fastify';
import { hasNul, NUL_MESSAGE } from '#shared/text-rules';
import { badRequest } from './errors';

/** The name of the first path parameter or query value holding a NUL character, or null. */
function nulField(values: unknown): string | null {
  if (typeof values !== 'object' || values === null) return null;
  for (const [key, value] of Object.entries(values)) {
    const items: unknown[] = Array.isArray(value) ? value : [value];
    if (hasNul(key) || items.some((item) => typeof item === 'string' && hasNul(item))) return key;
  }
  return null;
}

/**
 * Path parameters and query strings are read before any contract sees them (ids looked up in the
 * database, search text): one check for all of them, before authentication and the routes, so a
 * `%00` is a 400 with the NUL rule's message on both databases instead of PostgreSQL's 500.
 * Bodies are checked by the contracts (src/shared/text-schema.ts) and the multipart readers.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const field = nulField(request.params) ?? nulField(request.query);
    if (field !== null) throw badRequest(NUL_MESSAGE, [{ field, message: NUL_MESSAGE }]);
  });
}

/** Multipart field values and file names are read outside any contract: the same rule, named by field. */
export function refuseNul(field: string, value: string): void {
  if (hasNul(field) || hasNul(value)) throw badRequest(NUL_MESSAGE, [{ field: hasNul(field) ? 'body' : field, message: NUL_MESSAGE }]);
}

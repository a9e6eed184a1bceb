import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * The error answer every route can give (DESIGN.md §5, `ApiErrorBody`): a sentence (with its catalogue
 * key when it has one), a code and the fields at fault. Loose, so an answer that adds to it (a 409 with the next free slots) goes out as
 * the handler wrote it.
 */
const said = {
  message: z.string(),
  /** The message's catalogue key, and the values of its placeholders (docs/decisions/0059). */
  key: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
};

export const apiErrorSchema = z.looseObject({
  ...said,
  code: z.string(),
  errors: z.array(z.looseObject({ field: z.string(), ...said })).optional(),
});

/** The client-error statuses the API answers with (src/server/lib/errors.ts, the error handler). */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 429] as const;

/**
 * A route's response schemas are checked on the way out: an error answer whose status the route
 * declares for something else (a 409 "already cancelled" where only "slot taken" was declared), or
 * does not declare at all, must still pass. So every route that declares responses also takes the
 * error answer for every 4xx status: beside what it declares for that status, and as the `4xx`
 * fallback Fastify uses for the others. Successful answers' schemas are left as they are.
 */
export function withErrorResponses(response: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...response };
  for (const [status, schema] of Object.entries(response)) {
    if (!/^4(\d\d|xx)$/i.test(status) || schema === apiErrorSchema) continue;
    if (schema instanceof z.ZodType) result[status] = z.union([schema, apiErrorSchema]);
  }
  if (!Object.keys(result).some((status) => /^4xx$/i.test(status))) result['4xx'] = apiErrorSchema;
  return result;
}

/** Applies `withErrorResponses` to each route as it is added (register before the routes). */
export function registerErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const response = route.schema?.response;
    if (typeof response !== 'object' || response === null) return;
    route.schema = { ...route.schema, response: withErrorResponses(response as Record<string, unknown>) };
  });
}

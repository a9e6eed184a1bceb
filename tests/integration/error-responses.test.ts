import { expect, it } from 'vitest';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '#shared/api-error';
import { ERROR_STATUSES } from '#server/lib/error-responses';
import { describeEachDatabase } from '../helpers/app';

/*
 * A route's declared response schemas are checked on the way out: an error answer its schema does
 * not take becomes a 500 (FST_ERR_RESPONSE_SERIALIZATION) instead of the sentence the handler meant,
 * as a 409 "already cancelled" did where a route declared 409 only for "slot taken". Every route
 * that declares responses must take the error answer (DESIGN.md §5) for every client-error status.
 */

/** The schema Fastify serializes an answer of this status with: the exact status, then `4xx`, then `default`. */
function schemaFor(response: Record<string, unknown>, status: number): unknown {
  return response[status] ?? response[`${String(status)[0]}xx`] ?? response.default;
}

const ERROR_BODIES: ApiErrorBody[] = [
  { message: 'Please log in.', code: 'UNAUTHORIZED' },
  { message: 'This visit is already cancelled.', code: 'CONFLICT' },
  {
    message: 'Please enter a valid e-mail address.',
    code: 'VALIDATION',
    errors: [{ field: 'response.email', message: 'Please enter a valid e-mail address.' }],
  },
  { message: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' },
];

describeEachDatabase("error answers and the routes' declared responses", (ctx) => {
  it('every route that declares responses takes the error answer, as it is, for every 4xx status', () => {
    const declaring = ctx.app.routeInventory.filter((r) => typeof r.response === 'object' && r.response !== null);
    expect(declaring.length).toBeGreaterThan(50);
    const refused: string[] = [];
    for (const route of declaring) {
      const response = route.response as Record<string, unknown>;
      for (const status of ERROR_STATUSES) {
        const schema = schemaFor(response, status);
        const where = `${String(route.method)} ${route.url} ${status}`;
        if (!schema) {
          refused.push(`${where}: no schema`);
          continue;
        }
        const serialize = serializerCompiler({ schema: schema as never, method: String(route.method), url: route.url, httpStatus: String(status) });
        for (const body of ERROR_BODIES) {
          try {
            expect(JSON.parse(serialize(body))).toEqual(body);
          } catch (error) {
            refused.push(`${where}: ${(error as Error).message.split('\n')[0]}`);
          }
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it("no route answers a call without a token, or an owner's call with an empty or wrong body, with a 500", async () => {
    const owner = `Bearer ${await ctx.staffToken()}`;
    const failed: string[] = [];
    // Logging out (last) would end the owner's token for the routes after it.
    const routes = [...ctx.app.routeInventory].sort((a, b) => Number(a.url.includes('logout')) - Number(b.url.includes('logout')));
    for (const route of routes) {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD' && m !== 'GET');
      const url = route.url.replace(/:[A-Za-z]+/g, '0190f0f0-0000-7000-8000-000000000000').replace('*', 'anything');
      for (const method of methods) {
        for (const [authorization, payload] of [
          [undefined, {}],
          [owner, {}],
          [owner, { token: 'x', action: 'confirm', email: 1 }],
          [owner, []],
        ] as const) {
          const res = await ctx.app.inject({ method: method as 'POST', url, payload, headers: authorization ? { authorization } : {} });
          if (res.statusCode >= 500) failed.push(`${method} ${route.url}: ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(failed).toEqual([]);
  });
});

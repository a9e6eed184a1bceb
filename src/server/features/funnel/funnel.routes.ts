import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dropoffQuerySchema, dropoffSchema, funnelQuerySchema, funnelSchema } from '#shared/funnel/funnel.contract';
import { FUNNEL_API } from '#shared/funnel/funnel.api';
import { attachmentHeader, fileStamp, XLSX_CONTENT_TYPE } from '#server/lib/download';
import * as service from './funnel.service';
import { writeFunnelWorkbook } from './funnel-export';

/** Staff: the funnel per channel, its .xlsx, and the drop-off per question (decision 0035). Dates are the studio's days. */
export async function funnelRoutes(app: FastifyInstance, options: { now: () => Date; timeZone: () => Promise<string> }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['funnel'];

  r.get(
    FUNNEL_API.funnel,
    { config: { access: 'staff' }, schema: { tags, querystring: funnelQuerySchema, response: { 200: funnelSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.funnel(app.db, request.query, await options.timeZone());
    },
  );

  r.get(FUNNEL_API.xlsx, { config: { access: 'staff' }, schema: { tags, querystring: funnelQuerySchema } }, async (request, reply) => {
    const timeZone = await options.timeZone();
    const funnel = await service.funnel(app.db, request.query, timeZone);
    const out = new PassThrough();
    writeFunnelWorkbook(funnel, out, timeZone).catch((error: unknown) => {
      request.log.error({ err: error }, 'funnel export failed');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', attachmentHeader(`funnel-${fileStamp(options.now(), timeZone)}.xlsx`))
      .header('cache-control', 'no-store')
      .send(out);
  });

  r.get(
    FUNNEL_API.dropoff,
    { config: { access: 'staff' }, schema: { tags, querystring: dropoffQuerySchema, response: { 200: dropoffSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.dropoff(app.db, request.query, await options.timeZone());
    },
  );
}

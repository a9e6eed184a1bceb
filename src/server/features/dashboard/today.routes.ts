import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todaySchema } from '#shared/dashboard/today.contract';
import { TODAY_API } from '#shared/dashboard/today.api';
import { todayFigures } from './today.service';

/** The dashboard's "Today" panel (staff and owners). `now` is the app clock (tests control it). */
export async function todayRoutes(app: FastifyInstance, { now }: { now: () => Date }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(TODAY_API.today, { config: { access: 'staff' }, schema: { tags: ['dashboard'], response: { 200: todaySchema } } }, async (_request, reply) => {
    const { timeZone } = await app.settings.current();
    reply.header('cache-control', 'no-store');
    return todayFigures(app.db, timeZone, now());
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { firstContactFigures as figuresSchema, firstContactQuery } from '#shared/followup/followup.contract';
import { FOLLOW_UP_API } from '#shared/followup/followup.api';
import { firstContactFigures } from './first-contact-figures';

/** The first-contact figures (staff). `now` is the follow-up clock (tests control it). */
export async function followUpRoutes(app: FastifyInstance, { now }: { now: () => Date }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    FOLLOW_UP_API.firstContact,
    { config: { access: 'staff' }, schema: { tags: ['leads'], querystring: firstContactQuery, response: { 200: figuresSchema } } },
    async (request) => {
      const settings = await app.settings.current();
      const calendar = { timeZone: settings.timeZone, hours: settings.followUp.hours, holidays: settings.followUp.holidays };
      return firstContactFigures(app.db, { weeks: request.query.weeks, now: now(), calendar, targetMinutes: settings.followUp.firstContactMinutes });
    },
  );
}

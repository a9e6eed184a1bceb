import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookedVisitSchema,
  bookVisitSchema,
  manageTokenSchema,
  managedVisitSchema,
  rescheduleSchema,
  slotGoneSchema,
  slotListSchema,
  slotQuerySchema,
  slotSettingsSchema,
  staffActionSchema,
  studioSlotSettingsSchema,
  upcomingQuery,
  upcomingVisitsSchema,
  visitDayQuery,
  visitListSchema,
  visitSchema,
  visitStudioListSchema,
} from '#shared/visits/visits.contract';
import { VISITS_API } from '#shared/visits/visits.api';
import { said } from '#shared/i18n/message-keys';
import { clientKey } from '#server/lib/client-key';
import { attachmentHeader } from '#server/lib/download';
import { visitorCalendar } from './visit-calendar';
import * as visits from './visits.service';
import type { VisitContext } from './visits.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
/** A person who already holds the visits one may hold (decision 0014). */
const tooManyVisitsSchema = z.object({ message: z.string(), code: z.literal('TOO_MANY_VISITS'), key: z.string().optional() });

/**
 * A 409 for a slot taken meanwhile: the usual error body, its message's key with it as the error
 * handler would add it (docs/decisions/0059), and the next free slots.
 */
async function answering<T>(reply: FastifyReply, status: number, work: () => Promise<T>) {
  try {
    return reply.status(status).send(await work());
  } catch (error) {
    if (error instanceof visits.SlotGone) return reply.status(409).send({ ...said(error.message), code: 'SLOT_TAKEN' as const, nextSlots: error.nextSlots });
    throw error;
  }
}

export async function visitRoutes(app: FastifyInstance, options: { context: VisitContext; wake: () => void }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = options.context;
  const tags = ['visits'];
  // Whose request caused a visitor's mail, as the other visitor mail keeps it (decision 0014).
  const visitorKey = (ip: string) => clientKey(ctx.secret, 'visitor-mail', ip);

  r.get(
    VISITS_API.slots,
    { config: { access: 'public' }, schema: { tags, querystring: slotQuerySchema, response: { 200: slotListSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return visits.listSlots(ctx, request.query.studio, request.query);
    },
  );

  r.get(VISITS_API.studios, { config: { access: 'public' }, schema: { tags, response: { 200: visitStudioListSchema } } }, async () =>
    visits.bookableStudios(ctx),
  );

  r.post(
    VISITS_API.visits,
    {
      config: { access: 'public', rateLimit: app.publicWriteRateLimit },
      schema: { tags, body: bookVisitSchema, response: { 201: bookedVisitSchema, 409: z.union([slotGoneSchema, tooManyVisitsSchema]) } },
      bodyLimit: 16 * 1024,
    },
    async (request, reply) => {
      const answer = await answering(reply, 201, () => visits.bookVisit(ctx, request.body, visitorKey(request.ip)));
      if (reply.statusCode === 201) options.wake();
      return answer;
    },
  );

  r.get(
    VISITS_API.one.pattern,
    { config: { access: 'public' }, schema: { tags, params: idParams, querystring: manageTokenSchema, response: { 200: managedVisitSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return visits.managedVisit(ctx, request.params.id, request.query.token);
    },
  );

  // The visitor's calendar of the visit: the same invitation its mails attach, for the confirmation's
  // "Add to calendar (.ics)" link (the signed token of the manage link).
  r.get(
    VISITS_API.calendar.pattern,
    { config: { access: 'public' }, schema: { tags, params: idParams, querystring: manageTokenSchema } },
    async (request, reply) => {
      const calendar = await visitorCalendar(ctx, request.params.id, request.query.token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', attachmentHeader('site-visit.ics'))
        .header('cache-control', 'no-store')
        .send(calendar);
    },
  );

  r.post(
    VISITS_API.cancel.pattern,
    {
      config: { access: 'public', rateLimit: app.publicWriteRateLimit },
      schema: { tags, params: idParams, body: manageTokenSchema, response: { 200: bookedVisitSchema } },
      bodyLimit: 16 * 1024,
    },
    async (request) => {
      const answer = await visits.cancelWithToken(ctx, request.params.id, request.body.token, visitorKey(request.ip));
      options.wake();
      return answer;
    },
  );

  r.post(
    VISITS_API.reschedule.pattern,
    {
      config: { access: 'public', rateLimit: app.publicWriteRateLimit },
      schema: { tags, params: idParams, body: rescheduleSchema, response: { 200: bookedVisitSchema, 409: slotGoneSchema } },
      bodyLimit: 16 * 1024,
    },
    async (request, reply) => {
      const answer = await answering(reply, 200, () =>
        visits.rescheduleWithToken(ctx, request.params.id, request.body.token, request.body.slotStart, visitorKey(request.ip)),
      );
      if (reply.statusCode === 200) options.wake();
      return answer;
    },
  );

  // Staff.
  r.get(VISITS_API.visits, { config: { access: 'staff' }, schema: { tags, querystring: visitDayQuery, response: { 200: visitListSchema } } }, async (request) =>
    visits.visitsOfDay(ctx, request.query.day),
  );

  r.get(
    VISITS_API.upcoming,
    { config: { access: 'staff' }, schema: { tags, querystring: upcomingQuery, response: { 200: upcomingVisitsSchema } } },
    async (request) => visits.visitsByDay(ctx, request.query.from, request.query.days),
  );

  r.get(
    VISITS_API.ofLead.pattern,
    { config: { access: 'staff' }, schema: { tags, params: z.object({ leadId: z.string().min(1).max(100) }), response: { 200: visitListSchema } } },
    async (request) => visits.leadVisits(app.db, request.params.leadId),
  );

  r.post(
    VISITS_API.staffAction.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, body: staffActionSchema, response: { 200: visitSchema, 409: slotGoneSchema } } },
    async (request, reply) => {
      const answer = await answering(reply, 200, () => visits.staffAction(ctx, request.params.id, request.body));
      options.wake();
      return answer;
    },
  );

  // Owners: a studio's slot settings.
  const studioParams = z.object({ studioId: z.string().min(1).max(100) });
  r.get(
    VISITS_API.settings.pattern,
    { config: { access: 'owner' }, schema: { tags, params: studioParams, response: { 200: studioSlotSettingsSchema } } },
    async (request) => visits.studioSlotSettings(ctx, request.params.studioId),
  );
  r.put(
    VISITS_API.settings.pattern,
    {
      config: { access: 'owner' },
      schema: { tags, params: studioParams, body: slotSettingsSchema, response: { 200: studioSlotSettingsSchema } },
      bodyLimit: 64 * 1024,
    },
    async (request) => visits.saveSlotSettings(ctx, request.params.studioId, request.body),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { RESPONSES_API } from '#shared/responses/responses.api';
import {
  emailAddResultSchema,
  emailAddSchema,
  emailListQuerySchema,
  emailListSchema,
  emailRecordListSchema,
  RESPONSE_BODY_LIMIT,
  surveyProgressQuerySchema,
  surveyProgressReadSchema,
  surveyProgressSavedSchema,
  surveyProgressSchema,
  surveyResponseSchema,
  surveyResumeQuerySchema,
  surveyResumeSchema,
} from '#shared/responses/responses.contract';
import { EMAILS_API } from '#shared/responses/responses.api';
import { matchesFor } from '#server/features/matching';
import { responseStoredSchema } from '#shared/matching/matching.contract';
import * as responses from './responses.service';
import * as progress from './survey-progress.service';
import { clientKey } from '#server/lib/client-key';
import { takeVisitorEmail } from './email-intake';

const idParams = z.object({ id: z.string().max(100) });

/** What visitors send (e-mail, answers kept as they go, the response, resume) and staff's e-mail lists. */
export async function responseRoutes(app: FastifyInstance, options: { now?: () => Date } = {}): Promise<void> {
  /** The app's clock (tests set it): a channel's schedule is read at this time. */
  const clock = options.now ?? (() => new Date());
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['campaigns'];

  r.post(
    EMAILS_API.add,
    {
      schema: { tags, body: emailAddSchema, response: { 200: emailAddResultSchema, 201: emailAddResultSchema } },
      bodyLimit: 4096,
      config: { access: 'public', rateLimit: app.publicWriteRateLimit },
    },
    async (request, reply) => {
      const { created, body } = await takeVisitorEmail(
        { writes: app.writes, settings: (db) => app.settings.current(db), clock, secret: app.config.jwtSecret, wake: () => app.notifications.wake() },
        request.body,
        request.ip,
      );
      return reply.status(created ? 201 : 200).send(body);
    },
  );

  r.post(
    RESPONSES_API.response.pattern,
    {
      schema: { tags, params: z.object({ campaignId: z.string().max(100) }), body: surveyResponseSchema, response: { 200: responseStoredSchema } },
      bodyLimit: RESPONSE_BODY_LIMIT,
      config: { access: 'public', rateLimit: app.publicWriteRateLimit },
    },
    async (request) => {
      const { campaignId } = request.params;
      // Matched against the listings as they are now, outside the write (pure work on cached data).
      const matches = await matchesFor(app.contentCache, app.db, campaignId, request.body.response.answer);
      const sender = clientKey(app.config.jwtSecret, 'visitor-mail', request.ip);
      const { stored } = await app.writes.run((trx) => responses.storeResponse(trx, campaignId, request.body.response, matches, sender));
      if (stored) app.notifications.wake();
      return { message: CAMPAIGN_MESSAGES.responseSaved, matches };
    },
  );

  // Answers kept as the visitor goes: not a response, and never counted as one.
  r.post(
    RESPONSES_API.progress.pattern,
    {
      schema: { tags, params: z.object({ campaignId: z.string().max(100) }), body: surveyProgressSchema, response: { 200: surveyProgressSavedSchema } },
      bodyLimit: RESPONSE_BODY_LIMIT,
      config: { access: 'public', rateLimit: app.publicWriteRateLimit },
    },
    async (request) => app.writes.run((trx) => progress.saveProgress(trx, request.params.campaignId, request.body.response)),
  );

  r.get(
    RESPONSES_API.progress.pattern,
    {
      schema: {
        tags,
        params: z.object({ campaignId: z.string().max(100) }),
        querystring: surveyProgressQuerySchema,
        response: { 200: surveyProgressReadSchema },
      },
      config: { access: 'public', rateLimit: app.publicWriteRateLimit },
    },
    async (request, reply) => {
      // The answers are personal: no shared cache keeps them.
      reply.header('cache-control', 'no-store');
      return progress.readProgress(app.db, request.params.campaignId, request.query.token);
    },
  );

  // A resume link opens the survey it was made for, whichever is active now.
  r.get(
    RESPONSES_API.resume,
    {
      schema: { tags, querystring: surveyResumeQuerySchema, response: { 200: surveyResumeSchema } },
      config: { access: 'public', rateLimit: app.publicWriteRateLimit },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return progress.resumeSurvey(app.db, request.query.token);
    },
  );

  r.get(
    EMAILS_API.byCampaign.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, response: { 200: emailRecordListSchema } } },
    async (request) => responses.campaignEmailRecords(app.db, request.params.id),
  );

  r.get(
    EMAILS_API.all,
    { config: { access: 'staff' }, schema: { tags, querystring: emailListQuerySchema, response: { 200: emailListSchema } } },
    async (request) => responses.listAllEmailRecords(app.db, request.query),
  );
}

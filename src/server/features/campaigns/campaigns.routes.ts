import { PassThrough } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activateSchema,
  activeCampaignSchema,
  answerRowSchema,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_QUESTIONS_MAX_BYTES,
  CAMPAIGNS_API,
  campaignSaveSchema,
  campaignSchema,
  campaignSummarySchema,
  emailAddResultSchema,
  emailAddSchema,
  EMAILS_API,
  emailListQuerySchema,
  emailListSchema,
  emailRecordSchema,
  exportFileName,
  RESPONSE_BODY_LIMIT,
  surveyProgressQuerySchema,
  surveyProgressReadSchema,
  surveyProgressSavedSchema,
  surveyProgressSchema,
  surveyResponseSchema,
  surveyResumeQuerySchema,
  surveyResumeSchema,
} from '#shared/campaigns/campaigns.contract';
import { answersQuerySchema, campaignSummaryResultSchema, resultFiltersSchema } from '#shared/campaigns/campaign-summary.contract';
import { campaignSummary, parseFilters } from './campaign-summary.service';
import { attachmentHeader, writeCampaignWorkbook, XLSX_CONTENT_TYPE } from './campaign-export';
import { configuredSiteUrl } from '#server/lib/site-url';
import { matchesFor } from '../matching/matching.service';
import { listingMatchesSchema } from '#shared/matching/matching.contract';
import * as campaigns from './campaigns.service';
import * as progress from './survey-progress.service';
import { clientKey } from '#server/lib/client-key';

const idParams = z.object({ id: z.string().max(100) });

/**
 * Campaign add and update: room for the largest survey allowed, with every character escaped once
 * inside the JSON body; a larger body is refused unread, with the limit in its message.
 */
const CAMPAIGN_SAVE_OPTIONS = {
  bodyLimit: 2 * CAMPAIGN_QUESTIONS_MAX_BYTES + 64 * 1024,
  errorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
    if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
    return reply.status(413).send({ message: CAMPAIGN_MESSAGES.surveyTooLarge(), code: 'TOO_LARGE' });
  },
};
const messageSchema = z.object({ message: z.string() });
/** The stored answer's matches (issues 16, 22): what fits, else the nearest; empty when the survey sets no listingMatch. */
const responseStoredSchema = messageSchema.extend({ matches: listingMatchesSchema });

export async function campaignRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['campaigns'];

  // Public: the visitor's journey -----------------------------------------------------------

  r.get(CAMPAIGNS_API.active, { config: { access: 'public' }, schema: { tags, response: { 200: z.array(activeCampaignSchema) } } }, async () =>
    campaigns.activeCampaigns(app.db),
  );

  r.post(
    EMAILS_API.add,
    {
      schema: { tags, body: emailAddSchema, response: { 200: emailAddResultSchema, 201: emailAddResultSchema } },
      bodyLimit: 4096,
      config: { access: 'public', rateLimit: app.publicWriteRateLimit },
    },
    async (request, reply) => {
      // Lead writes share commits with their neighbours (group commit): one fsync for many leads.
      const sender = clientKey(app.config.jwtSecret, 'visitor-mail', request.ip);
      const added = await app.writes.run((trx) => campaigns.addEmailRecord(trx, request.body, sender));
      if (added.event) app.notifications.wake();
      if (added.resumeLinkSent) {
        // The spec's answer (200, emailID) plus a flag the client reads: the answers so far stay
        // unseen, and a link to continue went to the mailbox (issue 17).
        return reply.status(200).send({ emailID: added.emailID, message: CAMPAIGN_MESSAGES.resumeLinkSent, newsletter: false, resumeLinkSent: true });
      }
      const message = added.newsletter ? CAMPAIGN_MESSAGES.newsletterSaved : CAMPAIGN_MESSAGES.emailSaved;
      return reply.status(added.created ? 201 : 200).send({ emailID: added.emailID, message, newsletter: added.newsletter });
    },
  );

  r.post(
    CAMPAIGNS_API.response.pattern,
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
      const { stored } = await app.writes.run((trx) => campaigns.storeResponse(trx, campaignId, request.body.response, matches, sender));
      if (stored) app.notifications.wake();
      return { message: CAMPAIGN_MESSAGES.responseSaved, matches };
    },
  );

  // Answers kept as the visitor goes (issue 17): not a response, and never counted as one.
  r.post(
    CAMPAIGNS_API.progress.pattern,
    {
      schema: { tags, params: z.object({ campaignId: z.string().max(100) }), body: surveyProgressSchema, response: { 200: surveyProgressSavedSchema } },
      bodyLimit: RESPONSE_BODY_LIMIT,
      config: { access: 'public', rateLimit: app.publicWriteRateLimit },
    },
    async (request) => app.writes.run((trx) => progress.saveProgress(trx, request.params.campaignId, request.body.response)),
  );

  r.get(
    CAMPAIGNS_API.progress.pattern,
    {
      schema: { tags, params: z.object({ campaignId: z.string().max(100) }), querystring: surveyProgressQuerySchema, response: { 200: surveyProgressReadSchema } },
      config: { access: 'public', rateLimit: app.publicWriteRateLimit },
    },
    async (request, reply) => {
      // The answers are personal: no shared cache keeps them.
      reply.header('cache-control', 'no-store');
      return progress.readProgress(app.db, request.params.campaignId, request.query.token);
    },
  );

  // A resume link opens the survey it was made for, whichever is active now (issue 22 item 5).
  r.get(
    CAMPAIGNS_API.resume,
    {
      schema: { tags, querystring: surveyResumeQuerySchema, response: { 200: surveyResumeSchema } },
      config: { access: 'public', rateLimit: app.publicWriteRateLimit },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return progress.resumeSurvey(app.db, request.query.token);
    },
  );

  // Staff -----------------------------------------------------------------------------------

  r.get(CAMPAIGNS_API.all, { config: { access: 'staff' }, schema: { tags, response: { 200: z.array(campaignSummarySchema) } } }, async () =>
    campaigns.listCampaigns(app.db),
  );

  r.post(
    CAMPAIGNS_API.add,
    { config: { access: 'staff' }, ...CAMPAIGN_SAVE_OPTIONS, schema: { tags, body: campaignSaveSchema, response: { 201: messageSchema.extend({ _id: z.string() }) } } },
    async (request, reply) => {
      const id = await campaigns.createCampaign(app.db, request.body);
      return reply.status(201).send({ message: CAMPAIGN_MESSAGES.created, _id: id });
    },
  );

  r.post(
    CAMPAIGNS_API.update.pattern,
    { config: { access: 'staff' }, ...CAMPAIGN_SAVE_OPTIONS, schema: { tags, params: idParams, body: campaignSaveSchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      await app.db.transaction().execute((trx) => campaigns.updateCampaign(trx, request.params.id, request.body));
      return reply.status(201).send({ message: CAMPAIGN_MESSAGES.updated });
    },
  );

  r.get(CAMPAIGNS_API.edit.pattern, { config: { access: 'staff' }, schema: { tags, params: idParams, response: { 200: campaignSchema } } }, async (request) =>
    campaigns.getCampaign(app.db, request.params.id),
  );

  r.post(
    CAMPAIGNS_API.activate.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, body: activateSchema, response: { 200: messageSchema } } },
    async (request) => {
      const { isActivated } = request.body;
      await app.db.transaction().execute((trx) => campaigns.setCampaignActive(trx, request.params.id, isActivated));
      return { message: isActivated ? CAMPAIGN_MESSAGES.activated : CAMPAIGN_MESSAGES.deactivated };
    },
  );

  r.get(
    CAMPAIGNS_API.responseCount.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, response: { 200: z.object({ count: z.number() }) } } },
    async (request) => ({ count: await campaigns.responseCount(app.db, request.params.id) }),
  );

  r.get(
    CAMPAIGNS_API.answers.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, querystring: answersQuerySchema, response: { 200: z.array(answerRowSchema) } } },
    async (request) => campaigns.campaignAnswers(app.db, request.params.id, request.query),
  );

  r.get(EMAILS_API.byCampaign.pattern, { config: { access: 'staff' }, schema: { tags, params: idParams, response: { 200: z.array(emailRecordSchema) } } }, async (request) =>
    campaigns.campaignEmailRecords(app.db, request.params.id),
  );

  r.get(
    EMAILS_API.all,
    { config: { access: 'staff' }, schema: { tags, querystring: emailListQuerySchema, response: { 200: emailListSchema } } },
    async (request) => campaigns.listAllEmailRecords(app.db, request.query),
  );

  r.get(
    CAMPAIGNS_API.questionColumns.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, response: { 200: z.array(z.object({ questioncolumns: z.string() })) } } },
    async (request) => [{ questioncolumns: await campaigns.questionColumns(app.db, request.params.id) }],
  );

  r.get(
    CAMPAIGNS_API.summary.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, querystring: resultFiltersSchema, response: { 200: campaignSummaryResultSchema } } },
    async (request) => campaignSummary(app.db, app.database.dialect, request.params.id, request.query),
  );

  r.get(CAMPAIGNS_API.download.pattern, { config: { access: 'staff' }, schema: { tags, params: idParams, querystring: resultFiltersSchema } }, async (request, reply) => {
    const campaign = await campaigns.getCampaign(app.db, request.params.id);
    // Checked before the download starts: a bad filter is a 400, not a broken file.
    const { filters, status } = parseFilters(campaign.questions, request.query);
    const out = new PassThrough();
    // File links in the sheet open the staff file page on the site's configured address, never on
    // a host the request's Host header named (issue 22 item 16).
    const baseUrl = configuredSiteUrl(app.config);
    writeCampaignWorkbook(app.db, app.database.dialect, campaign, out, filters, status, baseUrl).catch((error: unknown) => {
      request.log.error({ err: error }, 'campaign export failed');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', attachmentHeader(exportFileName(campaign.name, new Date())))
      .header('cache-control', 'no-store')
      .send(out);
  });
}

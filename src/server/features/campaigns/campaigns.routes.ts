import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activateSchema,
  activeCampaignSchema,
  answerRowSchema,
  CAMPAIGN_MESSAGES,
  campaignSaveSchema,
  campaignSchema,
  campaignSummarySchema,
  emailAddResultSchema,
  emailAddSchema,
  emailListQuerySchema,
  emailListSchema,
  emailRecordSchema,
  exportFileName,
  pageQuerySchema,
  RESPONSE_BODY_LIMIT,
  surveyResponseSchema,
} from '../../../shared/campaigns';
import { attachmentHeader, writeCampaignWorkbook, XLSX_CONTENT_TYPE } from './campaign-export';
import * as campaigns from './campaigns.service';

const idParams = z.object({ id: z.string().max(100) });
const messageSchema = z.object({ message: z.string() });

export async function campaignRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['campaigns'];

  // Public: the visitor's journey -----------------------------------------------------------

  r.get('/api/campagin/active', { schema: { tags, response: { 200: z.array(activeCampaignSchema) } } }, async () =>
    campaigns.activeCampaigns(app.db),
  );

  r.post(
    '/api/email/add',
    {
      schema: { tags, body: emailAddSchema, response: { 200: emailAddResultSchema, 201: emailAddResultSchema } },
      bodyLimit: 4096,
      config: { rateLimit: app.publicWriteRateLimit },
    },
    async (request, reply) => {
      // Lead writes share commits with their neighbours (group commit): one fsync for many leads.
      const added = await app.writes.runAtomic((db) => campaigns.addEmailRecord(db, request.body));
      const message = added.newsletter ? CAMPAIGN_MESSAGES.newsletterSaved : CAMPAIGN_MESSAGES.emailSaved;
      return reply.status(added.created ? 201 : 200).send({ emailID: added.emailID, message, newsletter: added.newsletter });
    },
  );

  r.post(
    '/api/campaign/response/:campaignId',
    {
      schema: { tags, params: z.object({ campaignId: z.string().max(100) }), body: surveyResponseSchema, response: { 200: messageSchema } },
      bodyLimit: RESPONSE_BODY_LIMIT,
      config: { rateLimit: app.publicWriteRateLimit },
    },
    async (request) => {
      const { campaignId } = request.params;
      await app.writes.runAtomic((db) => campaigns.storeResponse(db, campaignId, request.body.response));
      return { message: CAMPAIGN_MESSAGES.responseSaved };
    },
  );

  // Staff -----------------------------------------------------------------------------------

  r.get('/api/campagin/all', { schema: { tags, response: { 200: z.array(campaignSummarySchema) } } }, async () =>
    campaigns.listCampaigns(app.db),
  );

  r.post(
    '/api/campaign/add',
    { schema: { tags, body: campaignSaveSchema, response: { 201: messageSchema.extend({ _id: z.string() }) } } },
    async (request, reply) => {
      const id = await campaigns.createCampaign(app.db, request.body);
      return reply.status(201).send({ message: CAMPAIGN_MESSAGES.created, _id: id });
    },
  );

  r.post(
    '/api/campaign/update/:id',
    { schema: { tags, params: idParams, body: campaignSaveSchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      await campaigns.updateCampaign(app.db, request.params.id, request.body);
      return reply.status(201).send({ message: CAMPAIGN_MESSAGES.updated });
    },
  );

  r.get('/api/campagin/edit/:id', { schema: { tags, params: idParams, response: { 200: campaignSchema } } }, async (request) =>
    campaigns.getCampaign(app.db, request.params.id),
  );

  r.post(
    '/api/campaign/activate/:id',
    { schema: { tags, params: idParams, body: activateSchema, response: { 200: messageSchema } } },
    async (request) => {
      const { isActivated } = request.body;
      await app.db.transaction().execute((trx) => campaigns.setCampaignActive(trx, request.params.id, isActivated));
      return { message: isActivated ? CAMPAIGN_MESSAGES.activated : CAMPAIGN_MESSAGES.deactivated };
    },
  );

  r.get(
    '/api/campaign/recordcnt/:id',
    { schema: { tags, params: idParams, response: { 200: z.object({ count: z.number() }) } } },
    async (request) => ({ count: await campaigns.responseCount(app.db, request.params.id) }),
  );

  r.get(
    '/api/campaign/answers/:id',
    { schema: { tags, params: idParams, querystring: pageQuerySchema, response: { 200: z.array(answerRowSchema) } } },
    async (request) => campaigns.campaignAnswers(app.db, request.params.id, request.query),
  );

  r.get('/api/email/get/:id', { schema: { tags, params: idParams, response: { 200: z.array(emailRecordSchema) } } }, async (request) =>
    campaigns.campaignEmailRecords(app.db, request.params.id),
  );

  r.get(
    '/api/email/all',
    { schema: { tags, querystring: emailListQuerySchema, response: { 200: emailListSchema } } },
    async (request) => campaigns.listAllEmailRecords(app.db, request.query),
  );

  r.get(
    '/api/campaign/colheader/:id',
    { schema: { tags, params: idParams, response: { 200: z.array(z.object({ questioncolumns: z.string() })) } } },
    async (request) => [{ questioncolumns: await campaigns.questionColumns(app.db, request.params.id) }],
  );

  r.get('/api/campaign/download/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    const campaign = await campaigns.getCampaign(app.db, request.params.id);
    const out = new PassThrough();
    writeCampaignWorkbook(app.db, app.database.dialect, campaign, out).catch((error: unknown) => {
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

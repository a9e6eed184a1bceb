import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activateSchema,
  activeCampaignListSchema,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_QUESTIONS_MAX_BYTES,
  campaignSaveSchema,
  campaignSchema,
  campaignCreatedSchema,
  campaignSummaryListSchema,
  responseCountSchema,
} from '#shared/surveys/campaigns.contract';
import { CAMPAIGNS_API } from '#shared/surveys/campaigns.api';
import { RESULTS_API } from '#shared/results/results.api';
import { questionColumnsSchema } from '#shared/results/results.contract';
import { messageAnswer } from '#shared/api-answer';
import * as campaigns from './campaigns.service';

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
const messageSchema = messageAnswer;

/** Survey definitions (staff) and the active survey (visitors). */
export async function campaignRoutes(
  app: FastifyInstance,
  options: { countResponses: campaigns.ResponseCounter; responseCounts: campaigns.ResponseCounts },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['campaigns'];

  r.get(CAMPAIGNS_API.active, { config: { access: 'public' }, schema: { tags, response: { 200: activeCampaignListSchema } } }, async () =>
    campaigns.activeCampaigns(app.db),
  );

  r.get(CAMPAIGNS_API.all, { config: { access: 'staff' }, schema: { tags, response: { 200: campaignSummaryListSchema } } }, async () =>
    campaigns.listCampaigns(app.db, options.responseCounts),
  );

  r.post(
    CAMPAIGNS_API.add,
    { config: { access: 'staff' }, ...CAMPAIGN_SAVE_OPTIONS, schema: { tags, body: campaignSaveSchema, response: { 201: campaignCreatedSchema } } },
    async (request, reply) => {
      const id = await app.db.transaction().execute((trx) => campaigns.createCampaign(trx, request.body, request.staff!));
      return reply.status(201).send({ message: CAMPAIGN_MESSAGES.created, _id: id });
    },
  );

  r.post(
    CAMPAIGNS_API.update.pattern,
    { config: { access: 'staff' }, ...CAMPAIGN_SAVE_OPTIONS, schema: { tags, params: idParams, body: campaignSaveSchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      await app.db.transaction().execute((trx) => campaigns.updateCampaign(trx, request.params.id, request.body, request.staff!));
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
      await app.db.transaction().execute((trx) => campaigns.setCampaignActive(trx, request.params.id, isActivated, request.staff!));
      return { message: isActivated ? CAMPAIGN_MESSAGES.activated : CAMPAIGN_MESSAGES.deactivated };
    },
  );

  r.get(
    CAMPAIGNS_API.responseCount.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, response: { 200: responseCountSchema } } },
    async (request) => ({ count: await campaigns.responseCount(app.db, request.params.id, options.countResponses) }),
  );

  r.get(
    RESULTS_API.questionColumns.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, response: { 200: questionColumnsSchema } } },
    async (request) => [{ questioncolumns: await campaigns.questionColumns(app.db, request.params.id) }],
  );
}

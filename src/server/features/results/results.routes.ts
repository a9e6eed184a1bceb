import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerRowListSchema, exportFileName } from '#shared/results/results.contract';
import { RESULTS_API } from '#shared/results/results.api';
import { answersQuerySchema, campaignSummaryResultSchema, resultFiltersSchema } from '#shared/results/campaign-summary.contract';
import { campaignSummary, parseFilters } from './campaign-summary.service';
import { attachmentHeader, XLSX_CONTENT_TYPE } from '#server/lib/download';
import { writeCampaignWorkbook } from './campaign-export';
import { configuredSiteUrl } from '#server/lib/site-url';
import * as campaigns from '#server/features/surveys';
import * as results from './results.service';
import { recordAudit } from '#server/features/audit';

const idParams = z.object({ id: z.string().max(100) });

/** What staff read back: the answers table, the summary and the .xlsx download. */
export async function resultRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['campaigns'];

  r.get(
    RESULTS_API.answers.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, querystring: answersQuerySchema, response: { 200: answerRowListSchema } } },
    async (request) => results.campaignAnswers(app.db, request.params.id, request.query, (await app.settings.current()).timeZone),
  );

  r.get(
    RESULTS_API.summary.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, querystring: resultFiltersSchema, response: { 200: campaignSummaryResultSchema } } },
    async (request) => campaignSummary(app.db, app.database.dialect, request.params.id, request.query, (await app.settings.current()).timeZone),
  );

  r.get(
    RESULTS_API.download.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, querystring: resultFiltersSchema } },
    async (request, reply) => {
      const campaign = await campaigns.getCampaign(app.db, request.params.id);
      // Checked before the download starts: a bad filter is a 400, not a broken file.
      const { timeZone } = await app.settings.current();
      const { filters, status } = parseFilters(campaign.questions, request.query, timeZone);
      await recordAudit(app.db, {
        actor: request.staff!,
        kind: 'responses.exported',
        recordType: 'campaign',
        recordId: campaign._id,
        fields: Object.entries(request.query)
          .filter(([, v]) => v !== undefined && v !== '')
          .map(([k]) => k),
      });
      const out = new PassThrough();
      // File links in the sheet open the staff file page on the site's configured address, never on
      // a host the request's Host header named.
      const baseUrl = configuredSiteUrl(app.config);
      writeCampaignWorkbook(app.db, app.database.dialect, campaign, out, filters, status, baseUrl, timeZone).catch((error: unknown) => {
        request.log.error({ err: error }, 'campaign export failed');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentHeader(exportFileName(campaign.name, new Date(), timeZone)))
        .header('cache-control', 'no-store')
        .send(out);
    },
  );
}

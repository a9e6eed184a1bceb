import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LEAD_MESSAGES,
  leadDetail as leadDetailSchema,
  leadFilters,
  leadMergeInput,
  leadMerged,
  leadUnmerged,
  leadCreateInput,
  leadCreated,
  leadList,
  leadSourceList,
  leadListQuery,
  leadNoteInput,
  leadPatch,
  leadUpdated,
  nextActionInput,
} from '#shared/leads/leads.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import { messageAnswer } from '#shared/api-answer';
import { attachmentHeader, fileStamp, XLSX_CONTENT_TYPE } from '#server/lib/download';
import { writeLeadsWorkbook } from './leads-export';
import * as leads from './leads.service';
import { mergedInto, mergeLeads, unmergeLeads, type RowsMovedHook } from './lead-merge';
import { recordAudit } from '#server/features/audit';

const idParams = z.object({ id: z.string().min(1).max(100) });

/**
 * Staff calls: the leads inbox (behind the guard like every other non-public route). `sources` reads
 * the person's records from the rooms that keep them (given by app.ts, decision 0020).
 */
export async function leadsRoutes(
  app: FastifyInstance,
  {
    sources,
    onCreated,
    personTables,
    rowsMoved,
  }: { sources: leads.LeadSources; onCreated: leads.LeadCreatedHook; personTables: readonly string[]; rowsMoved: RowsMovedHook },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['leads'];

  r.get(LEADS_API.list, { config: { access: 'staff' }, schema: { tags, querystring: leadListQuery, response: { 200: leadList } } }, (request) =>
    leads.listLeads(app.db, request.query),
  );

  r.post(
    LEADS_API.list,
    { config: { access: 'staff' }, schema: { tags, body: leadCreateInput, response: { 200: leadCreated, 201: leadCreated } } },
    async (request, reply) => {
      const { created, lead } = await leads.addLeadByStaff(app.db, request.body, request.staff!, onCreated);
      return reply.status(created ? 201 : 200).send({ message: created ? LEAD_MESSAGES.created : LEAD_MESSAGES.existing, created, lead });
    },
  );

  r.get(LEADS_API.sources, { config: { access: 'staff' }, schema: { tags, response: { 200: leadSourceList } } }, async () => ({
    sources: await leads.leadSources(app.db),
  }));

  r.get(LEADS_API.export, { config: { access: 'staff' }, schema: { tags, querystring: leadFilters } }, async (request, reply) => {
    const filters = Object.entries(request.query)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k);
    await recordAudit(app.db, { actor: request.staff!, kind: 'lead.exported', recordType: 'leads', recordId: null, fields: filters });
    const out = new PassThrough();
    const { timeZone } = await app.settings.current();
    writeLeadsWorkbook(app.db, request.query, out, timeZone).catch((error: unknown) => {
      request.log.error({ err: error }, 'leads export failed');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', attachmentHeader(`leads-${fileStamp(new Date(), timeZone)}.xlsx`))
      .header('cache-control', 'no-store')
      .send(out);
  });

  r.get(
    LEADS_API.one.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, response: { 200: leadDetailSchema } } },
    async (request, reply) => {
      // A merged lead's address leads to the one it was merged into.
      const into = await mergedInto(app.db, request.params.id);
      if (into) return reply.redirect(LEADS_API.one(into), 301);
      return leads.leadDetail(app.db, request.params.id, sources);
    },
  );

  r.post(
    LEADS_API.merge.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, body: leadMergeInput, response: { 200: leadMerged } } },
    async (request) => {
      const mergeId = await app.db
        .transaction()
        .execute((trx) => mergeLeads(trx, request.params.id, request.body.intoId, request.staff!, personTables, rowsMoved));
      return { mergeId, lead: await leads.leadItem(app.db, request.body.intoId) };
    },
  );

  r.delete(
    LEADS_API.unmerge.pattern,
    { config: { access: 'staff' }, schema: { tags, params: z.object({ mergeId: z.string().min(1).max(100) }), response: { 200: leadUnmerged } } },
    async (request) => {
      const { intoId, mergedId } = await app.db
        .transaction()
        .execute((trx) => unmergeLeads(trx, request.params.mergeId, request.staff!, personTables, rowsMoved));
      return { message: LEAD_MESSAGES.unmerged, lead: await leads.leadItem(app.db, intoId), merged: await leads.leadItem(app.db, mergedId) };
    },
  );

  r.patch(
    LEADS_API.one.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, body: leadPatch, response: { 200: leadUpdated } } },
    async (request) => {
      const lead = await app.db.transaction().execute((trx) => leads.patchLead(trx, request.params.id, request.body, request.staff!));
      return { message: LEAD_MESSAGES.updated, lead };
    },
  );

  r.put(
    LEADS_API.nextAction.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, body: nextActionInput, response: { 200: leadUpdated } } },
    async (request) => {
      const lead = await app.db.transaction().execute((trx) => leads.setNextAction(trx, request.params.id, request.body, request.staff!));
      return { message: LEAD_MESSAGES.nextActionSet, lead };
    },
  );

  r.delete(
    LEADS_API.nextAction.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, response: { 200: leadUpdated } } },
    async (request) => {
      const lead = await app.db.transaction().execute((trx) => leads.setNextAction(trx, request.params.id, null, request.staff!));
      return { message: LEAD_MESSAGES.nextActionCleared, lead };
    },
  );

  r.post(
    LEADS_API.notes.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, body: leadNoteInput, response: { 201: messageAnswer } } },
    async (request, reply) => {
      await app.db.transaction().execute((trx) => leads.addNote(trx, request.params.id, request.body.text, request.staff!));
      return reply.status(201).send({ message: LEAD_MESSAGES.noteAdded });
    },
  );
}

import type { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { XlsxWriter } from '#server/lib/xlsx-stream';
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, type LeadFilters } from '#shared/leads/leads.contract';
import { leadItems } from './leads.service';
import { UTM_FIELDS } from '#shared/channels/channels.contract';

const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

/** The filtered leads as .xlsx, streamed batch by batch (text cells exact; formula-like text stays text). */
export async function writeLeadsWorkbook(db: Kysely<Database>, filters: LeadFilters, out: Writable, timeZone?: string): Promise<void> {
  const workbook = new XlsxWriter(out, { creator: 'Abode', timeZone });
  const sheet = workbook.addSheet('Leads', {
    freezeHeader: true,
    columns: [
      { header: 'Name', width: 24 },
      { header: 'Email', width: 32 },
      { header: 'Phone', width: 18 },
      { header: 'Status', width: 12 },
      { header: 'Sources', width: 22 },
      { header: 'Campaign', width: 24 },
      { header: 'Survey finished', width: 14 },
      { header: 'Assignee', width: 18 },
      { header: 'First contact', width: 17, dates: 'datetime' },
      { header: 'Last activity', width: 17, dates: 'datetime' },
      // README "Channels": where the lead first came from, after the columns that were there before.
      { header: 'Channel', width: 20 },
      ...UTM_FIELDS.map((field) => ({ header: `UTM ${field}`, width: 16 })),
    ],
  });
  for await (const batch of leadItems(db, filters)) {
    if (workbook.closed) return;
    for (const lead of batch) {
      sheet.addRow([
        lead.name ?? undefined,
        lead.email,
        lead.phone ?? undefined,
        LEAD_STATUS_LABELS[lead.status],
        lead.sources.map((s) => LEAD_SOURCE_LABELS[s]).join(', '),
        lead.campaignName ?? undefined,
        lead.campaignId ? (lead.completed ? 'Yes' : 'No') : undefined,
        lead.assigneeName ?? undefined,
        new Date(lead.createdAt),
        new Date(lead.lastActivityAt),
        // Decision 0057: an imported or API lead's channel is its source (as the funnel counts it).
        lead.leadSource?.name ?? lead.firstTouch?.channelName ?? undefined,
        ...UTM_FIELDS.map((field) => lead.firstTouch?.utm?.[field] ?? undefined),
      ]);
    }
    await sheet.flush();
    await yieldToOthers();
  }
  await sheet.end();
  if (workbook.closed) return;
  await workbook.finish();
}

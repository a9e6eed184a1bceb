import type { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { XlsxWriter } from '#server/lib/xlsx-stream';
import { newsletterSubscribers } from './consent.service';

/** The newsletter's confirmed subscribers as .xlsx: address, when they ticked the box, and the notice they were shown. */
export async function writeNewsletterWorkbook(db: Kysely<Database>, out: Writable, timeZone?: string): Promise<void> {
  const workbook = new XlsxWriter(out, { creator: 'Abode', timeZone });
  const sheet = workbook.addSheet('Newsletter', {
    freezeHeader: true,
    columns: [
      { header: 'Email', width: 32 },
      { header: 'Consented at', width: 18, dates: 'datetime' },
      { header: 'Notice', width: 14 },
      { header: 'Notice version', width: 14 },
      { header: 'Form', width: 12 },
    ],
  });
  for (const s of await newsletterSubscribers(db)) {
    if (workbook.closed) return;
    // Only addresses that confirmed from their mailbox (double opt-in, decision 0018).
    if (s.state !== 'confirmed') continue;
    sheet.addRow([s.email, new Date(s.consentedAt), s.noticePurpose, s.noticeVersion, s.source]);
  }
  await sheet.end();
  if (workbook.closed) return;
  await workbook.finish();
}

import type { Writable } from 'node:stream';
import { XlsxWriter } from '#server/lib/xlsx-stream';
import { FUNNEL_STEP_LABELS, FUNNEL_STEPS, stepConversions, type Funnel, type FunnelTotal } from '#shared/funnel/funnel.contract';

/**
 * The funnel as .xlsx: the rows of GET /api/funnel (each channel, "No channel", Total), each step's
 * count followed by its conversion from the step before (percent, blank for the first step or when
 * the step before is 0), and the median minutes to first contact.
 */
export async function writeFunnelWorkbook(funnel: Funnel, out: Writable, timeZone: string): Promise<void> {
  const workbook = new XlsxWriter(out, { creator: 'Abode', timeZone });
  const columns = [{ header: 'Channel', width: 32 }];
  for (const [i, step] of FUNNEL_STEPS.entries()) {
    columns.push({ header: FUNNEL_STEP_LABELS[step], width: 14 });
    if (i > 0) columns.push({ header: `${FUNNEL_STEP_LABELS[step]} %`, width: 12 });
  }
  columns.push({ header: 'Median minutes to first contact', width: 18 });
  const sheet = workbook.addSheet('Funnel', { freezeHeader: true, columns });
  const line = (name: string, row: FunnelTotal) => {
    const conversion = stepConversions(row);
    const cells: Array<string | number | undefined> = [name];
    for (const [i, step] of FUNNEL_STEPS.entries()) {
      cells.push(row[step]);
      if (i > 0) cells.push(conversion[step] ?? undefined);
    }
    cells.push(row.medianFirstContactMinutes ?? undefined);
    sheet.addRow(cells);
  };
  for (const row of funnel.channels) line(row.name, row);
  line('Total', funnel.total);
  await sheet.end();
  if (workbook.closed) return;
  await workbook.finish();
}

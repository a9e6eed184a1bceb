import { z } from 'zod';

/** The results room's contract: the answers as rows, their question columns and the .xlsx's name. The paths are in results.api.ts. */

/** GET /api/campaign/answers/:id items; `result` is the answers as JSON text. */
export const answerRowSchema = z.object({
  _id: z.string(),
  email: z.string(),
  date: z.string(),
  result: z.string(),
  /** Only when the query names a status: false for answers kept from an unfinished survey. */
  completed: z.boolean().optional(),
  /** README "Channels", only on answers that have them: the channel the visitor came through, and their UTM values. */
  channel: z.object({ id: z.string(), code: z.string(), name: z.string() }).optional(),
  utm: z.object({ source: z.string(), medium: z.string(), campaign: z.string(), content: z.string(), term: z.string() }).partial().optional(),
});
export type AnswerRow = z.infer<typeof answerRowSchema>;

export const answerRowListSchema = z.array(answerRowSchema);

/** GET /api/campaign/colheader/:id. */
export const questionColumnsSchema = z.array(z.object({ questioncolumns: z.string() }));

/** `<campaign-name>-YYYYMMDD-HHmmss.xlsx`, on the clock of `timeZone` (the studio's time-zone setting). */
export function exportFileName(campaignName: string, at: Date, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const stamp = `${p.year}${p.month}${p.day}-${p.hour}${p.minute}${p.second}`;
  // Characters that no file system or header should see; the rest of the name is kept.
  const safe = campaignName
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return `${(safe || 'campaign').slice(0, 80)}-${stamp}.xlsx`;
}

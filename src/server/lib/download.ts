import { stripBidiControls } from '#shared/text-rules';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `attachment; filename="…"` with an ASCII fallback and the exact name as RFC 5987 `filename*`. */
export function attachmentHeader(name: string): string {
  const fileName = stripBidiControls(name);
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\%]/g, '_') || 'campaign.xlsx';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** `YYYY-MM-DD-HH-mm` of `at` on the clock of `timeZone` (the studio's): the time in a download's file name. */
export function fileStamp(at: Date, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${p.year}-${p.month}-${p.day}-${p.hour}-${p.minute}`;
}

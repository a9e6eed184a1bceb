// A listing's dates as staff type them (DD-MM-YYYY). No zod here: public pages' scripts use this
// (the JSON-LD of the site's layout) and must not carry the contract's schemas (the landing page's
// JavaScript budget).

const DATE_PATTERN = /^(\d{2})-(\d{2})-(\d{4})$/;
/** DD-MM-YYYY → YYYY-MM-DD when it names a real calendar day, else null. */
export function parseListingDate(value: string): string | null {
  const match = DATE_PATTERN.exec(value);
  if (!match) return null;
  const [, dd, mm, yyyy] = match as unknown as [string, string, string, string];
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? `${yyyy}-${mm}-${dd}` : null;
}

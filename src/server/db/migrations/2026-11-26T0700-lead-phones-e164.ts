import type { Kysely } from 'kysely';

/**
 * Lead phones in E.164, with the studio's country (+91) when typed without one
 * ("98450 99999" → "+919845099999"), as new answers are stored. What does not read as a phone
 * number stays as it was. The rule is copied here, not imported, so this migration does the same
 * whatever later code does.
 */
function toE164(input: string): string | null {
  const text = input.trim().replace(/\(0\)/g, '');
  if (!text || !/^\+?[\d\s().\-/]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  let international: string;
  if (text.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else {
    const national = digits.replace(/^0+/, '');
    if (national.length === 10) international = `91${national}`;
    else if (national.length === 12 && national.startsWith('91')) international = national;
    else return null;
  }
  if (international.startsWith('91')) {
    const national = international.slice(2).replace(/^0/, '');
    return national.length === 10 ? `+91${national}` : null;
  }
  if (international.length < 8 || international.length > 15 || international.startsWith('0')) return null;
  return `+${international}`;
}

export async function up(db: Kysely<any>): Promise<void> {
  const rows = (await db.selectFrom('leads').select(['id', 'phone']).where('phone', 'is not', null).execute()) as Array<{ id: string; phone: string }>;
  for (const row of rows) {
    const e164 = toE164(row.phone);
    if (e164 && e164 !== row.phone) await db.updateTable('leads').set({ phone: e164 }).where('id', '=', row.id).execute();
  }
}

/** Nothing to undo: the numbers are the same numbers, written one way. */
export async function down(): Promise<void> {}

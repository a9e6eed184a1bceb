import { toE164 } from '#shared/phone';
import type { ImportField, ImportMapping } from '#shared/imports/imports.contract';
import { cellText, type Cell } from './spreadsheet';

/** Header words → field, tried in order (first match wins); headers are compared lower-cased, without punctuation. */
const HEADER_GUESSES: Array<[RegExp, ImportField]> = [
  [/\b(first ?name|given ?name|fname)\b/, 'firstName'],
  [/\b(last ?name|surname|family ?name|lname)\b/, 'lastName'],
  [/\b(e ?mail|email ?id|mail ?id)\b/, 'email'],
  [/\b(phone|mobile|mob|contact ?no|contact ?number|cell|whatsapp|tel|telephone)\b/, 'phone'],
  [/\b(external ?id|lead ?id|enquiry ?id|inquiry ?id|ref|reference|portal ?id|id)\b/, 'externalId'],
  [/\b(date|received|created|enquiry ?date|lead ?date|time)\b/, 'receivedAt'],
  [/\b(budget|price|amount)\b/, 'budget'],
  [/\b(city|locality|location|area|region)\b/, 'locality'],
  [/\b(project|property|listing)\b/, 'project'],
  [/\b(source|portal|channel|medium)\b/, 'source'],
  [/\b(message|remarks?|comments?|notes?|requirement|query)\b/, 'message'],
  [/\b(name|customer|client|full ?name|lead)\b/, 'name'],
];

function headerWords(header: string): string {
  return header
    .toLowerCase()
    .replace(/[._\-/#:()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The mapping guessed from the headers: each field at most once (the first column that names it). */
export function guessMapping(headers: string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<ImportField>();
  for (const header of headers) {
    if (!header) continue;
    const words = headerWords(header);
    const hit = HEADER_GUESSES.find(([re, field]) => !taken.has(field) && re.test(words));
    if (!hit) continue;
    mapping[header] = hit[1];
    taken.add(hit[1]);
  }
  return mapping;
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
/** Asia/Kolkata is UTC+05:30 all year (no summer time): a studio day begins at 18:30 UTC the day before. */
const IST_OFFSET_MS = 330 * 60_000;

function studioTime(y: number, m: number, d: number, h = 0, min = 0): Date | null {
  if (m < 1 || m > 12 || d < 1 || d > 31 || h > 23 || min > 59) return null;
  const utc = Date.UTC(y, m - 1, d, h, min);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return new Date(utc - IST_OFFSET_MS);
}

/** An Excel serial (days since 1899-12-30, the fraction the time of day) read as studio time. */
function fromSerial(serial: number): Date | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  const local = EXCEL_EPOCH_MS + Math.round((serial * DAY_MS) / 60_000) * 60_000;
  return new Date(local - IST_OFFSET_MS);
}

/**
 * A received date: DD-MM-YYYY or DD/MM/YYYY (with an optional HH:MM), YYYY-MM-DD, or an Excel serial
 * (a number cell, or its digits): the studio's time (Asia/Kolkata). Null when it is none of these.
 */
export function parseReceived(cell: Cell): Date | null {
  if (cell === null) return null;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : new Date(cell.getTime() - IST_OFFSET_MS);
  if (typeof cell === 'number') return fromSerial(cell);
  const text = cell.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return fromSerial(Number(text));
  let m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:[ T,]+(\d{1,2}):(\d{2})(?::\d{2})?\s*(am|pm)?)?$/i.exec(text);
  if (m) {
    let h = m[4] ? Number(m[4]) : 0;
    if (m[6] && h > 12) return null;
    if (m[6]?.toLowerCase() === 'pm' && h < 12) h += 12;
    if (m[6]?.toLowerCase() === 'am' && h === 12) h = 0;
    return studioTime(Number(m[3]), Number(m[2]), Number(m[1]), h, m[5] ? Number(m[5]) : 0);
  }
  m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?/.exec(text);
  if (m) return studioTime(Number(m[1]), Number(m[2]), Number(m[3]), m[4] ? Number(m[4]) : 0, m[5] ? Number(m[5]) : 0);
  return null;
}

const BUDGET_UNITS: Array<[RegExp, number]> = [
  [/^(crores?|cr|crs)$/, 10_000_000],
  [/^(lakhs?|lacs?|lakh|l|lk|lkh)$/, 100_000],
  [/^(thousand|k)$/, 1_000],
];

function budgetAmount(part: string): number | null {
  const m = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/.exec(part.trim());
  if (!m) return null;
  const n = Number(m[1]);
  if (!m[2]) return Math.round(n);
  const unit = BUDGET_UNITS.find(([re]) => re.test(m[2]!));
  return unit ? Math.round(n * unit[1]) : null;
}

/**
 * A budget in rupees: "45 lakh", "1.2 Cr", "₹ 45,00,000", "4500000", "50 L - 1 Cr" (a range: its
 * top). A number cell is rupees. Null when it is not one.
 */
export function parseBudget(cell: Cell): number | null {
  if (cell === null || cell instanceof Date) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) && cell > 0 ? Math.round(cell) : null;
  const text = cell
    .toLowerCase()
    .replace(/₹|rs\.?|inr/g, '')
    .replace(/(\d),(?=\d)/g, '$1')
    .trim();
  const parts = text.split(/\s*(?:-|–|to)\s*/).filter(Boolean);
  if (parts.length === 0 || parts.length > 2) return null;
  // "50 - 60 lakh": the unit after the top applies to the bottom too; the top is kept.
  const top = budgetAmount(parts[parts.length - 1]!);
  return top !== null && top > 0 ? top : null;
}

/** A phone as stored (E.164), or an error sentence's value when it is not one. */
export function parsePhone(cell: Cell): { phone: string } | { invalid: string } | null {
  if (cell === null) return null;
  // A number cell: an Excel sheet keeps 9845012345 as a number (and drops a leading 0 or +).
  const text = typeof cell === 'number' ? String(Math.round(cell)) : cellText(cell);
  if (!text) return null;
  // "(+91) 98450 55555": a country code in brackets, as some sheets write it.
  const phone = toE164(text.replace(/^\(\s*\+\s*(\d{1,3})\s*\)/, '+$1 '));
  return phone ? { phone } : { invalid: text };
}

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

export function parseEmail(cell: Cell): { email: string } | { invalid: string } | null {
  const text = cellText(cell ?? null);
  if (!text) return null;
  return EMAIL.test(text) && text.length <= 254 ? { email: text } : { invalid: text };
}

/** One row read through the mapping: the lead's values, or the reason it is skipped. */
export interface ImportRowValues {
  name: string | null;
  email: string | null;
  phone: string | null;
  locality: string | null;
  project: string | null;
  budget: number | null;
  source: string | null;
  receivedAt: Date | null;
  message: string | null;
  externalId: string | null;
}

const TEXT_MAX = 2000;

function text(cell: Cell | undefined, max = 200): string | null {
  const t = cellText(cell ?? null).replace(/\s+/g, ' ');
  return t ? t.slice(0, max) : null;
}

/** Column index per field, from the mapping over the headers. */
export function fieldColumns(headers: string[], mapping: ImportMapping): Partial<Record<ImportField, number>> {
  const out: Partial<Record<ImportField, number>> = {};
  headers.forEach((h, i) => {
    const field = mapping[h];
    if (field && out[field] === undefined) out[field] = i;
  });
  return out;
}

export function readRow(row: number, cells: Cell[], columns: Partial<Record<ImportField, number>>): { values: ImportRowValues } | { error: string } {
  const at = (f: ImportField): Cell => (columns[f] === undefined ? null : (cells[columns[f]] ?? null));
  const email = parseEmail(at('email'));
  const phone = parsePhone(at('phone'));
  if (!email && !phone) return { error: `row ${row}: no e-mail or phone` };
  if (email && 'invalid' in email) return { error: `row ${row}: e-mail ${email.invalid} is not an address` };
  if (phone && 'invalid' in phone && !email) return { error: `row ${row}: phone ${phone.invalid} is not a number` };
  if (phone && 'invalid' in phone) return { error: `row ${row}: phone ${phone.invalid} is not a number` };
  const receivedCell = at('receivedAt');
  const receivedAt = parseReceived(receivedCell);
  if (receivedCell !== null && receivedAt === null)
    return { error: `row ${row}: date ${cellText(receivedCell)} is not DD-MM-YYYY, DD/MM/YYYY or an Excel date` };
  const budgetCell = at('budget');
  const budget = parseBudget(budgetCell);
  if (budgetCell !== null && budget === null) return { error: `row ${row}: budget ${cellText(budgetCell)} is not an amount` };
  const name = text(at('name')) ?? ([text(at('firstName')), text(at('lastName'))].filter(Boolean).join(' ') || null);
  return {
    values: {
      name,
      email: email && 'email' in email ? email.email : null,
      phone: phone && 'phone' in phone ? phone.phone : null,
      locality: text(at('locality')),
      project: text(at('project')),
      budget,
      source: text(at('source'), 100),
      receivedAt,
      message: text(at('message'), TEXT_MAX),
      externalId: text(at('externalId'), 100),
    },
  };
}

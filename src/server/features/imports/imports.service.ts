import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { toBool, toIso } from '#server/db/database';
import { badRequest, conflict, notFound } from '#server/lib/errors';
import { newId } from '#server/lib/ids';
import {
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportField,
  type ImportList,
  type ImportMapping,
  type ImportPreview,
  type ImportProgress,
  type ImportResult,
  type ImportRowError,
  type ImportUndone,
} from '#shared/imports/imports.contract';
import { importLead, importNewLeads, knownLeadKeys, undoImportedLead, type NewImportedLead } from '#server/features/leads';
import { assignCreatedLeads } from '#server/features/followup';
import type { StaffPrincipal } from '#server/features/auth';
import { recordAudit } from '#server/features/audit';
import { cellText, readRows, sheetKind, type Cell } from './spreadsheet';
import { fieldColumns, guessMapping, readRow, type ImportRowValues } from './row-values';

const DAY_MS = 86_400_000;
/** At most this many row errors are answered (the counts are always whole). */
const ERRORS_MAX = 1000;

export interface SheetFile {
  bytes: Buffer;
  fileName: string;
}

/** The mapping staff sent (JSON), checked against the file's headers. */
export function parseMapping(text: string | undefined): ImportMapping | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(IMPORT_MESSAGES.mappingInvalid, [{ field: 'mapping', message: IMPORT_MESSAGES.mappingInvalid }]);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest(IMPORT_MESSAGES.mappingInvalid, [{ field: 'mapping', message: IMPORT_MESSAGES.mappingInvalid }]);
  const mapping: ImportMapping = {};
  for (const [header, field] of Object.entries(value as Record<string, unknown>)) {
    if (field === null || field === '') continue;
    if (typeof field !== 'string' || !(IMPORT_FIELDS as readonly string[]).includes(field)) {
      throw badRequest(IMPORT_MESSAGES.mappingInvalid, [{ field: 'mapping', message: IMPORT_MESSAGES.mappingInvalid }]);
    }
    mapping[header] = field as ImportField;
  }
  return mapping;
}

interface ReadSheet {
  headers: string[];
  mapping: ImportMapping;
  sample: string[][];
  /** Rows read through the mapping, in order. */
  rows: Array<{ row: number; values: ImportRowValues } | { row: number; error: string }>;
}

/** Reads the whole file through the mapping (given, or guessed from the headers), refusing what is no list of leads. */
async function readSheet(file: SheetFile, given: ImportMapping | undefined, onRow?: (read: number) => void): Promise<ReadSheet> {
  const kind = sheetKind(file.bytes);
  if (!kind) throw badRequest(IMPORT_MESSAGES.notSpreadsheet, [{ field: 'file', message: IMPORT_MESSAGES.notSpreadsheet }]);
  let headers: string[] | null = null;
  let mapping: ImportMapping = {};
  let columns: ReturnType<typeof fieldColumns> = {};
  const sample: string[][] = [];
  const rows: ReadSheet['rows'] = [];
  try {
    for await (const { row, cells } of readRows(file.bytes, kind)) {
      if (cells.every((c) => c === null)) continue;
      if (headers === null) {
        headers = cells.map((c, i) => cellText(c) || `Column ${i + 1}`);
        if (given) {
          const unknown = Object.keys(given).find((h) => !headers!.includes(h));
          if (unknown !== undefined) throw badRequest(IMPORT_MESSAGES.mappingUnknownColumn, [{ field: 'mapping', message: IMPORT_MESSAGES.mappingUnknownColumn }]);
        }
        mapping = given ?? guessMapping(headers);
        const fields = new Set(Object.values(mapping));
        if (!fields.has('email') && !fields.has('phone')) throw badRequest(IMPORT_MESSAGES.noContactColumn, [{ field: 'mapping', message: IMPORT_MESSAGES.noContactColumn }]);
        columns = fieldColumns(headers, mapping);
        continue;
      }
      if (rows.length >= IMPORT_LIMITS.maxRows) throw badRequest(IMPORT_MESSAGES.tooManyRows, [{ field: 'file', message: IMPORT_MESSAGES.tooManyRows }]);
      if (sample.length < IMPORT_LIMITS.sampleRows) sample.push(headers.map((_, i) => cellText(cells[i] as Cell | undefined)));
      const read = readRow(row, cells, columns);
      rows.push('error' in read ? { row, error: read.error } : { row, values: read.values });
      if (onRow && rows.length % 500 === 0) onRow(rows.length);
    }
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error;
    // A zip that is no workbook, a broken CSV quote: not a spreadsheet we can read.
    throw badRequest(IMPORT_MESSAGES.notSpreadsheet, [{ field: 'file', message: IMPORT_MESSAGES.notSpreadsheet }]);
  }
  if (headers === null || rows.length === 0) throw badRequest(IMPORT_MESSAGES.empty, [{ field: 'file', message: IMPORT_MESSAGES.empty }]);
  return { headers, mapping, sample, rows };
}

interface Plan {
  sheet: ReadSheet;
  errors: ImportRowError[];
  skipped: number;
  /** Rows to write, one per person (a person twice in the file: the first row, the later are added to it). */
  write: Array<{ row: number; values: ImportRowValues }>;
  willCreate: number;
  willUpdate: number;
}

async function plan(db: Kysely<Database>, file: SheetFile, mapping: ImportMapping | undefined, onRow?: (read: number) => void): Promise<Plan> {
  const sheet = await readSheet(file, mapping, onRow);
  const errors: ImportRowError[] = [];
  let skipped = 0;
  const write: Plan['write'] = [];
  const skip = (row: number, message: string) => {
    skipped++;
    if (errors.length < ERRORS_MAX) errors.push({ row, message });
  };
  for (const r of sheet.rows) {
    if ('error' in r) skip(r.row, r.error);
    else write.push({ row: r.row, values: r.values });
  }
  // Who the studio knows already (by e-mail or phone), and who comes twice in the file.
  const emailKeys = [...new Set(write.flatMap((w) => (w.values.email ? [w.values.email.trim().toLowerCase()] : [])))];
  const phoneKeys = [...new Set(write.flatMap((w) => (w.values.phone ? [w.values.phone] : [])))];
  const known = await knownLeadKeys(db, { emailKeys, phoneKeys });
  let willCreate = 0;
  for (const w of write) {
    const keys = [...(w.values.email ? [`emailKey:${w.values.email.trim().toLowerCase()}`] : []), ...(w.values.phone ? [`phoneKey:${w.values.phone}`] : [])];
    if (!keys.some((k) => known.has(k))) willCreate++;
    for (const k of keys) known.add(k);
  }
  return { sheet, errors, skipped, write, willCreate, willUpdate: write.length - willCreate };
}

export async function previewImport(db: Kysely<Database>, file: SheetFile, mapping: ImportMapping | undefined): Promise<ImportPreview> {
  const p = await plan(db, file, mapping);
  return {
    willCreate: p.willCreate,
    willUpdate: p.willUpdate,
    skipped: p.skipped,
    errors: p.errors,
    columns: p.sheet.headers.map((header) => ({ header, field: p.sheet.mapping[header] ?? null })),
    sample: p.sheet.sample,
  };
}

function detailsOf(v: ImportRowValues): string | null {
  const parts = [
    v.project ? `Project: ${v.project}` : null,
    v.locality ? `Locality: ${v.locality}` : null,
    v.budget !== null ? `Budget: ₹${v.budget.toLocaleString('en-IN')}` : null,
    v.source ? `Source: ${v.source}` : null,
    v.externalId ? `External id: ${v.externalId}` : null,
    v.message ? `Message: ${v.message}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('\n') : null;
}

/** Rows written per batch: the new people of a batch go in multi-row INSERTs, the progress moves on. */
const BATCH = 1000;
/** How long the progress of a finished import stays in memory (the list answers it from then on). */
const PROGRESS_KEEP_MS = 10 * 60_000;

/** The progress of the imports this process is running (GET /api/leads/imports/:id while the POST runs). */
const runningByDb = new WeakMap<Kysely<Database>, Map<string, ImportProgress>>();

function runningOn(db: Kysely<Database>): Map<string, ImportProgress> {
  let running = runningByDb.get(db);
  if (!running) runningByDb.set(db, (running = new Map()));
  return running;
}

function setProgress(db: Kysely<Database>, id: string, progress: ImportProgress): void {
  const running = runningOn(db);
  running.set(id, progress);
  if (progress.status === 'done' || progress.status === 'failed') setTimeout(() => running.delete(id), PROGRESS_KEEP_MS).unref();
}

/** An import's progress: while it runs (this process), or its figures once it is written. */
export async function importProgress(db: Kysely<Database>, id: string): Promise<ImportProgress> {
  const live = runningOn(db).get(id);
  if (live) return live;
  const found = await db.selectFrom('leadImports').select(['created', 'updated', 'skipped']).where('id', '=', id).executeTakeFirst();
  if (!found) throw notFound(IMPORT_MESSAGES.notFound);
  const total = Number(found.created) + Number(found.updated) + Number(found.skipped);
  return { status: 'done', processed: total, total };
}

/** A client-chosen import id (so it can follow the progress while its POST runs), checked. */
export async function checkImportId(db: Kysely<Database>, id: string | undefined): Promise<string> {
  if (id === undefined || id === '') return newId();
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(id)) throw badRequest(IMPORT_MESSAGES.importIdInvalid, [{ field: 'importId', message: IMPORT_MESSAGES.importIdInvalid }]);
  const taken = runningOn(db).has(id) || (await db.selectFrom('leadImports').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  if (taken) throw conflict(IMPORT_MESSAGES.importIdTaken);
  return id;
}

const keysOf = (v: ImportRowValues) => [...(v.email ? [`emailKey:${v.email.trim().toLowerCase()}`] : []), ...(v.phone ? [`phoneKey:${v.phone}`] : [])];

/**
 * Imports the file in one transaction: nothing is half-imported. Each new person is assigned as a
 * new lead is, with the first-contact times counted from now (not from an old received time); no
 * one imported is e-mailed (no lead.created event, no newsletter). People nobody knows yet (by
 * e-mail or phone, in the database or earlier in the file) are written in batches of multi-row
 * INSERTs; a row that adds to a known lead goes through the one intake (importLead), after the
 * batch before it, so the file's order holds. The progress is kept for GET /api/leads/imports/:id.
 */
export async function runImport(db: Kysely<Database>, file: SheetFile, mapping: ImportMapping | undefined, staff: StaffPrincipal, now: Date, importId: string = newId()): Promise<ImportResult> {
  setProgress(db, importId, { status: 'reading', processed: 0, total: null });
  try {
    const p = await plan(db, file, mapping, (read) => setProgress(db, importId, { status: 'reading', processed: read, total: null }));
    const total = p.sheet.rows.length;
    setProgress(db, importId, { status: 'importing', processed: p.skipped, total });
    const fileName = file.fileName.slice(0, 200) || 'import';
    const result = await db.transaction().execute(async (trx) => {
      await trx.insertInto('leadImports').values({ id: importId, fileName, byId: staff.sub, byName: staff.name, createdAt: now, created: 0, updated: 0, skipped: p.skipped, undoneAt: null }).execute();
      const known = await knownLeadKeys(trx, {
        emailKeys: [...new Set(p.write.flatMap((w) => (w.values.email ? [w.values.email.trim().toLowerCase()] : [])))],
        phoneKeys: [...new Set(p.write.flatMap((w) => (w.values.phone ? [w.values.phone] : [])))],
      });
      let created = 0;
      let updated = 0;
      let processed = p.skipped;
      const fresh: Array<NewImportedLead & { row: number }> = [];
      const rows: Array<{ importId: string; row: number; leadId: string; created: boolean; filled: string | null; details: string | null }> = [];
      const flush = async () => {
        if (fresh.length > 0) {
          await importNewLeads(trx, fresh, { byId: staff.sub, byName: staff.name, at: now });
          await assignCreatedLeads(trx, fresh.map((l) => ({ id: l.id, email: l.email ?? '' })), now);
          fresh.length = 0;
        }
        for (let i = 0; i < rows.length; i += 500) await trx.insertInto('leadImportRows').values(rows.slice(i, i + 500)).execute();
        rows.length = 0;
        setProgress(db, importId, { status: 'importing', processed, total });
      };
      for (const { row, values } of p.write) {
        const details = detailsOf(values);
        const line = `Imported from ${fileName} (row ${row})`;
        const keys = keysOf(values);
        if (!keys.some((k) => known.has(k))) {
          const id = newId();
          fresh.push({ id, row, email: values.email, name: values.name, phone: values.phone, receivedAt: values.receivedAt ?? now, line, details });
          rows.push({ importId, row, leadId: id, created: true, filled: null, details });
          for (const k of keys) known.add(k);
          created++;
        } else {
          await flush();
          const lead = await importLead(trx, { email: values.email, name: values.name, phone: values.phone, receivedAt: values.receivedAt ?? now, line, byId: staff.sub, byName: staff.name, at: now, details });
          if (lead.created) {
            created++;
            await assignCreatedLeads(trx, [{ id: lead.id, email: values.email ?? '' }], now);
          } else updated++;
          for (const k of keys) known.add(k);
          rows.push({ importId, row, leadId: lead.id, created: lead.created, filled: Object.keys(lead.filled).length > 0 ? JSON.stringify(lead.filled) : null, details });
        }
        processed++;
        if (fresh.length >= BATCH || rows.length >= BATCH) await flush();
      }
      await flush();
      await trx.updateTable('leadImports').set({ created, updated }).where('id', '=', importId).execute();
      await recordAudit(trx, { actor: staff, kind: 'lead.imported', recordType: 'leadImports', recordId: importId, fields: [] });
      return { importId, created, updated, skipped: p.skipped, errors: p.errors };
    });
    setProgress(db, importId, { status: 'done', processed: total, total });
    return result;
  } catch (error) {
    setProgress(db, importId, { status: 'failed', processed: 0, total: null });
    throw error;
  }
}

export async function listImports(db: Kysely<Database>): Promise<ImportList> {
  const rows = await db.selectFrom('leadImports').selectAll().orderBy('createdAt', 'desc').limit(100).execute();
  return {
    items: rows.map((r) => ({
      _id: r.id,
      fileName: r.fileName,
      byName: r.byName,
      createdAt: toIso(r.createdAt),
      created: Number(r.created),
      updated: Number(r.updated),
      skipped: Number(r.skipped),
      undoneAt: r.undoneAt ? toIso(r.undoneAt) : null,
      undoUntil: r.undoneAt ? null : new Date(new Date(toIso(r.createdAt)).getTime() + IMPORT_LIMITS.undoDays * DAY_MS).toISOString(),
    })),
  };
}

/**
 * Undoes an import within 7 days: leads it created that nobody touched since are removed, fields it
 * filled on existing leads are emptied again; anything staff changed since is kept and listed.
 */
export async function undoImport(db: Kysely<Database>, id: string, staff: StaffPrincipal, now: Date): Promise<ImportUndone> {
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('leadImports').selectAll().where('id', '=', id).executeTakeFirst();
    if (!found) throw notFound(IMPORT_MESSAGES.notFound);
    if (found.undoneAt) throw conflict(IMPORT_MESSAGES.alreadyUndone);
    const since = new Date(toIso(found.createdAt));
    if (now.getTime() - since.getTime() > IMPORT_LIMITS.undoDays * DAY_MS) throw conflict(IMPORT_MESSAGES.undoExpired);
    const rows = await trx.selectFrom('leadImportRows').selectAll().where('importId', '=', id).orderBy('row').execute();
    let removed = 0;
    let restored = 0;
    const kept: ImportUndone['kept'] = [];
    for (const r of rows) {
      const outcome = await undoImportedLead(trx, { leadId: r.leadId, created: toBool(r.created), filled: r.filled ? (JSON.parse(r.filled) as Record<string, string>) : {}, since, importerId: found.byId });
      if (outcome === 'removed') removed++;
      else if (outcome === 'restored') restored++;
      else kept.push({ leadId: r.leadId, row: r.row, reason: outcome.kept });
    }
    const updated = await trx.updateTable('leadImports').set({ undoneAt: now }).where('id', '=', id).where('undoneAt', 'is', null).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict(IMPORT_MESSAGES.alreadyUndone);
    await recordAudit(trx, { actor: staff, kind: 'lead.import-undone', recordType: 'leadImports', recordId: id, fields: [] });
    return { message: IMPORT_MESSAGES.undone, removed, restored, kept };
  });
}

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
  IMPORT_ASSIGNED_NAMES,
  type ImportAssignedPayload,
} from '#shared/imports/imports.contract';
import { importLead, importNewLeads, knownLeadKeys, undoImportedLead, type NewImportedLead } from '#server/features/leads';
import { assignCreatedLeads } from '#server/features/followup';
import { recordEvents } from '#server/features/notifications';
import { formatPhone, toE164 } from '#shared/phone';
import type { StaffPrincipal } from '#server/features/auth';
import { recordAudit } from '#server/features/audit';
import {
  findImport,
  importFigures,
  importIdTaken,
  insertImport,
  insertImportRows,
  latestImports,
  markImportUndone,
  rowsOfImport,
  setImportCounts,
} from './imports.repository';
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
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw badRequest(IMPORT_MESSAGES.mappingInvalid, [{ field: 'mapping', message: IMPORT_MESSAGES.mappingInvalid }]);
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

type SheetRow = { row: number; values: ImportRowValues } | { row: number; error: string };

interface ReadSheet {
  headers: string[];
  mapping: ImportMapping;
  sample: string[][];
  /** How many rows were read (every row under the header that is not empty). */
  rows: number;
}

/**
 * Reads the file through the mapping (given, or guessed from the headers), refusing what is no list
 * of leads, and hands each row read to `visit` in order: nothing of a row is kept here but the first
 * rows for the sample (bounded memory, decision 0037: a 50,000-row sheet is never held as rows).
 */
async function readSheet(
  file: SheetFile,
  given: ImportMapping | undefined,
  visit: (row: SheetRow) => void | Promise<void>,
  onRow?: (read: number) => void,
): Promise<ReadSheet> {
  const kind = sheetKind(file.bytes);
  if (!kind) throw badRequest(IMPORT_MESSAGES.notSpreadsheet, [{ field: 'file', message: IMPORT_MESSAGES.notSpreadsheet }]);
  let headers: string[] | null = null;
  let mapping: ImportMapping = {};
  let columns: ReturnType<typeof fieldColumns> = {};
  const sample: string[][] = [];
  let count = 0;
  const rows = readRows(file.bytes, kind);
  for (;;) {
    let next: IteratorResult<{ row: number; cells: Cell[] }>;
    try {
      next = await rows.next();
    } catch {
      // A zip that is no workbook, a broken CSV quote: not a spreadsheet we can read.
      throw badRequest(IMPORT_MESSAGES.notSpreadsheet, [{ field: 'file', message: IMPORT_MESSAGES.notSpreadsheet }]);
    }
    if (next.done) break;
    const { row, cells } = next.value;
    if (cells.every((c) => c === null)) continue;
    if (headers === null) {
      headers = cells.map((c, i) => cellText(c) || `Column ${i + 1}`);
      if (given) {
        const unknown = Object.keys(given).find((h) => !headers!.includes(h));
        if (unknown !== undefined)
          throw badRequest(IMPORT_MESSAGES.mappingUnknownColumn, [{ field: 'mapping', message: IMPORT_MESSAGES.mappingUnknownColumn }]);
      }
      mapping = given ?? guessMapping(headers);
      const fields = new Set(Object.values(mapping));
      if (!fields.has('email') && !fields.has('phone'))
        throw badRequest(IMPORT_MESSAGES.noContactColumn, [{ field: 'mapping', message: IMPORT_MESSAGES.noContactColumn }]);
      columns = fieldColumns(headers, mapping);
      continue;
    }
    if (count >= IMPORT_LIMITS.maxRows) throw badRequest(IMPORT_MESSAGES.tooManyRows, [{ field: 'file', message: IMPORT_MESSAGES.tooManyRows }]);
    if (sample.length < IMPORT_LIMITS.sampleRows) sample.push(headers.map((_, i) => cellText(cells[i] as Cell | undefined)));
    const read = readRow(row, cells, columns);
    count++;
    await visit('error' in read ? { row, error: read.error } : { row, values: read.values });
    if (onRow && count % 500 === 0) onRow(count);
  }
  if (headers === null || count === 0) throw badRequest(IMPORT_MESSAGES.empty, [{ field: 'file', message: IMPORT_MESSAGES.empty }]);
  return { headers, mapping, sample, rows: count };
}

const keysOf = (v: ImportRowValues) => [...(v.email ? [`emailKey:${v.email.trim().toLowerCase()}`] : []), ...(v.phone ? [`phoneKey:${v.phone}`] : [])];

/** Valid rows looked up together: their keys are asked of the database at once (knownLeadKeys), rows this many at a time. */
const LOOKUP = 250;

/**
 * Who is new, in the file's order: a row whose e-mail and phone nobody holds (in the database or
 * earlier in the file). Rows are taken in groups; each group's keys not yet known are looked up at once.
 */
function newPeople(
  db: Kysely<Database>,
  each: (row: { row: number; values: ImportRowValues }, isNew: boolean) => void | Promise<void>,
): { add(row: { row: number; values: ImportRowValues }): Promise<void>; end(): Promise<void> } {
  const known = new Set<string>();
  let group: Array<{ row: number; values: ImportRowValues }> = [];
  const settle = async () => {
    const rows = group;
    group = [];
    const emailKeys = new Set<string>();
    const phoneKeys = new Set<string>();
    for (const { values } of rows) {
      if (values.email) {
        const key = values.email.trim().toLowerCase();
        if (!known.has(`emailKey:${key}`)) emailKeys.add(key);
      }
      if (values.phone && !known.has(`phoneKey:${values.phone}`)) phoneKeys.add(values.phone);
    }
    for (const key of await knownLeadKeys(db, { emailKeys: [...emailKeys], phoneKeys: [...phoneKeys] })) known.add(key);
    for (const r of rows) {
      const keys = keysOf(r.values);
      const isNew = !keys.some((k) => known.has(k));
      for (const k of keys) known.add(k);
      await each(r, isNew);
    }
  };
  return {
    async add(row) {
      group.push(row);
      if (group.length >= LOOKUP) await settle();
    },
    async end() {
      if (group.length > 0) await settle();
    },
  };
}

interface Plan {
  sheet: ReadSheet;
  errors: ImportRowError[];
  skipped: number;
  /** Counted for the dry run only (the import counts as it writes). */
  willCreate: number;
  willUpdate: number;
}

/**
 * The dry run: the file read once, counting what it would create, add to and skip (no row is kept).
 * The import's first reading (`lookUp` false) only checks and counts the rows: who is new is asked of
 * the database in its second reading, in the transaction.
 */
async function plan(
  db: Kysely<Database>,
  file: SheetFile,
  mapping: ImportMapping | undefined,
  { lookUp, onRow }: { lookUp: boolean; onRow?: (read: number) => void },
): Promise<Plan> {
  const errors: ImportRowError[] = [];
  let skipped = 0;
  let willCreate = 0;
  let willUpdate = 0;
  const people = newPeople(db, (_, isNew) => {
    if (isNew) willCreate++;
    else willUpdate++;
  });
  const sheet = await readSheet(
    file,
    mapping,
    (r) => {
      if ('error' in r) {
        skipped++;
        if (errors.length < ERRORS_MAX) errors.push({ row: r.row, message: r.error });
        return;
      }
      if (lookUp) return people.add(r);
    },
    onRow,
  );
  if (lookUp) await people.end();
  return { sheet, errors, skipped, willCreate, willUpdate };
}

export async function previewImport(db: Kysely<Database>, file: SheetFile, mapping: ImportMapping | undefined): Promise<ImportPreview> {
  const p = await plan(db, file, mapping, { lookUp: true });
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
const BATCH = 250;
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
  const found = await importFigures(db, id);
  if (!found) throw notFound(IMPORT_MESSAGES.notFound);
  const total = Number(found.created) + Number(found.updated) + Number(found.skipped);
  return { status: 'done', processed: total, total };
}

/** A client-chosen import id (so it can follow the progress while its POST runs), checked. */
export async function checkImportId(db: Kysely<Database>, id: string | undefined): Promise<string> {
  if (id === undefined || id === '') return newId();
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(id)) throw badRequest(IMPORT_MESSAGES.importIdInvalid, [{ field: 'importId', message: IMPORT_MESSAGES.importIdInvalid }]);
  const taken = runningOn(db).has(id) || (await importIdTaken(db, id));
  if (taken) throw conflict(IMPORT_MESSAGES.importIdTaken);
  return id;
}

/**
 * Imports the file in one transaction: nothing is half-imported. Each new person is assigned as a
 * new lead is, with the first-contact times counted from now (not from an old received time); no
 * one imported is e-mailed (no lead.created event, no newsletter). People nobody knows yet (by
 * e-mail or phone, in the database or earlier in the file) are written in batches of multi-row
 * INSERTs; a row that adds to a known lead goes through the one intake (importLead), after the
 * batch before it, so the file's order holds. The progress is kept for GET /api/leads/imports/:id.
 */
export async function runImport(
  db: Kysely<Database>,
  file: SheetFile,
  mapping: ImportMapping | undefined,
  staff: StaffPrincipal,
  now: Date,
  importId: string = newId(),
): Promise<ImportResult> {
  setProgress(db, importId, { status: 'reading', processed: 0, total: null });
  try {
    const p = await plan(db, file, mapping, { lookUp: false, onRow: (read) => setProgress(db, importId, { status: 'reading', processed: read, total: null }) });
    const total = p.sheet.rows;
    setProgress(db, importId, { status: 'importing', processed: p.skipped, total });
    const fileName = file.fileName.slice(0, 200) || 'import';
    const result = await db.transaction().execute(async (trx) => {
      await insertImport(trx, {
        id: importId,
        fileName,
        byId: staff.sub,
        byName: staff.name,
        createdAt: now,
        created: 0,
        updated: 0,
        skipped: p.skipped,
        undoneAt: null,
      });
      let created = 0;
      let updated = 0;
      let processed = p.skipped;
      const fresh: Array<NewImportedLead & { row: number }> = [];
      const rows: Array<{ importId: string; row: number; leadId: string; created: boolean; filled: string | null; details: string | null }> = [];
      // Decision 0057: each assignee is told once, after the import, of all the leads it gave them.
      const toldOnce = new Map<string, { count: number; names: string[]; firstLeadId: string }>();
      const nameOf = new Map<string, string>();
      const given = (assigned: ReadonlyArray<{ leadId: string; staffId: string }>) => {
        for (const a of assigned) {
          let mine = toldOnce.get(a.staffId);
          if (!mine) toldOnce.set(a.staffId, (mine = { count: 0, names: [], firstLeadId: a.leadId }));
          mine.count++;
          if (mine.names.length < IMPORT_ASSIGNED_NAMES) mine.names.push(nameOf.get(a.leadId) ?? 'A lead');
        }
        nameOf.clear();
      };
      const flush = async () => {
        if (fresh.length > 0) {
          await importNewLeads(trx, fresh, { byId: staff.sub, byName: staff.name, at: now });
          for (const l of fresh) nameOf.set(l.id, l.name?.trim() || l.email?.trim() || (l.phone ? formatPhone(toE164(l.phone) ?? l.phone) : 'A lead'));
          given(
            await assignCreatedLeads(
              trx,
              fresh.map((l) => ({ id: l.id, email: l.email ?? '' })),
              now,
              { announce: false },
            ),
          );
          fresh.length = 0;
        }
        await insertImportRows(trx, rows);
        rows.length = 0;
        setProgress(db, importId, { status: 'importing', processed, total });
      };
      // The file is read a second time, in the transaction: its rows are written group by group as
      // they come (the first reading only counted them), so no more than a group is held at once.
      const people = newPeople(trx, async ({ row, values }, isNew) => {
        const details = detailsOf(values);
        const line = `Imported from ${fileName} (row ${row})`;
        // Decision 0057: the row's source, or the file's name.
        const source = values.source?.trim() ? values.source : fileName;
        if (isNew) {
          const id = newId();
          fresh.push({ id, row, email: values.email, name: values.name, phone: values.phone, receivedAt: values.receivedAt ?? now, line, details, source });
          rows.push({ importId, row, leadId: id, created: true, filled: null, details });
          created++;
        } else {
          await flush();
          const lead = await importLead(trx, {
            email: values.email,
            name: values.name,
            phone: values.phone,
            receivedAt: values.receivedAt ?? now,
            line,
            byId: staff.sub,
            byName: staff.name,
            at: now,
            details,
            source: { text: source, kind: 'import' },
          });
          if (lead.created) {
            created++;
            nameOf.set(lead.id, values.name?.trim() || values.email?.trim() || (values.phone ? formatPhone(toE164(values.phone) ?? values.phone) : 'A lead'));
            given(await assignCreatedLeads(trx, [{ id: lead.id, email: values.email ?? '' }], now, { announce: false }));
          } else updated++;
          rows.push({
            importId,
            row,
            leadId: lead.id,
            created: lead.created,
            filled: Object.keys(lead.filled).length > 0 ? JSON.stringify(lead.filled) : null,
            details,
          });
        }
        processed++;
        if (fresh.length >= BATCH || rows.length >= BATCH) await flush();
      });
      const again = await readSheet(file, mapping, (r) => ('error' in r ? undefined : people.add(r)));
      await people.end();
      if (again.rows !== total) throw new Error('The file read differently the second time.');
      await flush();
      await setImportCounts(trx, importId, { created, updated });
      await recordEvents(
        trx,
        [...toldOnce].map(([staffId, mine]) => ({
          type: 'leads.import_assigned' as const,
          email: '',
          subjectId: staffId,
          // An outbox row belongs to a person (erasure): the first lead the import gave them.
          leadId: mine.firstLeadId,
          payload: JSON.stringify({ importId, fileName, count: mine.count, names: mine.names } satisfies ImportAssignedPayload),
        })),
        now,
      );
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
  const rows = await latestImports(db);
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
    const found = await findImport(trx, id);
    if (!found) throw notFound(IMPORT_MESSAGES.notFound);
    if (found.undoneAt) throw conflict(IMPORT_MESSAGES.alreadyUndone);
    const since = new Date(toIso(found.createdAt));
    if (now.getTime() - since.getTime() > IMPORT_LIMITS.undoDays * DAY_MS) throw conflict(IMPORT_MESSAGES.undoExpired);
    const rows = await rowsOfImport(trx, id);
    let removed = 0;
    let restored = 0;
    const kept: ImportUndone['kept'] = [];
    for (const r of rows) {
      const outcome = await undoImportedLead(trx, {
        leadId: r.leadId,
        created: toBool(r.created),
        filled: r.filled ? (JSON.parse(r.filled) as Record<string, string>) : {},
        since,
        importerId: found.byId,
      });
      if (outcome === 'removed') removed++;
      else if (outcome === 'restored') restored++;
      else kept.push({ leadId: r.leadId, row: r.row, reason: outcome.kept });
    }
    if (!(await markImportUndone(trx, id, now))) throw conflict(IMPORT_MESSAGES.alreadyUndone);
    await recordAudit(trx, { actor: staff, kind: 'lead.import-undone', recordType: 'leadImports', recordId: id, fields: [] });
    return { message: IMPORT_MESSAGES.undone, removed, restored, kept };
  });
}

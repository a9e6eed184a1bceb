import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createStaff } from '#server/features/auth/auth.service';
import type { ImportList, ImportResult } from '#shared/imports/imports.contract';
import { IMPORTS_API } from '#shared/imports/imports.api';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { saveSettings } from '../factories/settings';

/** Rows in the big file; the database refuses the lead of row FAIL_AT (a data row's number, the header not counted). */
const ROWS = 3000;
const FAIL_AT = 1500;
/** Every KNOWN_EVERY-th row names a lead the database already holds (it gets the row's phone): updates between the batches of new people. */
const KNOWN_EVERY = 100;
const KNOWN = 20;

const knownEmail = (i: number) => `known.${i}@example.in`;
const bulkEmail = (i: number) => `bulk.${i}@example.in`;
const phoneOf = (i: number) => `98${String(40_000_000 + i).padStart(8, '0')}`;

/** Which known lead data row `i` names (rows 1, 101, 201, …), or 0: a new person. */
const knownAt = (i: number) => ((i - 1) % KNOWN_EVERY === 0 && (i - 1) / KNOWN_EVERY < KNOWN ? (i - 1) / KNOWN_EVERY + 1 : 0);

/** The big file: mostly new people, a known lead every 100 rows (until the known ones run out). */
function bigSheet(): Buffer {
  const lines = ['Name,Email,Mobile,City'];
  for (let i = 1; i <= ROWS; i++) {
    const known = knownAt(i);
    lines.push(known ? `Known ${known},${knownEmail(known)},${phoneOf(i)},Pune` : `Bulk ${i},${bulkEmail(i)},${phoneOf(i)},Nashik`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/**
 * Every row of every table (by table, as sorted JSON lines): what the database holds, whole. A rolled
 * back import must leave this unchanged, whichever table it would have written (leads, events, import
 * rows, assignments and the turn, the outbox, the audit log, search indexes).
 */
async function everything(ctx: TestContext): Promise<Record<string, string[]>> {
  const tables = (await ctx.database.db.introspection.getTables()).map((t) => t.name).sort();
  const out: Record<string, string[]> = {};
  for (const name of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(ctx.database.db);
    out[name] = rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).sort();
  }
  return out;
}

/** A trigger made here, from outside the code: the database refuses to insert the lead of row FAIL_AT. */
async function failOnRow(ctx: TestContext): Promise<() => Promise<void>> {
  const db = ctx.database.db;
  const email = bulkEmail(FAIL_AT);
  if (ctx.dialect === 'sqlite') {
    await sql
      .raw(`create trigger forced_import_failure before insert on leads when new.email_key = '${email}' begin select raise(abort, 'forced'); end`)
      .execute(db);
    return async () => {
      await sql.raw('drop trigger forced_import_failure').execute(db);
    };
  }
  await sql
    .raw(
      `create function forced_import_failure() returns trigger language plpgsql as $$ begin if new.email_key = '${email}' then raise exception 'forced'; end if; return new; end $$`,
    )
    .execute(db);
  await sql.raw('create trigger forced_import_failure before insert on leads for each row execute function forced_import_failure()').execute(db);
  return async () => {
    await sql.raw('drop trigger forced_import_failure on leads').execute(db);
    await sql.raw('drop function forced_import_failure()').execute(db);
  };
}

// The import runs in one transaction (imports.service.ts, runImport): a write that fails part-way leaves nothing of it.
describeEachDatabase('an import the database fails part-way', (ctx) => {
  async function importFile(bytes: Buffer, filename: string, importId?: string) {
    const body = await multipart({ dryRun: 'false', importId }, { bytes, filename, type: 'text/csv' });
    return ctx.asStaff({ method: 'POST', url: IMPORTS_API.imports, payload: body.payload, headers: body.headers });
  }

  it(
    `fails at row ${FAIL_AT} of ${ROWS}: a sentence, nothing of the import kept (no lead, field, event, import row, assignment or turn); the same file again imports whole`,
    { timeout: 240_000 },
    async () => {
      // Round-robin between two people, so every new lead takes a turn.
      await saveSettings(ctx.asStaff, { assignment: { mode: 'round-robin', rules: [] } });
      await createStaff(ctx.database.db, { email: 'ira@abode.test', name: 'Ira', password: 'correct horse battery', role: 'staff' });

      // Leads the studio already has (no phone yet), from an earlier import: turns taken, an import listed.
      const earlier = Array.from({ length: KNOWN }, (_, i) => `Known ${i + 1},${knownEmail(i + 1)}`).join('\n');
      const first = await importFile(Buffer.from(`Name,Email\n${earlier}\n`), 'earlier.csv');
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json<ImportResult>()).toMatchObject({ created: KNOWN, updated: 0 });

      expect(knownAt(FAIL_AT)).toBe(0);
      const bytes = bigSheet();
      const before = await everything(ctx);
      expect(before.leads).toHaveLength(KNOWN);
      const listedBefore = (await ctx.asStaff({ method: 'GET', url: IMPORTS_API.imports })).json<ImportList>();

      const dropTrigger = await failOnRow(ctx);
      let failed;
      try {
        failed = await importFile(bytes, 'portal-export.csv', 'failed-import-0001');
      } finally {
        await dropTrigger();
      }
      // A clear answer: a sentence, no stack, no SQL, nothing of the database's own message.
      expect(failed.statusCode, failed.body).toBe(500);
      const answer = failed.json<{ message: string; code: string; key: string }>();
      expect(answer).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL', key: 'msg.server.internal' });
      expect(failed.body).not.toMatch(/forced|insert|leads|trigger|sqlite|\bat .*\(|\.ts:/i);

      // Nothing of it is there: every table holds what it held before, row for row.
      const after = await everything(ctx);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
      // Nor is it listed (so nothing to undo), nor answered as done.
      expect((await ctx.asStaff({ method: 'GET', url: IMPORTS_API.imports })).json<ImportList>()).toEqual(listedBefore);
      const progress = await ctx.asStaff({ method: 'GET', url: IMPORTS_API.one('failed-import-0001') });
      expect(progress.json()).toEqual({ status: 'failed', processed: 0, total: null });

      // The same file again, the database willing: all of it.
      const again = await importFile(bytes, 'portal-export.csv');
      expect(again.statusCode, again.body).toBe(201);
      const result = again.json<ImportResult>();
      expect(result).toMatchObject({ created: ROWS - KNOWN, updated: KNOWN, skipped: 0, errors: [] });
      const db = ctx.database.db;
      const count = async (table: 'leads' | 'leadImportRows', where?: [string, string]) => {
        let q = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
        if (where) q = q.where(sql.ref(where[0]), '=', where[1]);
        return Number((await q.executeTakeFirstOrThrow()).n);
      };
      expect(await count('leads')).toBe(ROWS);
      expect(await count('leadImportRows', ['importId', result.importId])).toBe(ROWS);
      const failedRow = await db.selectFrom('leads').select(['name', 'phone']).where('emailKey', '=', bulkEmail(FAIL_AT)).executeTakeFirstOrThrow();
      expect(failedRow).toEqual({ name: `Bulk ${FAIL_AT}`, phone: `+91${phoneOf(FAIL_AT)}` });
      const known = await db.selectFrom('leads').select(['phone']).where('emailKey', '=', knownEmail(KNOWN)).executeTakeFirstOrThrow();
      expect(known.phone).toBe(`+91${phoneOf((KNOWN - 1) * KNOWN_EVERY + 1)}`);
      const assigned = await db.selectFrom('leads').select('id').where('assigneeId', 'is', null).execute();
      expect(assigned).toEqual([]);
      const notes = await db
        .selectFrom('leadEvents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('type', '=', 'note')
        .where('text', 'like', 'Imported from portal-export.csv%')
        .executeTakeFirstOrThrow();
      expect(Number(notes.n)).toBe(ROWS);
      const listed = (await ctx.asStaff({ method: 'GET', url: IMPORTS_API.imports })).json<ImportList>();
      expect(listed.items[0]).toMatchObject({ _id: result.importId, fileName: 'portal-export.csv', created: ROWS - KNOWN, updated: KNOWN, undoneAt: null });
      expect((await ctx.asStaff({ method: 'GET', url: IMPORTS_API.one(result.importId) })).json()).toEqual({ status: 'done', processed: ROWS, total: ROWS });
    },
  );
});

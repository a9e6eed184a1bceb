import ExcelJS from 'exceljs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { upsertLead } from '#server/features/leads/leads.repository';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportList, type ImportPreview, type ImportResult, type ImportUndone } from '#shared/imports/imports.contract';
import { IMPORTS_API } from '#shared/imports/imports.api';
import { LEADS_API } from '#shared/leads/leads.api';
import { describeEachDatabase } from '../helpers/app';
import { multipart } from '../helpers/multipart';

const DAY_MS = 86_400_000;

/** A sheet as a portal exports it: Hindi names, phones in five spellings, serial and DD-MM-YYYY dates, lakh/crore budgets, broken rows. */
async function portalWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Leads');
  sheet.addRow(['Lead ID', 'Customer Name', 'Mobile No.', 'Email ID', 'City', 'Project Name', 'Budget', 'Source', 'Enquiry Date', 'Remarks']);
  sheet.addRow(['L-1', 'राहुल शर्मा', '+91 98450 11111', 'rahul@example.in', 'Pune', 'Skyline Towers', '45 Lakh', '99acres', 46091, 'Wants 2 BHK']); // row 2
  sheet.addRow(['L-2', 'प्रिया वर्मा', '098450 22222', 'Priya@Example.in', 'Mumbai', 'Sea View', '1.2 Cr', 'MagicBricks', '15-03-2026', null]); // row 3
  sheet.addRow(['L-3', 'Amit Kulkarni', 9845033333, 'amit@example.in', 'Pune', null, '₹ 85,00,000', '99acres', '16/03/2026 14:30', null]); // row 4
  sheet.addRow(['L-4', 'सुनीता', '91-98450-44444', null, 'Nashik', null, '50 L', 'Housing', '17-03-2026', null]); // row 5: phone only
  sheet.addRow(['L-5', 'Known Person', '(+91) 98450 55555', 'known@example.in', null, null, null, 'Walk-in', '18-03-2026', null]); // row 6: known lead
  sheet.addRow(['L-6', 'Nobody', null, null, 'Pune', null, null, null, null, null]); // row 7
  sheet.addRow(['L-7', 'Bad Phone', '12345', 'badphone@example.in', null, null, null, null, null, null]); // row 8
  sheet.addRow(['L-8', 'Bad Date', '9845077777', 'baddate@example.in', null, null, null, null, '31-02-2026', null]); // row 9
  sheet.addRow(['L-9', 'Bad Budget', '9845088888', 'badbudget@example.in', null, null, 'lots', null, null, null]); // row 10
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function utf16(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}

describeEachDatabase('lead imports', (ctx) => {
  /** A second app on the same database whose clock the test sets (undo is counted on it). */
  let clocked: FastifyInstance;
  let now = new Date();
  beforeAll(async () => {
    clocked = await buildApp(ctx.config, { database: ctx.database, logger: false, clock: () => now });
    await clocked.ready();
  });
  afterAll(async () => {
    await clocked?.close();
  });
  const atClock = async (options: InjectOptions) =>
    clocked.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${await ctx.staffToken()}` } });

  async function send(bytes: Buffer, filename: string, fields: Record<string, string> = {}) {
    const body = await multipart({ dryRun: 'true', ...fields }, { bytes, filename, type: 'application/octet-stream' });
    return atClock({ method: 'POST', url: IMPORTS_API.imports, payload: body.payload, headers: body.headers });
  }

  it('previews a portal sheet (mapping guessed from its headers, figures and each skipped row with its reason), imports it, and undoes it within 7 days keeping what staff touched', async () => {
    await upsertLead(ctx.database.db, {
      id: 'known-lead-0001',
      emailKey: 'known@example.in',
      email: 'known@example.in',
      name: 'Known',
      phone: null,
      source: 'contact',
      campaignId: null,
      at: new Date(Date.now() - 30 * DAY_MS),
    });
    const bytes = await portalWorkbook();

    const preview = await send(bytes, 'portal-leads.xlsx');
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json<ImportPreview>();
    expect(p.columns).toEqual([
      { header: 'Lead ID', field: 'externalId' },
      { header: 'Customer Name', field: 'name' },
      { header: 'Mobile No.', field: 'phone' },
      { header: 'Email ID', field: 'email' },
      { header: 'City', field: 'locality' },
      { header: 'Project Name', field: 'project' },
      { header: 'Budget', field: 'budget' },
      { header: 'Source', field: 'source' },
      { header: 'Enquiry Date', field: 'receivedAt' },
      { header: 'Remarks', field: 'message' },
    ]);
    expect(p.sample).toHaveLength(5);
    expect(p.sample[0]!.slice(0, 4)).toEqual(['L-1', 'राहुल शर्मा', '+91 98450 11111', 'rahul@example.in']);
    expect({ willCreate: p.willCreate, willUpdate: p.willUpdate, skipped: p.skipped }).toEqual({ willCreate: 4, willUpdate: 1, skipped: 4 });
    expect(p.errors).toEqual([
      { row: 7, message: 'row 7: no e-mail or phone' },
      { row: 8, message: 'row 8: phone 12345 is not a number' },
      { row: 9, message: 'row 9: date 31-02-2026 is not DD-MM-YYYY, DD/MM/YYYY or an Excel date' },
      { row: 10, message: 'row 10: budget lots is not an amount' },
    ]);
    // A dry run writes nothing.
    expect(await ctx.database.db.selectFrom('leads').select('id').where('emailKey', '=', 'rahul@example.in').executeTakeFirst()).toBeUndefined();

    // Staff change the mapping: the remarks are not imported.
    const mapping = Object.fromEntries(p.columns.filter((c) => c.header !== 'Remarks').map((c) => [c.header, c.field]));
    const remapped = (await send(bytes, 'portal-leads.xlsx', { mapping: JSON.stringify(mapping) })).json<ImportPreview>();
    expect(remapped.columns.at(-1)).toEqual({ header: 'Remarks', field: null });

    const importedAt = now;
    const run = await send(bytes, 'portal-leads.xlsx', { dryRun: 'false' });
    expect(run.statusCode, run.body).toBe(201);
    const result = run.json<ImportResult>();
    expect(result).toMatchObject({ created: 4, updated: 1, skipped: 4 });
    expect(result.errors.map((e) => e.row)).toEqual([7, 8, 9, 10]);

    const lead = (email: string) => ctx.database.db.selectFrom('leads').selectAll().where('emailKey', '=', email).executeTakeFirstOrThrow();
    const rahul = await lead('rahul@example.in');
    expect(rahul).toMatchObject({ name: 'राहुल शर्मा', phone: '+919845011111', status: 'new' });
    // Excel serial 46091 is 10 March 2026, midnight in India.
    expect(new Date(rahul.createdAt).toISOString()).toBe('2026-03-09T18:30:00.000Z');
    const priya = await lead('priya@example.in');
    expect(priya).toMatchObject({ name: 'प्रिया वर्मा', phone: '+919845022222', email: 'Priya@Example.in' });
    expect(new Date(priya.createdAt).toISOString()).toBe('2026-03-14T18:30:00.000Z');
    const amit = await lead('amit@example.in');
    expect(amit).toMatchObject({ name: 'Amit Kulkarni', phone: '+919845033333' });
    expect(new Date(amit.createdAt).toISOString()).toBe('2026-03-16T09:00:00.000Z');
    const known = await lead('known@example.in');
    expect(known).toMatchObject({ name: 'Known', phone: '+919845055555' });
    // Reminders count from the import, not from the old received time.
    expect(new Date(rahul.firstContactDueAt!).getTime()).toBeGreaterThan(importedAt.getTime());
    // Row 5 has a phone only: a phone lead.
    const sunita = await ctx.database.db.selectFrom('leads').selectAll().where('phoneKey', '=', '+919845044444').executeTakeFirstOrThrow();
    expect(sunita).toMatchObject({ name: 'सुनीता', email: null, phone: '+919845044444' });
    expect(new Date(sunita.createdAt).toISOString()).toBe('2026-03-16T18:30:00.000Z');
    // The known lead keeps its own time; every lead of the file, and only those, is the import's.
    expect(new Date(known.createdAt).getTime()).toBeLessThan(importedAt.getTime() - 29 * DAY_MS);
    const importRows = await ctx.database.db
      .selectFrom('leadImportRows')
      .select(['row', 'leadId', 'created'])
      .where('importId', '=', result.importId)
      .orderBy('row')
      .execute();
    expect(importRows.map((r) => [r.row, r.leadId, Boolean(r.created)])).toEqual([
      [2, rahul.id, true],
      [3, priya.id, true],
      [4, amit.id, true],
      [5, sunita.id, true],
      [6, known.id, false],
    ]);
    for (const l of [rahul, priya, amit, sunita]) {
      expect(l).toMatchObject({ status: 'new', lastCampaignId: null });
      // Nobody imported gets the newsletter.
      expect(Boolean(l.hasNewsletter)).toBe(false);
      expect(new Date(l.firstContactDueAt!).getTime()).toBeGreaterThan(importedAt.getTime());
    }
    for (const email of ['badphone@example.in', 'baddate@example.in', 'badbudget@example.in']) {
      expect(await ctx.database.db.selectFrom('leads').select('id').where('emailKey', '=', email).executeTakeFirst()).toBeUndefined();
    }
    const notes = await ctx.database.db.selectFrom('leadEvents').select(['text']).where('leadId', '=', rahul.id).where('type', '=', 'note').execute();
    expect(notes.map((n) => n.text)).toEqual([
      'Imported from portal-leads.xlsx (row 2)\nProject: Skyline Towers\nLocality: Pune\nBudget: ₹45,00,000\nSource: 99acres\nExternal id: L-1\nMessage: Wants 2 BHK',
    ]);
    const priyaNotes = await ctx.database.db.selectFrom('leadEvents').select(['text']).where('leadId', '=', priya.id).where('type', '=', 'note').execute();
    expect(priyaNotes[0]!.text).toContain('Budget: ₹1,20,00,000');
    // Nobody imported is e-mailed: no lead.created event.
    const created = await ctx.database.db
      .selectFrom('notificationEvents')
      .select('id')
      .where('leadId', 'in', [rahul.id, priya.id, amit.id])
      .where('type', '=', 'lead.created')
      .execute();
    expect(created).toEqual([]);
    const audit = await ctx.database.db.selectFrom('auditLog').selectAll().where('kind', '=', 'lead.imported').execute();
    expect(audit).toHaveLength(1);

    const listed = (await atClock({ method: 'GET', url: IMPORTS_API.imports })).json<ImportList>();
    expect(listed.items[0]).toMatchObject({ _id: result.importId, fileName: 'portal-leads.xlsx', created: 4, updated: 1, skipped: 4, undoneAt: null });

    // Staff work on Priya's lead after the import: the undo keeps it and says so.
    now = new Date(importedAt.getTime() + DAY_MS);
    const note = await ctx.asStaff({ method: 'POST', url: LEADS_API.notes(priya.id), payload: { text: 'Called her back.' } });
    expect(note.statusCode, note.body).toBe(201);

    const undo = await atClock({ method: 'DELETE', url: IMPORTS_API.one(result.importId) });
    expect(undo.statusCode, undo.body).toBe(200);
    const undone = undo.json<ImportUndone>();
    expect(undone).toEqual({
      message: IMPORT_MESSAGES.undone,
      removed: 3,
      restored: 1,
      kept: [{ leadId: priya.id, row: 3, reason: 'Staff added a note since the import.' }],
    });
    expect(await ctx.database.db.selectFrom('leads').select('id').where('id', 'in', [rahul.id, amit.id, sunita.id]).execute()).toEqual([]);
    expect(await lead('priya@example.in')).toMatchObject({ id: priya.id });
    expect(await lead('known@example.in')).toMatchObject({ name: 'Known', phone: null, phoneKey: null });
    const knownNotes = await ctx.database.db.selectFrom('leadEvents').select('text').where('leadId', '=', known.id).execute();
    expect(knownNotes.filter((n) => n.text?.startsWith('Imported from'))).toEqual([]);
    expect((await atClock({ method: 'DELETE', url: IMPORTS_API.one(result.importId) })).json()).toMatchObject({ message: IMPORT_MESSAGES.alreadyUndone });
  });

  it('answers the progress of an import under the id its caller chose, and adds a person who comes twice in the file to the lead of the first row', async () => {
    now = new Date();
    const csv = Buffer.from(
      'Name,Email,Mobile,Date\nTwice Person,twice@example.in,,05-04-2026\n,,+91 98450 70707,06-04-2026\nTwice Again,TWICE@example.in,98450 70707,07-04-2026\nOther,other@example.in,,\n',
    );
    const importId = 'import-progress-0001';
    const before = await atClock({ method: 'GET', url: IMPORTS_API.one(importId) });
    expect(before.statusCode).toBe(404);
    const run = await send(csv, 'twice.csv', { dryRun: 'false', importId });
    expect(run.statusCode, run.body).toBe(201);
    expect(run.json<ImportResult>()).toMatchObject({ importId, created: 3, updated: 1, skipped: 0 });
    const progress = await atClock({ method: 'GET', url: IMPORTS_API.one(importId) });
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json()).toEqual({ status: 'done', processed: 4, total: 4 });
    const twice = await ctx.database.db.selectFrom('leads').selectAll().where('emailKey', '=', 'twice@example.in').executeTakeFirstOrThrow();
    // Row 4 names the first row's e-mail and the second row's phone: it joins the e-mail's lead, both are possible duplicates.
    // The phone is written on it (an empty field), its key stays with the phone's own lead.
    expect(twice).toMatchObject({ name: 'Twice Person', phone: '+919845070707', phoneKey: null });
    expect(new Date(twice.createdAt).toISOString()).toBe('2026-04-04T18:30:00.000Z');
    const phoneLead = await ctx.database.db.selectFrom('leads').selectAll().where('phoneKey', '=', '+919845070707').executeTakeFirstOrThrow();
    expect(phoneLead).toMatchObject({ email: null, name: null });
    const duplicates = await ctx.database.db
      .selectFrom('leadDuplicates')
      .select(['leadId', 'otherId'])
      .where('leadId', 'in', [twice.id, phoneLead.id])
      .orderBy('leadId')
      .execute();
    expect(duplicates).toHaveLength(2);
    // The same id again is refused; a malformed one too.
    expect((await send(csv, 'twice.csv', { dryRun: 'false', importId })).statusCode).toBe(409);
    const bad = await send(csv, 'twice.csv', { dryRun: 'false', importId: 'no spaces!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: IMPORT_MESSAGES.importIdInvalid });
  });

  it('refuses to undo an import after 7 days', async () => {
    now = new Date();
    const csv = Buffer.from('Name,Email\nLate Lead,late@example.in\n');
    const run = await send(csv, 'late.csv', { dryRun: 'false' });
    expect(run.statusCode, run.body).toBe(201);
    const { importId } = run.json<ImportResult>();
    now = new Date(now.getTime() + 7 * DAY_MS + 60_000);
    const undo = await atClock({ method: 'DELETE', url: IMPORTS_API.one(importId) });
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toMatchObject({ message: IMPORT_MESSAGES.undoExpired });
    expect(await ctx.database.db.selectFrom('leads').select('id').where('emailKey', '=', 'late@example.in').executeTakeFirst()).toBeDefined();
  });

  it('reads a UTF-16 CSV with semicolons (Hindi names, a DD/MM/YYYY date)', async () => {
    now = new Date();
    const csv = utf16(
      'नाम;E-mail;Mobile;Date received\r\n"रवि; कुमार";ravi@example.in;+91 98450 66666;01/04/2026\r\nसीमा;seema@example.in;98450 99999;02-04-2026\r\n',
    );
    const res = await send(csv, 'hindi.csv');
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<ImportPreview>();
    expect(p.columns).toEqual([
      { header: 'नाम', field: null },
      { header: 'E-mail', field: 'email' },
      { header: 'Mobile', field: 'phone' },
      { header: 'Date received', field: 'receivedAt' },
    ]);
    expect(p.sample[0]).toEqual(['रवि; कुमार', 'ravi@example.in', '+91 98450 66666', '01/04/2026']);
    expect({ willCreate: p.willCreate, willUpdate: p.willUpdate, skipped: p.skipped, errors: p.errors }).toEqual({
      willCreate: 2,
      willUpdate: 0,
      skipped: 0,
      errors: [],
    });
    const run = await send(csv, 'hindi.csv', {
      dryRun: 'false',
      mapping: JSON.stringify({ नाम: 'name', 'E-mail': 'email', Mobile: 'phone', 'Date received': 'receivedAt' }),
    });
    expect(run.statusCode, run.body).toBe(201);
    const ravi = await ctx.database.db.selectFrom('leads').selectAll().where('emailKey', '=', 'ravi@example.in').executeTakeFirstOrThrow();
    expect(ravi).toMatchObject({ name: 'रवि; कुमार', phone: '+919845066666' });
    expect(new Date(ravi.createdAt).toISOString()).toBe('2026-03-31T18:30:00.000Z');
  });

  it('refuses a file that is not a spreadsheet, an empty one, one with no e-mail or phone column, and one over 50,000 rows: nothing written', async () => {
    const expectRefused = async (bytes: Buffer, filename: string, message: string, fields: Record<string, string> = {}) => {
      const res = await send(bytes, filename, { dryRun: 'false', ...fields });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message });
    };
    const before = await ctx.database.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expectRefused(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
      'leads.xlsx',
      IMPORT_MESSAGES.notSpreadsheet,
    );
    await expectRefused(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]), 'broken.xlsx', IMPORT_MESSAGES.notSpreadsheet);
    await expectRefused(Buffer.from('Name,Email\n'), 'empty.csv', IMPORT_MESSAGES.empty);
    await expectRefused(Buffer.from('Name,City\nAsha,Pune\n'), 'no-contact.csv', IMPORT_MESSAGES.noContactColumn);
    await expectRefused(Buffer.from('Name,Email\nAsha,asha@example.in\n'), 'x.csv', IMPORT_MESSAGES.mappingInvalid, { mapping: '{"Email":"fax"}' });
    await expectRefused(Buffer.from('Name,Email\nAsha,asha@example.in\n'), 'x.csv', IMPORT_MESSAGES.mappingUnknownColumn, { mapping: '{"Mail":"email"}' });
    const rows = Array.from({ length: 50_001 }, (_, i) => `Lead ${i},lead${i}@many.example.in`).join('\n');
    await expectRefused(Buffer.from(`Name,Email\n${rows}\n`), 'many.csv', IMPORT_MESSAGES.tooManyRows);
    const after = await ctx.database.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it(`refuses a file over ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB: 413 with a sentence (under 50,000 rows, so the size is why), a dry run too: nothing written`, async () => {
    const remark = 'x'.repeat(240);
    const lines = ['Name,Email,Remarks'];
    for (let i = 0, size = lines[0]!.length; size <= IMPORT_LIMITS.maxBytes; i++) {
      const line = `Big ${i},big${i}@large.example.in,${remark}`;
      lines.push(line);
      size += line.length + 1;
    }
    expect(lines.length - 1).toBeLessThan(IMPORT_LIMITS.maxRows);
    const bytes = Buffer.from(`${lines.join('\n')}\n`);
    expect(bytes.length).toBeGreaterThan(IMPORT_LIMITS.maxBytes);
    for (const dryRun of ['true', 'false']) {
      const res = await send(bytes, 'large.csv', { dryRun });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(413);
      expect(res.json()).toMatchObject({ message: IMPORT_MESSAGES.tooLarge });
    }
    // Just under the limit it is read (the first rows shown).
    const fits = Buffer.from(`${lines.slice(0, 1000).join('\n')}\n`);
    const preview = await send(fits, 'fits.csv');
    expect(preview.statusCode, preview.body.slice(0, 300)).toBe(200);
    expect(preview.json<ImportPreview>()).toMatchObject({ willCreate: 999, skipped: 0 });
    expect(await ctx.database.db.selectFrom('leads').select('id').where('emailKey', 'like', '%@large.example.in').execute()).toEqual([]);
  });
});

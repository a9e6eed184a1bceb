import { sql, type Kysely } from 'kysely';
import { timestampType } from './types';

const key = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200).trim().toLowerCase();
const name = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200).trim();

/**
 * Imported and API leads attributed to their source (decision 0057):
 * - `leads.source_key` (the source's name lower-cased, spaces trimmed) and `leads.source_kind`
 *   (`import` | `api`), set when an import or a call creates the lead; null for every other lead.
 * - `lead_sources`: each key with the name as first written (the funnel's and the inbox's label).
 * - `leads_source_funnel`: the funnel's source rows read from this partial index alone;
 *   `leads_funnel` gains `source_key` (its channel rows leave source leads out) and stays covering.
 * Leads created before are attributed from what was kept: the call's `source` (inbound_leads), the
 * row's "Source:" (lead_import_rows.details) or else the file's name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('source_key', 'text').execute();
  await db.schema.alterTable('leads').addColumn('source_kind', 'text').execute();
  await db.schema
    .createTable('lead_sources')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();

  const found = new Map<string, string>();
  const now = new Date().toISOString();
  const setSource = async (ids: string[], text: string, kind: 'import' | 'api') => {
    const k = key(text);
    if (!k) return;
    if (!found.has(k)) found.set(k, name(text));
    for (let i = 0; i < ids.length; i += 500) {
      await db
        .updateTable('leads')
        .set({ source_key: k, source_kind: kind })
        .where('id', 'in', ids.slice(i, i + 500))
        .where('source_key', 'is', null)
        .execute();
    }
  };
  const api = await sql<{ leadId: string; source: string }>`select lead_id as "leadId", source from inbound_leads where created = 1`.execute(db);
  const bySource = new Map<string, string[]>();
  for (const r of api.rows) bySource.set(r.source, [...(bySource.get(r.source) ?? []), r.leadId]);
  for (const [text, ids] of bySource) await setSource(ids, text, 'api');
  const imported = await sql<{ leadId: string; details: string | null; fileName: string }>`
    select r.lead_id as "leadId", r.details, i.file_name as "fileName"
    from lead_import_rows r join lead_imports i on i.id = r.import_id
    where r.created = ${sql.lit(true)} and i.undone_at is null`.execute(db);
  const byText = new Map<string, string[]>();
  for (const r of imported.rows) {
    let text = r.fileName;
    const line = r.details ? /^Source: (.+)$/m.exec(r.details) : null;
    if (line && key(line[1]!)) text = line[1]!;
    byText.set(text, [...(byText.get(text) ?? []), r.leadId]);
  }
  for (const [text, ids] of byText) await setSource(ids, text, 'import');
  for (const [k, n] of found) await db.insertInto('lead_sources').values({ key: k, name: n, created_at: now }).execute();

  await sql`
    create index leads_source_funnel on leads
      (source_key, created_at, merged_into_id, email_key, source_kind, status, first_contacted_at, survey_completed, visit_booked, visit_done, id)
    where source_key is not null`.execute(db);
  await db.schema.dropIndex('leads_funnel').execute();
  await db.schema
    .createIndex('leads_funnel')
    .on('leads')
    .columns([
      'first_channel_id',
      'created_at',
      'has_survey',
      'status',
      'first_contacted_at',
      'survey_completed',
      'visit_booked',
      'visit_done',
      'source_key',
      'id',
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_funnel').execute();
  await db.schema
    .createIndex('leads_funnel')
    .on('leads')
    .columns(['first_channel_id', 'created_at', 'has_survey', 'status', 'first_contacted_at', 'survey_completed', 'visit_booked', 'visit_done', 'id'])
    .execute();
  await db.schema.dropIndex('leads_source_funnel').execute();
  await db.schema.dropTable('lead_sources').execute();
  await db.schema.alterTable('leads').dropColumn('source_kind').execute();
  await db.schema.alterTable('leads').dropColumn('source_key').execute();
}

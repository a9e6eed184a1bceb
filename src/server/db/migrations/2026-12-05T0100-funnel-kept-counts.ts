import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * The funnel's counts kept as the leads are written (decision 0063), by triggers on `leads` and
 * `lead_campaigns`, so every write that moves a lead through a step (an e-mail, a completed
 * response, a first contact, a status, a visit, a merge or an unmerge, an erasure, an import and its
 * undo, retention, a campaign deleted) moves them in its own statement, whichever code made it:
 *
 * - `funnel_step_counts (campaign_id, row_key, day, leads, emails, completed, contacted, visit_booked,
 *   visit_done, won, imported, by_api)`: per campaign ('' for all leads), funnel row ('c' + first
 *   channel id, 'c' alone for no channel, 's' + source key) and UTC day of the lead's creation.
 * - `funnel_contact_minutes (campaign_id, row_key, grain, period, bucket, n)`: how many leads of the
 *   row have their first-contact minutes in each bucket, per UTC day (grain 'd'), UTC month ('m')
 *   and all time ('*'). Buckets are 1 minute wide below 1,024, 16 below 16,384, 256 below 262,144, then
 *   4,096: powers of two, so `floor(m / w) * w` is exact and equal to the index range `[b, b + w)`.
 * - `leads_contact_minutes`: the minutes themselves as an index (the exact values of one bucket).
 *
 * The expressions are the funnel's own (funnel-counts.ts): julianday difference × 1440 on SQLite,
 * epoch seconds / 60 as double precision on PostgreSQL. Filled here from the rows.
 */

type Dialect = 'sqlite' | 'postgres';

/** SQL of one lead row `r` (NEW, OLD or a table alias) in the dialect. */
export function funnelExpressions(dialect: Dialect, r: string) {
  const truth = (condition: string) => `(case when ${condition} then 1 else 0 end)`;
  const flag = (column: string) => (dialect === 'sqlite' ? `${r}.${column} = 1` : `${r}.${column}`);
  const minutes =
    dialect === 'sqlite'
      ? `((julianday(${r}.first_contacted_at) - julianday(${r}.created_at)) * 1440.0)`
      : `((extract(epoch from (${r}.first_contacted_at - ${r}.created_at)) / 60.0)::float8)`;
  const bucket = `(case when ${minutes} < 1024 then floor(${minutes}) when ${minutes} < 16384 then floor(${minutes} / 16) * 16 when ${minutes} < 262144 then floor(${minutes} / 256) * 256 else floor(${minutes} / 4096) * 4096 end)`;
  return {
    /** A lead of a channel row (or none): a survey lead not imported nor by the API. */
    channel: `(${flag('has_survey')} and ${r}.source_key is null)`,
    /** A lead of a source row: imported or by the API, not merged into another. */
    source: `(${r}.source_key is not null and ${r}.merged_into_id is null)`,
    rowKey: `(case when ${r}.source_key is null then 'c' || coalesce(${r}.first_channel_id, '') else 's' || ${r}.source_key end)`,
    day: dialect === 'sqlite' ? `substr(${r}.created_at, 1, 10)` : `to_char(${r}.created_at at time zone 'UTC', 'YYYY-MM-DD')`,
    month: dialect === 'sqlite' ? `substr(${r}.created_at, 1, 7)` : `to_char(${r}.created_at at time zone 'UTC', 'YYYY-MM')`,
    emails: `(case when ${r}.source_key is null then 1 else ${truth(`${r}.email_key is not null`)} end)`,
    completed: truth(flag('survey_completed')),
    contacted: truth(`${r}.first_contacted_at is not null or ${r}.status <> 'new'`),
    visitBooked: truth(flag('visit_booked')),
    visitDone: truth(flag('visit_done')),
    won: truth(`${r}.status = 'won'`),
    imported: truth(`${r}.source_kind = 'import'`),
    byApi: truth(`${r}.source_kind = 'api'`),
    minutes,
    bucket,
    truth,
    flag,
  };
}

const COUNT_COLUMNS = ['leads', 'emails', 'completed', 'contacted', 'visit_booked', 'visit_done', 'won', 'imported', 'by_api'] as const;

const countsUpsert = (select: string) => `
  insert into funnel_step_counts (campaign_id, row_key, day, ${COUNT_COLUMNS.join(', ')})
  select * from (${select}) as x where true
  on conflict (campaign_id, row_key, day) do update set
  ${COUNT_COLUMNS.map((c) => `${c} = funnel_step_counts.${c} + excluded.${c}`).join(', ')}`;

const minutesUpsert = (select: string) => `
  insert into funnel_contact_minutes (campaign_id, row_key, grain, period, bucket, n)
  select * from (${select}) as x where true
  on conflict (campaign_id, row_key, grain, period, bucket) do update set n = funnel_contact_minutes.n + excluded.n`;

/** The count columns of lead `l` (with `lc`, a campaign's row, or all leads), each times `sign`. */
function countSelect(dialect: Dialect, l: string, sign: string, lc: string | null): string {
  return countColumns(dialect, l, sign, lc).join(', ');
}

function countColumns(dialect: Dialect, l: string, sign: string, lc: string | null): string[] {
  const e = funnelExpressions(dialect, l);
  const times = (x: string) => `${sign} * ${x}`;
  const completed = lc ? e.truth(funnelExpressions(dialect, lc).flag('completed')) : e.completed;
  return [
    lc ? `${lc}.campaign_id` : `''`,
    lc ? `'c' || coalesce(${l}.first_channel_id, '')` : e.rowKey,
    e.day,
    times('1'),
    times(e.emails),
    times(completed),
    times(e.contacted),
    times(e.visitBooked),
    times(e.visitDone),
    times(e.won),
    times(lc ? '0' : e.imported),
    times(lc ? '0' : e.byApi),
  ];
}

/** The minutes rows of lead `l` (grain, period, bucket) for each grain. */
function minutesSelects(dialect: Dialect, l: string, sign: string, lc: string | null, from: string, where: string) {
  const e = funnelExpressions(dialect, l);
  const ctx = lc ? `${lc}.campaign_id` : `''`;
  const rowKey = lc ? `'c' || coalesce(${l}.first_channel_id, '')` : e.rowKey;
  return (
    [
      [`'d'`, e.day],
      [`'m'`, e.month],
      [`'*'`, `'*'`],
    ] as const
  )
    .map(
      ([grain, period]) =>
        `select ${ctx} as campaign_id, ${rowKey} as row_key, ${grain} as grain, ${period} as period, ${e.bucket} as bucket, ${sign} as n${from} where ${where}`,
    )
    .join(' union all ');
}

/**
 * The statements that add (sign 1) or take away (sign -1) lead row `r`'s part: all leads, and each
 * campaign it gave an e-mail for. `minutesToo` limits the minutes' statements (an update that moves
 * none of their columns writes no minutes).
 */
export function leadPartStatements(dialect: Dialect, r: string, sign: 1 | -1, minutesToo = 'true'): string[] {
  const e = funnelExpressions(dialect, r);
  const s = String(sign);
  const member = `(${e.channel} or ${e.source})`;
  const timed = `${r}.first_contacted_at is not null`;
  return [
    countsUpsert(
      `select ${countSelect(dialect, r, s, null)} where ${member} union all select ${countSelect(dialect, r, s, 'lc')} from lead_campaigns lc where lc.lead_id = ${r}.id and ${e.channel}`,
    ),
    minutesUpsert(
      `${minutesSelects(dialect, r, s, null, '', `${member} and ${timed} and ${minutesToo}`)} union all ${minutesSelects(
        dialect,
        r,
        s,
        'lc',
        ' from lead_campaigns lc',
        `lc.lead_id = ${r}.id and ${e.channel} and ${timed} and ${minutesToo}`,
      )}`,
    ),
  ];
}

/** The statements that add or take away a lead_campaigns row `r`'s part (its lead read from leads). */
export function campaignPartStatements(dialect: Dialect, r: string, sign: 1 | -1): string[] {
  const e = funnelExpressions(dialect, 'l');
  const s = String(sign);
  return [
    countsUpsert(`select ${countSelect(dialect, 'l', s, r)} from leads l where l.id = ${r}.lead_id and ${e.channel}`),
    minutesUpsert(minutesSelects(dialect, 'l', s, r, ' from leads l', `l.id = ${r}.lead_id and ${e.channel} and l.first_contacted_at is not null`)),
  ];
}

/** Columns whose change can move a lead's counts; those that can move its minutes. */
const COUNTED = [
  'has_survey',
  'source_key',
  'first_channel_id',
  'created_at',
  'email_key',
  'survey_completed',
  'first_contacted_at',
  'status',
  'visit_booked',
  'visit_done',
  'merged_into_id',
  'source_kind',
];
const TIMED = ['has_survey', 'source_key', 'first_channel_id', 'created_at', 'first_contacted_at', 'merged_into_id'];

const changed = (dialect: Dialect, columns: string[]) =>
  '(' + columns.map((c) => (dialect === 'sqlite' ? `old.${c} is not new.${c}` : `old.${c} is distinct from new.${c}`)).join(' or ') + ')';

/** Every count and minute made again from the rows (the migration's fill; the tests compare the kept ones with it). */
export function fillStatements(dialect: Dialect): string[] {
  const e = funnelExpressions(dialect, 'l');
  const sums = (lc: string | null) => {
    const cols = countColumns(dialect, 'l', '1', lc);
    return `${cols.slice(0, 3).join(', ')}, ${cols
      .slice(3)
      .map((c) => `sum(${c})`)
      .join(', ')}`;
  };
  const member = `(${e.channel} or ${e.source})`;
  const minutes = (lc: string | null) =>
    `select campaign_id, row_key, grain, period, bucket, sum(n) from (${minutesSelects(
      dialect,
      'l',
      '1',
      lc,
      lc ? ' from leads l join lead_campaigns lc on lc.lead_id = l.id' : ' from leads l',
      `${lc ? e.channel : member} and l.first_contacted_at is not null`,
    )}) as m group by campaign_id, row_key, grain, period, bucket`;
  return [
    `delete from funnel_step_counts`,
    `delete from funnel_contact_minutes`,
    `insert into funnel_step_counts (campaign_id, row_key, day, ${COUNT_COLUMNS.join(', ')}) select ${sums(null)} from leads l where ${member} group by 1, 2, 3`,
    `insert into funnel_step_counts (campaign_id, row_key, day, ${COUNT_COLUMNS.join(', ')}) select ${sums('lc')} from leads l join lead_campaigns lc on lc.lead_id = l.id where ${e.channel} group by 1, 2, 3`,
    `insert into funnel_contact_minutes (campaign_id, row_key, grain, period, bucket, n) ${minutes(null)}`,
    `insert into funnel_contact_minutes (campaign_id, row_key, grain, period, bucket, n) ${minutes('lc')}`,
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  const dialect: Dialect = db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  let counts = db.schema
    .createTable('funnel_step_counts')
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('row_key', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull());
  for (const column of COUNT_COLUMNS) counts = counts.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
  await counts.addPrimaryKeyConstraint('funnel_step_counts_pk', ['campaign_id', 'row_key', 'day']).execute();
  await db.schema
    .createTable('funnel_contact_minutes')
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('row_key', 'text', (c) => c.notNull())
    .addColumn('grain', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('bucket', dialect === 'sqlite' ? 'real' : 'double precision', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('funnel_contact_minutes_pk', ['campaign_id', 'row_key', 'grain', 'period', 'bucket'])
    .execute();
  const minutes = funnelExpressions(dialect, 'leads').minutes.replaceAll('leads.', '');
  await sql.raw(`create index leads_contact_minutes on leads (${minutes}) where first_contacted_at is not null`).execute(db);

  const lead = (r: string, sign: 1 | -1, minutesToo?: string) => leadPartStatements(dialect, r, sign, minutesToo);
  const campaign = (r: string, sign: 1 | -1) => campaignPartStatements(dialect, r, sign);
  const timedChanged = changed(dialect, TIMED);
  const triggers: { name: string; on: string; when: string; body: string[] }[] = [
    { name: 'funnel_keep_lead_insert', on: 'after insert on leads', when: '', body: lead('new', 1) },
    // Before the row goes: its lead_campaigns rows (deleted by the cascade after it) are still there.
    { name: 'funnel_keep_lead_delete', on: 'before delete on leads', when: '', body: lead('old', -1) },
    {
      name: 'funnel_keep_lead_update',
      on: `after update of ${COUNTED.join(', ')} on leads`,
      when: changed(dialect, COUNTED),
      body: [...lead('old', -1, timedChanged), ...lead('new', 1, timedChanged)],
    },
    { name: 'funnel_keep_campaign_insert', on: 'after insert on lead_campaigns', when: '', body: campaign('new', 1) },
    // After a lead's delete cascades here the lead is gone: nothing is taken twice.
    { name: 'funnel_keep_campaign_delete', on: 'after delete on lead_campaigns', when: '', body: campaign('old', -1) },
    {
      name: 'funnel_keep_campaign_update',
      on: 'after update on lead_campaigns',
      when: changed(dialect, ['lead_id', 'campaign_id', 'completed']),
      body: [...campaign('old', -1), ...campaign('new', 1)],
    },
  ];
  for (const t of triggers) {
    if (dialect === 'sqlite') {
      await sql
        .raw(`create trigger ${t.name} ${t.on} for each row ${t.when ? `when ${t.when}` : ''} begin ${t.body.map((b) => `${b};`).join('\n')} end`)
        .execute(db);
    } else {
      const before = t.on.startsWith('before');
      await sql
        .raw(
          `create function ${t.name}() returns trigger language plpgsql as $$ begin ${t.body.map((b) => `${b};`).join('\n')} return ${
            before ? 'old' : 'null'
          }; end $$`,
        )
        .execute(db);
      await sql.raw(`create trigger ${t.name} ${t.on} for each row ${t.when ? `when ${t.when}` : ''} execute function ${t.name}()`).execute(db);
    }
  }
  for (const statement of fillStatements(dialect)) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const names = ['lead_insert', 'lead_delete', 'lead_update', 'campaign_insert', 'campaign_delete', 'campaign_update'];
  for (const n of names) {
    const table = n.startsWith('lead_') ? 'leads' : 'lead_campaigns';
    await sql.raw(sqlite ? `drop trigger funnel_keep_${n}` : `drop trigger funnel_keep_${n} on ${table}`).execute(db);
    if (!sqlite) await sql.raw(`drop function funnel_keep_${n}()`).execute(db);
  }
  await db.schema.dropIndex('leads_contact_minutes').execute();
  await db.schema.dropTable('funnel_contact_minutes').execute();
  await db.schema.dropTable('funnel_step_counts').execute();
}

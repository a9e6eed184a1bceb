import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * The results summary's funnel (e-mails given, started, each page reached, completed) kept as the
 * e-mail records and their unfinished answers are written (decision 0063), by triggers on
 * `email_records` and `survey_progress`: `summary_funnel_counts (campaign_id, channel_id ('' for
 * none), day (UTC), state, n)`, where a record's state is 'c' (completed), 'p' + its furthest page
 * (unfinished answers kept) or 'e' (the e-mail only). Extra attempts (`is_extra`) are not counted,
 * as the summary counts people. Filled here from the rows.
 */

type Dialect = 'sqlite' | 'postgres';

const flag = (dialect: Dialect, x: string) => (dialect === 'sqlite' ? `${x} = 1` : x);
const day = (dialect: Dialect, r: string) =>
  dialect === 'sqlite' ? `substr(${r}.created_at, 1, 10)` : `to_char(${r}.created_at at time zone 'UTC', 'YYYY-MM-DD')`;
/** A record's state, its unfinished answers read from survey_progress as they are now. */
const state = (dialect: Dialect, r: string) =>
  `(case when ${flag(dialect, `${r}.is_completed`)} then 'c' else coalesce((select 'p' || cast(p.furthest_page as text) from survey_progress p where p.email_record_id = ${r}.id), 'e') end)`;
const counted = (dialect: Dialect, r: string) => `(${r}.campaign_id is not null and not (${flag(dialect, `${r}.is_extra`)}))`;

const upsert = (select: string) => `
  insert into summary_funnel_counts (campaign_id, channel_id, day, state, n)
  select * from (${select}) as x where true
  on conflict (campaign_id, channel_id, day, state) do update set n = summary_funnel_counts.n + excluded.n`;

/** Record `r` counted in `stateSql` with sign. */
const recordPart = (dialect: Dialect, r: string, stateSql: string, sign: string, from = '', where = 'true') =>
  `select ${r}.campaign_id, coalesce(${r}.channel_id, ''), ${day(dialect, r)}, ${stateSql}, ${sign}${from} where ${counted(dialect, r)} and ${where}`;

export function summaryFunnelFill(dialect: Dialect): string[] {
  return [
    'delete from summary_funnel_counts',
    `insert into summary_funnel_counts (campaign_id, channel_id, day, state, n)
     select campaign_id, channel_id, day, state, count(*) from (select r.campaign_id, coalesce(r.channel_id, '') as channel_id, ${day(dialect, 'r')} as day, ${state(
       dialect,
       'r',
     )} as state from email_records r where ${counted(dialect, 'r')}) as s group by campaign_id, channel_id, day, state`,
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  const dialect: Dialect = db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  await db.schema
    .createTable('summary_funnel_counts')
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('summary_funnel_counts_pk', ['campaign_id', 'channel_id', 'day', 'state'])
    .execute();
  const open = (r: string) => `not (${flag(dialect, `${r}.is_completed`)})`;
  const pState = (p: string) => `'p' || cast(${p}.furthest_page as text)`;
  const triggers: { name: string; on: string; when: string; body: string[] }[] = [
    {
      name: 'summary_funnel_record_insert',
      on: 'after insert on email_records',
      when: '',
      body: [upsert(recordPart(dialect, 'new', state(dialect, 'new'), '1'))],
    },
    // Before the row goes: its unfinished answers (deleted by the cascade after it) still give its state.
    {
      name: 'summary_funnel_record_delete',
      on: 'before delete on email_records',
      when: '',
      body: [upsert(recordPart(dialect, 'old', state(dialect, 'old'), '-1'))],
    },
    {
      name: 'summary_funnel_record_update',
      on: 'after update of campaign_id, channel_id, created_at, is_completed, is_extra on email_records',
      when: ['campaign_id', 'channel_id', 'created_at', 'is_completed', 'is_extra']
        .map((c) => (dialect === 'sqlite' ? `old.${c} is not new.${c}` : `old.${c} is distinct from new.${c}`))
        .join(' or '),
      // The old state with the old flags: the unfinished answers are the same before and after this update.
      // One statement each: PostgreSQL's upsert may not touch one row twice in a statement.
      body: [upsert(recordPart(dialect, 'old', state(dialect, 'old'), '-1')), upsert(recordPart(dialect, 'new', state(dialect, 'new'), '1'))],
    },
    {
      name: 'summary_funnel_progress_insert',
      on: 'after insert on survey_progress',
      when: '',
      body: [
        upsert(
          `${recordPart(dialect, 'r', `'e'`, '-1', ' from email_records r', `r.id = new.email_record_id and ${open('r')}`)} union all ${recordPart(
            dialect,
            'r',
            pState('new'),
            '1',
            ' from email_records r',
            `r.id = new.email_record_id and ${open('r')}`,
          )}`,
        ),
      ],
    },
    {
      name: 'summary_funnel_progress_delete',
      on: 'after delete on survey_progress',
      when: '',
      // After a record's delete cascades here the record is gone: nothing is taken twice.
      body: [
        upsert(
          `${recordPart(dialect, 'r', pState('old'), '-1', ' from email_records r', `r.id = old.email_record_id and ${open('r')}`)} union all ${recordPart(
            dialect,
            'r',
            `'e'`,
            '1',
            ' from email_records r',
            `r.id = old.email_record_id and ${open('r')}`,
          )}`,
        ),
      ],
    },
    {
      name: 'summary_funnel_progress_update',
      on: 'after update of furthest_page, email_record_id on survey_progress',
      when:
        dialect === 'sqlite'
          ? 'old.furthest_page is not new.furthest_page or old.email_record_id is not new.email_record_id'
          : 'old.furthest_page is distinct from new.furthest_page or old.email_record_id is distinct from new.email_record_id',
      body: [
        recordPart(dialect, 'r', pState('old'), '-1', ' from email_records r', `r.id = old.email_record_id and ${open('r')}`),
        recordPart(dialect, 'r', `'e'`, '1', ' from email_records r', `r.id = old.email_record_id and ${open('r')}`),
        recordPart(dialect, 'r', `'e'`, '-1', ' from email_records r', `r.id = new.email_record_id and ${open('r')}`),
        recordPart(dialect, 'r', pState('new'), '1', ' from email_records r', `r.id = new.email_record_id and ${open('r')}`),
      ].map(upsert),
    },
  ];
  for (const t of triggers) {
    if (dialect === 'sqlite') {
      await sql
        .raw(`create trigger ${t.name} ${t.on} for each row ${t.when ? `when ${t.when}` : ''} begin ${t.body.map((b) => `${b};`).join('\n')} end`)
        .execute(db);
    } else {
      await sql
        .raw(
          `create function ${t.name}() returns trigger language plpgsql as $$ begin ${t.body.map((b) => `${b};`).join('\n')} return ${
            t.on.startsWith('before') ? 'old' : 'null'
          }; end $$`,
        )
        .execute(db);
      await sql.raw(`create trigger ${t.name} ${t.on} for each row ${t.when ? `when (${t.when})` : ''} execute function ${t.name}()`).execute(db);
    }
  }
  for (const statement of summaryFunnelFill(dialect)) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const [n, table] of [
    ['record_insert', 'email_records'],
    ['record_delete', 'email_records'],
    ['record_update', 'email_records'],
    ['progress_insert', 'survey_progress'],
    ['progress_delete', 'survey_progress'],
    ['progress_update', 'survey_progress'],
  ] as const) {
    await sql.raw(sqlite ? `drop trigger summary_funnel_${n}` : `drop trigger summary_funnel_${n} on ${table}`).execute(db);
    if (!sqlite) await sql.raw(`drop function summary_funnel_${n}()`).execute(db);
  }
  await db.schema.dropTable('summary_funnel_counts').execute();
}

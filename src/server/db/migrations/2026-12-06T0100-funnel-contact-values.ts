import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { funnelExpressions } from './2026-12-05T0100-funnel-kept-counts';

/**
 * The funnel's medians without reading the leads (decision 0068):
 *
 * - `funnel_contact_values (campaign_id, minutes, row_key, day, n)`: how many leads of a funnel row
 *   ('c' + first channel, 's' + source), created on a UTC day, were first contacted after exactly
 *   `minutes` minutes (the funnel's own expression, decision 0063), per campaign ('' for all leads).
 *   Kept by triggers on `leads` and `lead_campaigns` beside 0063's, in the statement that writes the
 *   lead. The median's bucket (located in `funnel_contact_minutes`) is read from here: one range
 *   of the primary key, which leads with the minutes, instead of the leads and their campaigns.
 * - `funnel_contact_minutes_read`: the buckets by (campaign, grain, period), so the whole-time and
 *   month rows are read without walking every day's rows of each funnel row.
 * - `leads_contact_minutes` (the minutes of the leads, 0063's per-bucket read) is dropped: nothing
 *   reads it now, and every first contact wrote it.
 */

type Dialect = 'sqlite' | 'postgres';

const valuesUpsert = (select: string) => `
  insert into funnel_contact_values (campaign_id, minutes, row_key, day, n)
  select * from (${select}) as x where true
  on conflict (campaign_id, minutes, row_key, day) do update set n = funnel_contact_values.n + excluded.n`;

/** Lead row `r`'s values (sign 1 added, -1 taken away): all leads, and each campaign it gave an e-mail for. */
export function leadValueStatement(dialect: Dialect, r: string, sign: 1 | -1, timedToo = 'true'): string {
  const e = funnelExpressions(dialect, r);
  const timed = `${r}.first_contacted_at is not null and ${timedToo}`;
  return valuesUpsert(
    `select '' as campaign_id, ${e.minutes} as minutes, ${e.rowKey} as row_key, ${e.day} as day, ${sign} as n where (${e.channel} or ${e.source}) and ${timed}` +
      ` union all select lc.campaign_id, ${e.minutes}, 'c' || coalesce(${r}.first_channel_id, ''), ${e.day}, ${sign} from lead_campaigns lc where lc.lead_id = ${r}.id and ${e.channel} and ${timed}`,
  );
}

/** A lead_campaigns row `r`'s values (its lead read from leads). */
export function campaignValueStatement(dialect: Dialect, r: string, sign: 1 | -1): string {
  const e = funnelExpressions(dialect, 'l');
  return valuesUpsert(
    `select ${r}.campaign_id as campaign_id, ${e.minutes} as minutes, 'c' || coalesce(l.first_channel_id, '') as row_key, ${e.day} as day, ${sign} as n from leads l where l.id = ${r}.lead_id and ${e.channel} and l.first_contacted_at is not null`,
  );
}

/** Every value made again from the rows (the migration's fill; the tests compare the kept ones with it). */
export function fillValueStatements(dialect: Dialect): string[] {
  const e = funnelExpressions(dialect, 'l');
  return [
    `delete from funnel_contact_values`,
    `insert into funnel_contact_values (campaign_id, minutes, row_key, day, n) select '', ${e.minutes}, ${e.rowKey}, ${e.day}, count(*) from leads l where (${e.channel} or ${e.source}) and l.first_contacted_at is not null group by 1, 2, 3, 4`,
    `insert into funnel_contact_values (campaign_id, minutes, row_key, day, n) select lc.campaign_id, ${e.minutes}, 'c' || coalesce(l.first_channel_id, ''), ${e.day}, count(*) from leads l join lead_campaigns lc on lc.lead_id = l.id where ${e.channel} and l.first_contacted_at is not null group by 1, 2, 3, 4`,
  ];
}

/** The lead columns that can move a lead's minutes, row or day (0063's). */
const TIMED = ['has_survey', 'source_key', 'first_channel_id', 'created_at', 'first_contacted_at', 'merged_into_id'];

const changed = (dialect: Dialect, columns: string[]) =>
  '(' + columns.map((c) => (dialect === 'sqlite' ? `old.${c} is not new.${c}` : `old.${c} is distinct from new.${c}`)).join(' or ') + ')';

const TRIGGERS = ['lead_insert', 'lead_delete', 'lead_update', 'campaign_insert', 'campaign_delete', 'campaign_update'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const dialect: Dialect = db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  // SQLite: the primary key is the table (the count beside it); PostgreSQL: the count in the index, read without the table.
  await sql
    .raw(
      `create table funnel_contact_values (campaign_id text not null, minutes ${dialect === 'sqlite' ? 'real' : 'double precision'} not null, row_key text not null, day text not null, n integer not null, ` +
        (dialect === 'sqlite'
          ? `primary key (campaign_id, minutes, row_key, day)) without rowid`
          : `constraint funnel_contact_values_pk primary key (campaign_id, minutes, row_key, day) include (n))`),
    )
    .execute(db);
  await sql.raw(`create index funnel_contact_minutes_read on funnel_contact_minutes (campaign_id, grain, period, row_key, bucket, n)`).execute(db);
  await sql.raw(`drop index leads_contact_minutes`).execute(db);

  const triggers: { name: (typeof TRIGGERS)[number]; on: string; when: string; body: string[] }[] = [
    { name: 'lead_insert', on: 'after insert on leads', when: '', body: [leadValueStatement(dialect, 'new', 1)] },
    // Before the row goes: its lead_campaigns rows (deleted by the cascade after it) are still there.
    { name: 'lead_delete', on: 'before delete on leads', when: '', body: [leadValueStatement(dialect, 'old', -1)] },
    {
      name: 'lead_update',
      on: `after update of ${TIMED.join(', ')} on leads`,
      when: changed(dialect, TIMED),
      body: [leadValueStatement(dialect, 'old', -1), leadValueStatement(dialect, 'new', 1)],
    },
    { name: 'campaign_insert', on: 'after insert on lead_campaigns', when: '', body: [campaignValueStatement(dialect, 'new', 1)] },
    // After a lead's delete cascades here the lead is gone: nothing is taken twice.
    { name: 'campaign_delete', on: 'after delete on lead_campaigns', when: '', body: [campaignValueStatement(dialect, 'old', -1)] },
    {
      name: 'campaign_update',
      on: 'after update on lead_campaigns',
      when: changed(dialect, ['lead_id', 'campaign_id']),
      body: [campaignValueStatement(dialect, 'old', -1), campaignValueStatement(dialect, 'new', 1)],
    },
  ];
  for (const t of triggers) {
    const name = `funnel_values_${t.name}`;
    if (dialect === 'sqlite') {
      await sql
        .raw(`create trigger ${name} ${t.on} for each row ${t.when ? `when ${t.when}` : ''} begin ${t.body.map((b) => `${b};`).join('\n')} end`)
        .execute(db);
    } else {
      const before = t.on.startsWith('before');
      await sql
        .raw(
          `create function ${name}() returns trigger language plpgsql as $$ begin ${t.body.map((b) => `${b};`).join('\n')} return ${before ? 'old' : 'null'}; end $$`,
        )
        .execute(db);
      await sql.raw(`create trigger ${name} ${t.on} for each row ${t.when ? `when ${t.when}` : ''} execute function ${name}()`).execute(db);
    }
  }
  for (const statement of fillValueStatements(dialect)) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const dialect: Dialect = db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  for (const n of TRIGGERS) {
    const table = n.startsWith('lead_') ? 'leads' : 'lead_campaigns';
    await sql.raw(dialect === 'sqlite' ? `drop trigger funnel_values_${n}` : `drop trigger funnel_values_${n} on ${table}`).execute(db);
    if (dialect === 'postgres') await sql.raw(`drop function funnel_values_${n}()`).execute(db);
  }
  const minutes = funnelExpressions(dialect, 'leads').minutes.replaceAll('leads.', '');
  await sql.raw(`create index leads_contact_minutes on leads (${minutes}) where first_contacted_at is not null`).execute(db);
  await sql.raw(`drop index funnel_contact_minutes_read`).execute(db);
  await sql.raw(`drop table funnel_contact_values`).execute(db);
}

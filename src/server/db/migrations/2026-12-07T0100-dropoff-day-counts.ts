import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * The drop-off's two counts kept per UTC day (decision 0075), so a campaign's drop-off reads a few
 * rows per day instead of every contribution and every e-mail record of the campaign:
 *
 * - `dropoff_day_counts (campaign_id, channel_key, day, survey_version, contribution, n)`: how many
 *   kept contributions (decision 0058) of the campaign, channel ('' for none) and UTC day of the
 *   record's creation there are, per survey version and contribution;
 * - `dropoff_record_days (campaign_id, channel_key, day, n)`: how many e-mail records of the
 *   campaign there are, the same way (those without a contribution count as visitors who answered
 *   nothing).
 *
 * Kept by triggers on `dropoff_contributions` and `email_records` (insert, delete, and an update of
 * the columns that move a row), one upsert each (−old, +new), in the statement that writes the row,
 * whichever code wrote it (cascades included). Rows that count back to zero stay, as 0063's do; the
 * reading skips them. The pieces of a day at either end of a range are read from the rows
 * (`lib/utc-days.ts`), so any studio's days are answered exactly.
 */

type Dialect = 'sqlite' | 'postgres';

const day = (dialect: Dialect, r: string) =>
  dialect === 'sqlite' ? `substr(${r}.created_at, 1, 10)` : `to_char(${r}.created_at at time zone 'UTC', 'YYYY-MM-DD')`;

const countUpsert = (select: string) => `
  insert into dropoff_day_counts (campaign_id, channel_key, day, survey_version, contribution, n)
  select * from (${select}) as x where true
  on conflict (campaign_id, channel_key, day, survey_version, contribution) do update set n = dropoff_day_counts.n + excluded.n`;

const recordUpsert = (select: string) => `
  insert into dropoff_record_days (campaign_id, channel_key, day, n)
  select * from (${select}) as x where true
  on conflict (campaign_id, channel_key, day) do update set n = dropoff_record_days.n + excluded.n`;

/** Contribution row `r`'s count, times `sign`. */
const contributionStatement = (dialect: Dialect, r: string, sign: 1 | -1) =>
  countUpsert(
    `select ${r}.campaign_id as campaign_id, coalesce(${r}.channel_id, '') as channel_key, ${day(dialect, r)} as day, ${r}.survey_version as survey_version, ${r}.contribution as contribution, ${sign} as n`,
  );

/** E-mail record `r`'s count, times `sign` (a record of no campaign counts nowhere). */
const recordStatement = (dialect: Dialect, r: string, sign: 1 | -1) =>
  recordUpsert(
    `select ${r}.campaign_id as campaign_id, coalesce(${r}.channel_id, '') as channel_key, ${day(dialect, r)} as day, ${sign} as n where ${r}.campaign_id is not null`,
  );

/** Both tables made again from the rows (the migration's fill; the tests and the benches compare the kept ones with it). */
export function fillDropoffDayStatements(dialect: Dialect): string[] {
  return [
    `delete from dropoff_day_counts`,
    `delete from dropoff_record_days`,
    `insert into dropoff_day_counts (campaign_id, channel_key, day, survey_version, contribution, n) select campaign_id, coalesce(channel_id, ''), ${day(dialect, 'd')}, survey_version, contribution, count(*) from dropoff_contributions d group by 1, 2, 3, 4, 5`,
    `insert into dropoff_record_days (campaign_id, channel_key, day, n) select campaign_id, coalesce(channel_id, ''), ${day(dialect, 'e')}, count(*) from email_records e where campaign_id is not null group by 1, 2, 3`,
  ];
}

const changed = (dialect: Dialect, columns: string[]) =>
  '(' + columns.map((c) => (dialect === 'sqlite' ? `old.${c} is not new.${c}` : `old.${c} is distinct from new.${c}`)).join(' or ') + ')';

const SCOPE = ['campaign_id', 'channel_id', 'created_at'];
const CONTRIBUTION = [...SCOPE, 'survey_version', 'contribution'];

const TRIGGERS = [
  { name: 'dropoff_days_contribution_insert', table: 'dropoff_contributions' },
  { name: 'dropoff_days_contribution_delete', table: 'dropoff_contributions' },
  { name: 'dropoff_days_contribution_update', table: 'dropoff_contributions' },
  { name: 'dropoff_days_record_insert', table: 'email_records' },
  { name: 'dropoff_days_record_delete', table: 'email_records' },
  { name: 'dropoff_days_record_update', table: 'email_records' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const dialect: Dialect = db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  // SQLite: the primary key is the table (the count beside it); PostgreSQL: the count in the index, read without the table.
  const table = (name: string, columns: string, key: string) =>
    sql
      .raw(
        `create table ${name} (${columns}, n integer not null, ` +
          (dialect === 'sqlite' ? `primary key (${key})) without rowid` : `constraint ${name}_pk primary key (${key}) include (n))`),
      )
      .execute(db);
  await table(
    'dropoff_day_counts',
    'campaign_id text not null, channel_key text not null, day text not null, survey_version text not null, contribution text not null',
    'campaign_id, channel_key, day, survey_version, contribution',
  );
  await table('dropoff_record_days', 'campaign_id text not null, channel_key text not null, day text not null', 'campaign_id, channel_key, day');
  // The pieces of a day at either end of a range are read from the rows by campaign and time, whatever
  // the channel: the contributions' index now leads with the time (the grouped count over the whole
  // campaign it was ordered for is read from the kept days), holding what the reading needs.
  await sql.raw(`drop index dropoff_contributions_scope`).execute(db);
  await sql
    .raw(`create index dropoff_contributions_time on dropoff_contributions (campaign_id, created_at, channel_id, survey_version, contribution)`)
    .execute(db);
  await sql.raw(`create index email_records_campaign_time on email_records (campaign_id, created_at)`).execute(db);

  const bodies: Record<(typeof TRIGGERS)[number]['name'], { on: string; when: string; body: string[] }> = {
    dropoff_days_contribution_insert: { on: 'after insert on dropoff_contributions', when: '', body: [contributionStatement(dialect, 'new', 1)] },
    dropoff_days_contribution_delete: { on: 'after delete on dropoff_contributions', when: '', body: [contributionStatement(dialect, 'old', -1)] },
    dropoff_days_contribution_update: {
      on: `after update of ${CONTRIBUTION.join(', ')} on dropoff_contributions`,
      when: changed(dialect, CONTRIBUTION),
      body: [contributionStatement(dialect, 'old', -1), contributionStatement(dialect, 'new', 1)],
    },
    dropoff_days_record_insert: { on: 'after insert on email_records', when: '(new.campaign_id is not null)', body: [recordStatement(dialect, 'new', 1)] },
    dropoff_days_record_delete: { on: 'after delete on email_records', when: '(old.campaign_id is not null)', body: [recordStatement(dialect, 'old', -1)] },
    dropoff_days_record_update: {
      on: `after update of ${SCOPE.join(', ')} on email_records`,
      when: changed(dialect, SCOPE),
      body: [recordStatement(dialect, 'old', -1), recordStatement(dialect, 'new', 1)],
    },
  };
  for (const { name } of TRIGGERS) {
    const t = bodies[name];
    if (dialect === 'sqlite') {
      await sql
        .raw(`create trigger ${name} ${t.on} for each row ${t.when ? `when ${t.when}` : ''} begin ${t.body.map((b) => `${b};`).join('\n')} end`)
        .execute(db);
    } else {
      await sql
        .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${t.body.map((b) => `${b};`).join('\n')} return null; end $$`)
        .execute(db);
      await sql.raw(`create trigger ${name} ${t.on} for each row ${t.when ? `when ${t.when}` : ''} execute function ${name}()`).execute(db);
    }
  }
  for (const statement of fillDropoffDayStatements(dialect)) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const dialect: Dialect = db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  for (const { name, table } of TRIGGERS) {
    await sql.raw(dialect === 'sqlite' ? `drop trigger ${name}` : `drop trigger ${name} on ${table}`).execute(db);
    if (dialect === 'postgres') await sql.raw(`drop function ${name}()`).execute(db);
  }
  await sql.raw(`drop index email_records_campaign_time`).execute(db);
  await sql.raw(`drop index dropoff_contributions_time`).execute(db);
  await sql
    .raw(`create index dropoff_contributions_scope on dropoff_contributions (campaign_id, survey_version, contribution, channel_id, created_at)`)
    .execute(db);
  await sql.raw(`drop table dropoff_record_days`).execute(db);
  await sql.raw(`drop table dropoff_day_counts`).execute(db);
}

import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { splitPeriod } from '#server/lib/utc-days';

/*
 * The drop-off's kept contributions (decision 0058): one row per e-mail record with a response or
 * unfinished answers. What a contribution is, and when it is kept, is dropoff-contributions.ts's.
 */

type Db = Kysely<Database>;

/** Writes the record's contribution (its scope copied from the record in the same statement), replacing the one kept before. */
export async function keepContribution(
  db: Db,
  emailRecordId: string,
  kept: { surveyVersion: string; contribution: string; responseId: string | null; progressOf: string | null },
): Promise<void> {
  await db
    .insertInto('dropoffContributions')
    .columns(['emailRecordId', 'campaignId', 'channelId', 'createdAt', 'surveyVersion', 'contribution', 'responseId', 'progressOf'])
    .expression(
      db
        .selectFrom('emailRecords')
        .select([
          'emailRecords.id',
          'emailRecords.campaignId',
          'emailRecords.channelId',
          'emailRecords.createdAt',
          sql<string>`${kept.surveyVersion}`.as('surveyVersion'),
          sql<string>`${kept.contribution}`.as('contribution'),
          sql<string | null>`${kept.responseId}`.as('responseId'),
          sql<string | null>`${kept.progressOf}`.as('progressOf'),
        ])
        .where('emailRecords.id', '=', emailRecordId)
        .where('emailRecords.campaignId', 'is not', null),
    )
    .onConflict((oc) =>
      oc.column('emailRecordId').doUpdateSet((eb) => ({
        surveyVersion: eb.ref('excluded.surveyVersion'),
        contribution: eb.ref('excluded.contribution'),
        responseId: eb.ref('excluded.responseId'),
        progressOf: eb.ref('excluded.progressOf'),
      })),
    )
    .execute();
}

/** The record's unfinished answers as stored (the furthest page kept by the upsert); undefined when none. */
export function storedProgress(db: Db, emailRecordId: string) {
  return db.selectFrom('surveyProgress').select(['answer', 'page', 'furthestPage']).where('emailRecordId', '=', emailRecordId).executeTakeFirst();
}

type Scope = { campaignId: string; channelId?: string | null | undefined; since?: Date | undefined; until?: Date | undefined };

/**
 * In one statement (both counts of the same moment): the kept contributions of the campaign's records
 * in scope, counted per survey version and contribution, and rows with version and contribution null
 * counting every record in scope. Whole UTC days are read from the counts kept per day (decision
 * 0075), the pieces of a day at either end of the range from the rows; a version and contribution may
 * come in several rows (the caller adds them up). Rows that count back to zero are left out.
 */
export function contributionCounts(db: Db, scope: Scope) {
  const { days, edges } = splitPeriod(scope.since, scope.until);
  const channelKey = scope.channelId === undefined ? undefined : (scope.channelId ?? '');
  const parts = [];
  if (days) {
    let kept = db
      .selectFrom('dropoffDayCounts')
      .select([
        sql<string | null>`survey_version`.as('surveyVersion'),
        sql<string | null>`contribution`.as('contribution'),
        (eb) => eb.fn.sum<number | string>('n').as('n'),
      ])
      .where('campaignId', '=', scope.campaignId)
      .where('day', '>=', days.from)
      .where('day', '<', days.to);
    let records = db
      .selectFrom('dropoffRecordDays')
      .select([
        sql<string | null>`null`.as('surveyVersion'),
        sql<string | null>`null`.as('contribution'),
        (eb) => eb.fn.coalesce(eb.fn.sum<number | string>('n'), sql<number>`0`).as('n'),
      ])
      .where('campaignId', '=', scope.campaignId)
      .where('day', '>=', days.from)
      .where('day', '<', days.to);
    if (channelKey !== undefined) {
      kept = kept.where('channelKey', '=', channelKey);
      records = records.where('channelKey', '=', channelKey);
    }
    parts.push(
      kept.groupBy(['surveyVersion', 'contribution']).having((eb) => eb.fn.sum('n'), '<>', 0),
      records,
    );
  }
  for (const edge of edges) {
    let kept = db
      .selectFrom('dropoffContributions')
      .select([
        sql<string | null>`survey_version`.as('surveyVersion'),
        sql<string | null>`contribution`.as('contribution'),
        (eb) => eb.fn.countAll<number | string>().as('n'),
      ])
      .where('campaignId', '=', scope.campaignId);
    let records = db
      .selectFrom('emailRecords')
      .select([sql<string | null>`null`.as('surveyVersion'), sql<string | null>`null`.as('contribution'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('campaignId', '=', scope.campaignId);
    if (scope.channelId !== undefined) {
      kept = kept.where('channelId', scope.channelId === null ? 'is' : '=', scope.channelId);
      records = records.where('channelId', scope.channelId === null ? 'is' : '=', scope.channelId);
    }
    if (edge.since) {
      kept = kept.where('createdAt', '>=', edge.since);
      records = records.where('createdAt', '>=', edge.since);
    }
    if (edge.until) {
      kept = kept.where('createdAt', '<', edge.until);
      records = records.where('createdAt', '<', edge.until);
    }
    parts.push(kept.groupBy(['surveyVersion', 'contribution']), records);
  }
  const [first, ...rest] = parts;
  if (!first) return Promise.resolve([]);
  return rest.reduce((all, part) => all.unionAll(part), first).execute();
}

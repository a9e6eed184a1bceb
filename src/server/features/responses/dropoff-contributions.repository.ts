import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

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

/**
 * In one statement (both counts of the same moment): the kept contributions of the campaign's records
 * in scope, counted per survey version and contribution, and one more row (version and contribution
 * null) counting every record in scope.
 */
export function contributionCounts(
  db: Db,
  scope: { campaignId: string; channelId?: string | null | undefined; since?: Date | undefined; until?: Date | undefined },
) {
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
  if (scope.since) {
    kept = kept.where('createdAt', '>=', scope.since);
    records = records.where('createdAt', '>=', scope.since);
  }
  if (scope.until) {
    kept = kept.where('createdAt', '<', scope.until);
    records = records.where('createdAt', '<', scope.until);
  }
  return kept.groupBy(['surveyVersion', 'contribution']).unionAll(records).execute();
}

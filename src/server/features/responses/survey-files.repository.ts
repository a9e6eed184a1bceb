import { sql, SqliteAdapter, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

type Db = Kysely<Database>;

export async function insertSurveyFile(
  db: Db,
  file: { id: string; campaignId: string; emailRecordId: string; fileName: string; contentType: string; bytes: Buffer; uploader: string; now: Date },
): Promise<void> {
  const { now, ...fields } = file;
  await db
    .insertInto('surveyFiles')
    .values({ ...fields, size: file.bytes.length, createdAt: now })
    .execute();
}

export function findSurveyFile(db: Db, id: string) {
  return db.selectFrom('surveyFiles').select(['id', 'fileName', 'contentType', 'size', 'bytes']).where('id', '=', id).executeTakeFirst();
}

/** The e-mail record a file was sent for. */
export function findSurveyFileOwner(db: Db, id: string) {
  return db.selectFrom('surveyFiles').select(['id', 'emailRecordId']).where('id', '=', id).executeTakeFirst();
}

/** A file's name, type and size, without its bytes. */
export function findSurveyFileInfo(db: Db, id: string) {
  return db.selectFrom('surveyFiles').select(['id', 'fileName', 'contentType', 'size']).where('id', '=', id).executeTakeFirst();
}

/**
 * PostgreSQL: one upload at a time checks the quota and stores (until the transaction ends), so two
 * uploads at once cannot both fit in the room left for one. SQLite writes one at a time already.
 */
export async function lockQuota(trx: Db): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`select pg_advisory_xact_lock(hashtext('abode.survey-files-quota'))`.execute(trx);
}

async function bytesWhere(query: ReturnType<typeof filesOf>): Promise<number> {
  const row = await query.select((eb) => eb.fn.sum<number | string | null>('size').as('n')).executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

const filesOf = (db: Db) => db.selectFrom('surveyFiles');

/** Bytes stored for the e-mail record, by the address since `since`, and in all. */
export async function storedBytes(
  db: Db,
  input: { emailRecordId: string; uploader: string; since: Date },
): Promise<{ record: number; uploader: number; total: number }> {
  const [record, uploader, total] = await Promise.all([
    bytesWhere(filesOf(db).where('emailRecordId', '=', input.emailRecordId)),
    bytesWhere(filesOf(db).where('uploader', '=', input.uploader).where('createdAt', '>=', input.since)),
    bytesWhere(filesOf(db)),
  ]);
  return { record, uploader, total };
}

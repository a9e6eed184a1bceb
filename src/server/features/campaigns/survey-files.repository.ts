import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function insertSurveyFile(
  db: Db,
  file: { id: string; campaignId: string; emailRecordId: string; fileName: string; contentType: string; bytes: Buffer; now: Date },
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

import { unsubscribeHash } from './unsubscribe-hash';
import type { Kysely, Transaction } from 'kysely';
import { prepared } from '#server/db/prepared';
import type { Database } from '#server/db/schema';
import type { ConsentSource, NoticePurpose } from '#shared/consent/consent.contract';
import type { Language } from '#shared/i18n/languages';

type Db = Kysely<Database> | Transaction<Database>;

export function latestNotice(db: Db, purpose: NoticePurpose, language: Language) {
  return db
    .selectFrom('consentNotices')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('language', '=', language)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findNotice(db: Db, purpose: NoticePurpose, language: Language, version: number) {
  return db
    .selectFrom('consentNotices')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('language', '=', language)
    .where('version', '=', version)
    .executeTakeFirst();
}

export function listNotices(db: Db) {
  return db.selectFrom('consentNotices').selectAll().orderBy('purpose').orderBy('language').orderBy('version', 'desc').execute();
}

/** The latest version of the purpose in this language with this text (by its hash), if any. */
export function latestNoticeWithHash(db: Db, purpose: NoticePurpose, language: Language, hash: string) {
  return db
    .selectFrom('consentNotices')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('language', '=', language)
    .where('hash', '=', hash)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Adds a version; false when another writer took this version number first (nothing written). */
export async function insertNotice(
  db: Db,
  row: { id: string; purpose: NoticePurpose; language: Language; version: number; text: string; hash: string; createdAt: Date },
): Promise<boolean> {
  const result = await db
    .insertInto('consentNotices')
    .values(row)
    .onConflict((oc) => oc.columns(['purpose', 'language', 'version']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export interface NewConsent {
  id: string;
  leadId: string;
  recordId: string | null;
  purpose: NoticePurpose;
  noticePurpose: NoticePurpose;
  noticeLanguage: Language;
  noticeVersion: number;
  noticeHash: string;
  granted: boolean;
  source: ConsentSource;
  createdAt: Date;
}

type ConsentPair = { [K in keyof NewConsent as `a${Capitalize<K>}` | `b${Capitalize<K>}`]: NewConsent[K] };
const CONSENT_FIELDS = [
  'id',
  'leadId',
  'recordId',
  'purpose',
  'noticePurpose',
  'noticeLanguage',
  'noticeVersion',
  'noticeHash',
  'granted',
  'source',
  'createdAt',
] as const;
const capital = (field: string) => field[0]!.toUpperCase() + field.slice(1);
/** Each field with the names of its two values (`id` → `aId`, `bId`). */
const PAIR_NAMES = CONSENT_FIELDS.map(
  (field) => [field, `a${capital(field)}`, `b${capital(field)}`] as [keyof NewConsent, keyof ConsentPair & string, keyof ConsentPair & string],
);

/** Two rows in one statement, built and compiled once: every form stores two. */
const insertConsentPairQuery = prepared<ConsentPair>()((db, param) =>
  db
    .insertInto('consents')
    .values(([1, 2] as const).map((row) => Object.fromEntries(PAIR_NAMES.map(([field, a, b]) => [field, param(row === 1 ? a : b)])) as unknown as NewConsent)),
);

/** The two consent rows a form stores (its purpose, and the newsletter box). */
export async function insertConsentPair(db: Db, [a, b]: readonly [NewConsent, NewConsent]): Promise<void> {
  // Written out: one shape every time, where an object filled key by key (22 keys) became a
  // dictionary, slower to build and to read back field by field (decision 0074).
  const values: ConsentPair = {
    aId: a.id,
    aLeadId: a.leadId,
    aRecordId: a.recordId,
    aPurpose: a.purpose,
    aNoticePurpose: a.noticePurpose,
    aNoticeLanguage: a.noticeLanguage,
    aNoticeVersion: a.noticeVersion,
    aNoticeHash: a.noticeHash,
    aGranted: a.granted,
    aSource: a.source,
    aCreatedAt: a.createdAt,
    bId: b.id,
    bLeadId: b.leadId,
    bRecordId: b.recordId,
    bPurpose: b.purpose,
    bNoticePurpose: b.noticePurpose,
    bNoticeLanguage: b.noticeLanguage,
    bNoticeVersion: b.noticeVersion,
    bNoticeHash: b.noticeHash,
    bGranted: b.granted,
    bSource: b.source,
    bCreatedAt: b.createdAt,
  };
  await insertConsentPairQuery.execute(db as Kysely<Database>, values);
}

export function consentsOfLead(db: Db, leadId: string) {
  return db.selectFrom('consents').selectAll().where('leadId', '=', leadId).orderBy('createdAt').orderBy('id').execute();
}

export async function insertUnsubscribe(db: Db, row: { id: string; emailKey: string; leadId: string | null; createdAt: Date }): Promise<void> {
  await db
    .insertInto('unsubscribes')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function latestUnsubscribe(db: Db, emailKey: string): Promise<Date | string | undefined> {
  const row = await db
    .selectFrom('unsubscribes')
    .select((eb) => eb.fn.max('createdAt').as('at'))
    .where('emailKey', 'in', [emailKey, unsubscribeHash(emailKey)])
    .executeTakeFirst();
  return row?.at ?? undefined;
}

/*
 * The newsletter's subscribers and the suppression check need the person's e-mail, which lives once,
 * on the lead: the leads feature gives it (#server/features/leads), this file reads only consent's tables.
 */

/**
 * The latest time this person (by lead) proved a newsletter consent from the mailbox, if ever
 * (decision 0018: a ticked box alone, which anyone can tick for any address, does not count).
 */
export async function latestNewsletterGrant(db: Db, leadId: string): Promise<Date | string | undefined> {
  const row = await db
    .selectFrom('consents')
    .select((eb) => eb.fn.max('consents.confirmedAt').as('at'))
    .where('consents.leadId', '=', leadId)
    .where('consents.purpose', '=', 'newsletter')
    .where('consents.granted', '=', true)
    .executeTakeFirst();
  return row?.at ?? undefined;
}

/** Every newsletter grant, confirmed or pending, oldest first (the person's e-mail comes from the leads feature). */
export function newsletterGrants(db: Db) {
  return db
    .selectFrom('consents')
    .select([
      'consents.leadId',
      'consents.createdAt',
      'consents.confirmedAt',
      'consents.noticePurpose',
      'consents.noticeLanguage',
      'consents.noticeVersion',
      'consents.source',
    ])
    .where('consents.purpose', '=', 'newsletter')
    .where('consents.granted', '=', true)
    .orderBy('consents.createdAt')
    .orderBy('consents.id')
    .execute();
}

/** The latest unsubscribe time of every address that has one. */
export function unsubscribeTimes(db: Db) {
  return db
    .selectFrom('unsubscribes')
    .select(['emailKey', (eb) => eb.fn.max('createdAt').as('at')])
    .groupBy('emailKey')
    .execute();
}

// Double opt-in (decision 0018) ----------------------------------------------------------------

export interface NewConfirmation {
  id: string;
  leadId: string;
  consentId: string;
  language: string;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertConfirmation(db: Db, row: NewConfirmation): Promise<void> {
  await db.insertInto('newsletterConfirmations').values(row).execute();
}

/** Whether a confirmation link went to this person since `since` (one a day per address). */
export async function confirmationSentSince(db: Db, leadId: string, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('newsletterConfirmations')
    .select('id')
    .where('leadId', '=', leadId)
    .where('createdAt', '>', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function findConfirmation(db: Db, id: string) {
  return db.selectFrom('newsletterConfirmations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Takes the link once: false when it was used already or has expired (another click, another instance). */
export async function useConfirmation(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('newsletterConfirmations')
    .set({ usedAt: now })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function confirmConsent(db: Db, consentId: string, now: Date): Promise<void> {
  await db.updateTable('consents').set({ confirmedAt: now }).where('id', '=', consentId).where('confirmedAt', 'is', null).execute();
}

// Personal data (consent/personal-data.ts) -------------------------------------------------------

/** A person's consents, each with the words they were shown, in the language they read them in (decision 0027). */
export function consentsWithNoticesOfLead(db: Db, leadId: string) {
  return db
    .selectFrom('consents')
    .leftJoin('consentNotices', (join) =>
      join
        .onRef('consentNotices.purpose', '=', 'consents.noticePurpose')
        .onRef('consentNotices.language', '=', 'consents.noticeLanguage')
        .onRef('consentNotices.version', '=', 'consents.noticeVersion'),
    )
    .select([
      'consents.purpose',
      'consents.noticePurpose',
      'consents.noticeLanguage',
      'consents.noticeVersion',
      'consents.noticeHash',
      'consentNotices.text as noticeText',
      'consents.granted',
      'consents.source',
      'consents.createdAt',
      'consents.confirmedAt',
    ])
    .where('consents.leadId', '=', leadId)
    .orderBy('consents.createdAt')
    .execute();
}

export function unsubscribesOfLead(db: Db, leadId: string) {
  return db.selectFrom('unsubscribes').select(['emailKey', 'createdAt']).where('leadId', '=', leadId).execute();
}

/** The newsletter confirmation links mailed to the person (double opt-in, decision 0018). */
export function newsletterConfirmationsOfLead(db: Db, leadId: string) {
  return db
    .selectFrom('newsletterConfirmations')
    .select(['language', 'createdAt', 'expiresAt', 'usedAt'])
    .where('leadId', '=', leadId)
    .orderBy('createdAt')
    .execute();
}

export async function deleteNewsletterConfirmationsOfLead(db: Db, leadId: string): Promise<void> {
  await db.deleteFrom('newsletterConfirmations').where('leadId', '=', leadId).execute();
}

export async function deleteConsentsOfLead(db: Db, leadId: string): Promise<void> {
  await db.deleteFrom('consents').where('leadId', '=', leadId).execute();
}

/** The unsubscribes of the lead or of any of these addresses. */
export function unsubscribesOfPerson(db: Db, leadId: string, emailKeys: ReadonlySet<string>): Promise<Array<{ id: string; emailKey: string }>> {
  return db
    .selectFrom('unsubscribes')
    .select(['id', 'emailKey'])
    .where((eb) => eb.or([eb('leadId', '=', leadId), ...(emailKeys.size ? [eb('emailKey', 'in', [...emailKeys])] : [])]))
    .execute();
}

/** The unsubscribe keeps only the hash of its address, and names no lead. */
export async function hashUnsubscribe(db: Db, id: string, hashedKey: string): Promise<void> {
  await db.updateTable('unsubscribes').set({ emailKey: hashedKey, leadId: null }).where('id', '=', id).execute();
}

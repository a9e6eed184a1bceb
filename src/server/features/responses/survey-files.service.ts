import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { stripBidiControls } from '#shared/text-rules';
import { SURVEY_FILE_MESSAGES, SURVEY_FILES_API, type SurveyFileType, type SurveyFileUploadResult } from '#shared/responses/survey-files.contract';
import { toBool } from '#server/db/database';
import type { Database } from '#server/db/schema';
import type { SurveyFileQuota } from '#server/config';
import { badRequest, HttpError, notFound, tooLarge, unsupportedMedia } from '#server/lib/errors';
import { newId } from '#server/lib/ids';
import * as responsesRepo from '#server/features/responses/responses.repository';
import * as repo from './survey-files.repository';

type Db = Kysely<Database>;

/** A signed link opens the file for this long (staff click it right after asking for it). */
export const SIGNED_LINK_SECONDS = 15 * 60;

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);

/** The file's type from its first bytes; undefined when it is not an image or a PDF we accept. */
export function sniffFileType(bytes: Buffer): SurveyFileType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return undefined;
}

/** A name safe to show and to put in a header: no paths, no control or bidi characters, not too long. */
function cleanName(name: string): string {
  const base = stripBidiControls(name)
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim();
  return (base || 'file').slice(0, 200);
}

/** The sender's address as kept with a file: a keyed hash, so the address itself is never stored. */
export function uploaderKey(secret: string, address: string): string {
  return createHmac('sha256', secret).update(`survey-file-uploader:${address}`).digest('base64url').slice(0, 32);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses a file that would take the record, the sender's address (over the last 24 hours) or the
 * whole store past its quota: 413 for the first and the last, 429 for the address.
 */
async function checkQuota(db: Db, quota: SurveyFileQuota, input: { emailRecordId: string; uploader: string; size: number; now: Date }): Promise<void> {
  await repo.lockQuota(db);
  const stored = await repo.storedBytes(db, { emailRecordId: input.emailRecordId, uploader: input.uploader, since: new Date(input.now.getTime() - DAY_MS) });
  if (stored.record + input.size > quota.perRecordBytes) throw tooLarge(SURVEY_FILE_MESSAGES.recordFull(quota.perRecordBytes));
  if (stored.uploader + input.size > quota.perAddressDayBytes)
    throw new HttpError(429, SURVEY_FILE_MESSAGES.addressFull(quota.perAddressDayBytes), 'RATE_LIMITED');
  if (stored.total + input.size > quota.totalBytes) throw tooLarge(SURVEY_FILE_MESSAGES.storeFull);
}

/**
 * Stores a visitor's file for their e-mail record of this campaign (the same proof of identity as
 * the answer itself: the record's id and its e-mail), within the storage quota. Run it in a
 * transaction (the quota is checked and the file stored as one).
 */
export async function storeSurveyFile(
  db: Db,
  campaignId: string,
  input: { email: string; emailId: string; fileName: string; bytes: Buffer; uploader: string },
  quota: SurveyFileQuota,
): Promise<SurveyFileUploadResult> {
  const type = sniffFileType(input.bytes);
  if (!type) throw unsupportedMedia(SURVEY_FILE_MESSAGES.wrongType);
  const record = await responsesRepo.findEmailRecord(db, input.emailId);
  if (!record || record.campaignId !== campaignId) throw notFound(CAMPAIGN_MESSAGES.emailRecordNotFound);
  if (record.email !== input.email) {
    throw badRequest(CAMPAIGN_MESSAGES.emailMismatch, [{ field: 'email', message: CAMPAIGN_MESSAGES.emailMismatch }]);
  }
  const now = new Date();
  await checkQuota(db, quota, { emailRecordId: record.id, uploader: input.uploader, size: input.bytes.length, now });
  const id = newId();
  const name = cleanName(input.fileName);
  await repo.insertSurveyFile(db, {
    id,
    campaignId,
    emailRecordId: record.id,
    fileName: name,
    contentType: type,
    bytes: input.bytes,
    uploader: input.uploader,
    now,
  });
  return { fileId: id, name, type, size: input.bytes.length, url: SURVEY_FILES_API.file(id) };
}

export async function readSurveyFile(db: Db, id: string) {
  const file = await repo.findSurveyFile(db, id);
  if (!file) throw notFound(SURVEY_FILE_MESSAGES.notFound);
  return file;
}

/** A file's name, type and size (404 when there is no such file). */
export async function surveyFileInfo(db: Db, id: string) {
  const file = await repo.findSurveyFileInfo(db, id);
  if (!file) throw notFound(SURVEY_FILE_MESSAGES.notFound);
  return file;
}

/**
 * A signed link to a visitor's own file, for its preview in the survey after a reload: given only to the unfinished e-mail record the file was sent for, with its e-mail (the
 * proof an upload needs). Anything else is "no such file": whether a file exists is not told either.
 */
export async function visitorFileLink(db: Db, secret: string, fileId: string, visitor: { email: string; emailId: string }) {
  const file = await repo.findSurveyFileOwner(db, fileId);
  const record = file && file.emailRecordId === visitor.emailId ? await responsesRepo.findEmailRecord(db, visitor.emailId) : undefined;
  if (!record || record.email !== visitor.email || toBool(record.isCompleted)) throw notFound(SURVEY_FILE_MESSAGES.notFound);
  return signedLink(secret, fileId);
}

function signature(secret: string, id: string, expires: number): string {
  return createHmac('sha256', secret).update(`survey-file:${id}:${expires}`).digest('base64url');
}

/** A link to the file that opens without a token until it expires. */
export function signedLink(secret: string, id: string, now = Date.now()): { url: string; expiresAt: string } {
  const expires = Math.floor(now / 1000) + SIGNED_LINK_SECONDS;
  const url = `${SURVEY_FILES_API.signed(id)}?expires=${expires}&sig=${signature(secret, id, expires)}`;
  return { url, expiresAt: new Date(expires * 1000).toISOString() };
}

/** Refuses (403) a link whose signature is wrong or whose time is up. */
export function checkSignedLink(secret: string, id: string, expires: number, sig: string, now = Date.now()): void {
  const expected = Buffer.from(signature(secret, id, expires));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new HttpError(403, 'This link is not valid.', 'FORBIDDEN');
  }
  if (expires * 1000 < now) throw new HttpError(403, SURVEY_FILE_MESSAGES.linkExpired, 'FORBIDDEN');
}

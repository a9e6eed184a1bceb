import { DEFAULT_LANGUAGE, type Language } from '#shared/i18n/languages';
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { RESUME_TOKEN_TTL_MS, type SurveyAnswers, type SurveyProgress, type SurveyResume } from '#shared/responses/responses.contract';
import { isForeignKeyViolation, toBool } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { conflict, HttpError } from '#server/lib/errors';
import { parseAnswers } from '#shared/survey-json/survey-questions';
import * as surveys from '#server/features/surveys';
import * as responsesRepo from '#server/features/responses/responses.repository';
import { requireRecordOf } from './responses.service';
import * as repo from './survey-progress.repository';
import { keepProgressContribution } from './dropoff-contributions';

type Db = Kysely<Database>;

/** 32 random bytes, base64url: unguessable. Only its SHA-256 is stored. */
function newResumeToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashResumeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Issues a resume token for the record (stored as its hash) and returns it. Tokens of any record
 * that have expired go at the same time: an abandoned survey's token is not kept past its 30 days.
 */
export async function issueResumeToken(db: Db, emailRecordId: string, now: Date): Promise<string> {
  const token = newResumeToken();
  await repo.deleteExpiredResumeTokens(db, now);
  await repo.insertResumeToken(db, {
    tokenHash: hashResumeToken(token),
    emailRecordId,
    expiresAt: new Date(now.getTime() + RESUME_TOKEN_TTL_MS),
    createdAt: now,
  });
  return token;
}

/** The token's row when it is the record's, and has not expired. */
async function validToken(db: Db, token: string, now: Date) {
  const row = await repo.findResumeToken(db, hashResumeToken(token));
  if (!row || new Date(row.expiresAt).getTime() <= now.getTime()) return undefined;
  return row;
}

/**
 * Keeps the visitor's answers so far against their e-mail record (the last write wins), with the
 * same checks as a response. Not a response: nothing is completed, counted or notified.
 *
 * The token: a save with a valid token of this record keeps it and revokes the record's older
 * ones; a save without one (another device, or someone who only knows the e-mail) revokes them all
 * and gets a new one. So a token only ever reads answers written after it was issued by its holder,
 * or by whoever wrote later with a newer token — never answers someone else writes afterwards.
 * Run it in a transaction (writes.run).
 */
export async function saveProgress(
  db: Db,
  campaignId: string,
  input: { email: string; emailId: string; answer: SurveyAnswers; page: number; resumeToken?: string; language?: Language },
  now = new Date(),
): Promise<{ resumeToken: string }> {
  const record = await requireRecordOf(db, campaignId, input);
  await repo.lockEmailRecord(db, record.id);
  const fresh = await responsesRepo.findEmailRecord(db, record.id);
  if (!fresh || toBool(fresh.isCompleted)) throw conflict(CAMPAIGN_MESSAGES.surveyFinished, 'SURVEY_FINISHED');
  try {
    await repo.upsertProgress(db, {
      emailRecordId: record.id,
      campaignId,
      answer: JSON.stringify(input.answer),
      page: input.page,
      language: input.language ?? DEFAULT_LANGUAGE,
      now,
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict(CAMPAIGN_MESSAGES.surveyFinished, 'SURVEY_FINISHED');
    throw error;
  }
  await keepProgressContribution(db, record.id, campaignId);
  const held = input.resumeToken ? await validToken(db, input.resumeToken, now) : undefined;
  if (held && held.emailRecordId === record.id) {
    await repo.deleteResumeTokens(db, record.id, held.createdAt);
    return { resumeToken: input.resumeToken! };
  }
  await repo.deleteResumeTokens(db, record.id);
  return { resumeToken: await issueResumeToken(db, record.id, now) };
}

const invalidLink = () => new HttpError(404, CAMPAIGN_MESSAGES.resumeLinkInvalid, 'RESUME_LINK_INVALID');

/**
 * The answers so far, for the holder of a valid token of an unfinished record of this campaign.
 * Every failure is the same 404: a wrong, expired or spent token tells nothing about anyone.
 */
export async function readProgress(db: Db, campaignId: string, token: string, now = new Date()): Promise<SurveyProgress> {
  const held = await validToken(db, token, now);
  if (!held) throw invalidLink();
  const record = await responsesRepo.findEmailRecord(db, held.emailRecordId);
  if (!record || record.campaignId !== campaignId || toBool(record.isCompleted)) throw invalidLink();
  const progress = await repo.findProgress(db, record.id);
  if (!progress) throw invalidLink();
  return { answer: parseAnswers(progress.answer), page: progress.page, email: record.email, emailId: record.id };
}

/**
 * What a resume link opens: the survey it was made for, active or not (a visitor who
 * started may always finish), with the answers so far. A link whose survey is gone says so (410); any
 * other failure is the same 404 as readProgress.
 */
export async function resumeSurvey(db: Db, token: string, now = new Date()): Promise<SurveyResume> {
  const held = await validToken(db, token, now);
  if (!held) throw invalidLink();
  const record = await responsesRepo.findEmailRecord(db, held.emailRecordId);
  if (!record || toBool(record.isCompleted)) throw invalidLink();
  const campaign = record.campaignId === null ? undefined : await surveys.findCampaign(db, record.campaignId);
  if (!campaign) throw new HttpError(410, CAMPAIGN_MESSAGES.surveyClosed, 'SURVEY_CLOSED');
  const progress = await repo.findProgress(db, record.id);
  if (!progress) throw invalidLink();
  return {
    campaign: {
      _id: campaign.id,
      name: campaign.name,
      questions: campaign.questions,
      questioncolumns: campaign.questioncolumns,
      isActive: toBool(campaign.isActive),
    },
    progress: { answer: parseAnswers(progress.answer), page: progress.page, email: record.email, emailId: record.id },
  };
}

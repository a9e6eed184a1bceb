import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '#server/db/schema';
import { campaignQuestions } from './campaigns.repository';
import { readSurvey, type SurveyReading } from '#shared/survey-json/survey-questions';

// Building a survey-core Model costs milliseconds for a real survey: too much to do for every
// notification or lead view. A campaign's reading is kept per (id, updatedAt): an edit makes a new key.
const readings = new LRUCache<string, SurveyReading>({ max: 100 });

const stamp = (value: Date | string) => (value instanceof Date ? value.toISOString() : String(value));

/** The questions and answer columns of a campaign's survey, built once per version of it. */
export async function campaignReading(db: Kysely<Database>, campaignId: string, updatedAt: Date | string): Promise<SurveyReading> {
  const key = `${campaignId}@${stamp(updatedAt)}`;
  const cached = readings.get(key);
  if (cached) return cached;
  const row = await campaignQuestions(db, campaignId);
  const reading = readSurvey(row?.questions ?? '{}');
  readings.set(key, reading);
  return reading;
}

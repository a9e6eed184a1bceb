import { createStaff } from '#server/features/auth/auth.service';
import { seedDemoCampaign } from '#server/features/surveys/campaigns.seed';
import { buildApp } from '#server/app';
import { loadConfig, type Config } from '#server/config';
import { newId } from '#server/lib/ids';
import { AbodeClient } from './abode-client';
import { startAbode, type Running } from './processes';

/** The staff user the benches create and log in as. */
export const BENCH_STAFF = { email: 'bench@abode.test', name: 'Bench', password: 'bench-password-123' };

const benchConfig = (dataDir: string, databaseUrl: string): Config =>
  loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'test' });

export interface DemoAnswers {
  /** Finished responses: visitors 0 … count-1. */
  count: number;
  /** Unfinished answers (survey progress) of the visitors after them. */
  unfinished?: number;
  /** When visitor `j` gave the e-mail. */
  createdAt: (j: number) => Date;
  answer: (j: number) => object;
}

/**
 * The demo campaign, the bench's staff user and the visitors' answers, written straight to the
 * database in the data folder (no HTTP: thousands a second); returns the campaign's id.
 */
export async function seedDemoAnswers(
  dataDir: string,
  databaseUrl: string,
  { count, unfinished = 0, createdAt: createdAtOf, answer: answerOf }: DemoAnswers,
): Promise<string> {
  const app = await buildApp(benchConfig(dataDir, databaseUrl), { logger: false });
  const db = app.db;
  await seedDemoCampaign(db);
  const campaign = await db.selectFrom('campaigns').select('id').executeTakeFirstOrThrow();
  await createStaff(db, BENCH_STAFF);
  const total = count + unfinished;
  for (let i = 0; i < total; i += 1000) {
    await db.transaction().execute(async (trx) => {
      const leads = [];
      const records = [];
      const responses = [];
      const progress = [];
      for (let j = i; j < Math.min(total, i + 1000); j++) {
        const id = newId();
        const createdAt = createdAtOf(j);
        const email = `visitor${j}@example.com`;
        const done = j < count;
        // Each visitor's lead, as the e-mail step makes it (every record names its person).
        const leadId = newId();
        leads.push({
          id: leadId,
          emailKey: email,
          email,
          name: null,
          phone: null,
          status: 'new' as const,
          assigneeId: null,
          hasSurvey: true,
          hasContact: false,
          hasNewsletter: false,
          lastCampaignId: campaign.id,
          lastCompleted: done,
          createdAt,
          lastActivityAt: createdAt,
        });
        records.push({ id, email, campaignId: campaign.id, isCompleted: done, createdAt, leadId });
        const answer = JSON.stringify(answerOf(j));
        if (done) responses.push({ id: newId(), campaignId: campaign.id, emailRecordId: id, leadId, answer, createdAt });
        else progress.push({ emailRecordId: id, campaignId: campaign.id, answer, page: j % 4, furthestPage: j % 4, createdAt, updatedAt: createdAt });
      }
      // SQLite allows 32k bound parameters per statement: insert in slices of 500 rows.
      for (let k = 0; k < records.length; k += 500) {
        await trx
          .insertInto('leads')
          .values(leads.slice(k, k + 500))
          .execute();
        await trx
          .insertInto('emailRecords')
          .values(records.slice(k, k + 500))
          .execute();
        if (responses.length > k)
          await trx
            .insertInto('surveyResponses')
            .values(responses.slice(k, k + 500))
            .execute();
        if (progress.length > k)
          await trx
            .insertInto('surveyProgress')
            .values(progress.slice(k, k + 500))
            .execute();
      }
    });
  }
  await app.close();
  return campaign.id;
}

/**
 * The production build (`npm run build` first; `npm run bench` does) serving the seeded data folder in
 * a process of its own, so that its CPU time and memory are its own; with the staff user's token.
 */
export async function serveDemoAnswers(dataDir: string, databaseUrl: string): Promise<{ server: Running; token: string }> {
  const server = await startAbode({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  try {
    return { server, token: await new AbodeClient(server.url).login(BENCH_STAFF.email, BENCH_STAFF.password) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

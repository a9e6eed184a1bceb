// Expo tablets (decision 0039): how long a tablet's 2,000 queued answers take to sync, one request per
// answer, in batches of 50 (what the tablet sends) and of 500 (the most the server takes), on SQLite through the app's real routes (inject, no network).
// Run: `npx tsx bench/kiosk-sync.ts`. Each side gets its own fresh database; the ratio batch / one-by-one
// is the figure to compare between runs (absolute times depend on the machine's load).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { createStaff } from '#server/features/auth/auth.service';

const COUNT = Number(process.env.KIOSK_BENCH_COUNT ?? 2000);

/** 0: one request per answer; otherwise answers per batch call (the tablet sends KIOSK_SYNC_BATCH = 50). */
async function side(batch: number): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kiosk-bench-'));
  const config = {
    ...loadConfig({
      ...process.env,
      DATA_DIR: dir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    }),
  };
  config.notify = { ...config.notify, dispatch: false, mailDir: path.join(dir, 'mail') };
  const app = await buildApp(config, { logger: false });
  await app.ready();
  try {
    await createStaff(app.db, { email: 'bench@abode.test', name: 'Bench', password: 'correct horse battery' });
    const token = (await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'bench@abode.test', password: 'correct horse battery' } })).json<{
      token: string;
    }>().token;
    const auth = { authorization: `Bearer ${token}` };
    const survey = JSON.stringify({
      pages: [
        {
          name: 'p1',
          elements: [
            { type: 'text', name: 'who', title: 'Your name' },
            { type: 'text', name: 'city', title: 'City' },
          ],
        },
      ],
    });
    const campaign = (await app.inject({ method: 'POST', url: '/api/campaign/add', headers: auth, payload: { name: 'Bench', questions: survey } })).json<{
      _id?: string;
      campaign?: { _id: string };
    }>();
    const campaignId = campaign._id ?? campaign.campaign!._id;
    const channel = (await app.inject({ method: 'POST', url: '/api/channels', headers: auth, payload: { name: 'Stall', kind: 'kiosk', campaignId } })).json<{
      channel: { id: string };
    }>().channel;
    const device = (
      await app.inject({ method: 'POST', url: '/api/kiosk/devices', headers: auth, payload: { channelId: channel.id, name: 'Bench tablet' } })
    ).json<{ deviceKey: string }>();
    const notice = (await app.inject({ method: 'GET', url: '/api/consent/notices' })).json<{ survey: { version: number } }>().survey.version;
    const answers = Array.from({ length: COUNT }, (_, i) => ({
      id: randomUUID(),
      email: `visitor${i}@example.com`,
      answer: { who: `Visitor ${i}`, city: 'Pune' },
      answeredAt: new Date(Date.now() - (COUNT - i) * 1000).toISOString(),
      consent: { version: notice, newsletter: false },
    }));
    const key = { authorization: `Bearer ${device.deviceKey}` };
    const started = process.hrtime.bigint();
    if (batch) {
      for (let i = 0; i < answers.length; i += batch) {
        const res = await app.inject({ method: 'POST', url: '/api/kiosk/responses/batch', headers: key, payload: { responses: answers.slice(i, i + batch) } });
        if (res.statusCode !== 200) throw new Error(res.body);
      }
    } else {
      // In order, one at a time, as the tablet sends its queue.
      for (const a of answers) {
        const res = await app.inject({ method: 'POST', url: '/api/kiosk/responses', headers: key, payload: a });
        if (res.statusCode !== 201) throw new Error(res.body);
      }
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const stored = Number(
      (
        await app.db
          .selectFrom('kioskResponses')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    if (stored !== COUNT) throw new Error(`stored ${stored} of ${COUNT}`);
    return ms;
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const single = await side(0);
const fifty = await side(50);
const batched = await side(500);
console.log(
  `kiosk sync of ${COUNT} answers (SQLite): one by one ${(single / 1000).toFixed(1)} s (${(single / COUNT).toFixed(2)} ms each); ` +
    `batches of 50 (as the tablet sends) ${(fifty / 1000).toFixed(1)} s; batches of 500 ${(batched / 1000).toFixed(1)} s; batch of 50 / one-by-one = ${(fifty / single).toFixed(2)}`,
);

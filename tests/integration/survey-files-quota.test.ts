import { randomBytes } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { SURVEY_FILE_MESSAGES } from '#shared/responses/survey-files.contract';
import { loadConfig } from '#server/config';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { addEmail, createActiveCampaign, visitorEmail } from '../factories/campaigns';

/*
 * Survey files have a storage quota per record, per sender address per day and in
 * all, set in config.ts; past one, the visitor is told in a sentence what happened.
 */

const KB = 1024;

function png(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}

async function upload(ctx: TestContext, who: { campaignId: string; email: string; emailId: string }, size: number, remoteAddress: string) {
  const body = await multipart({ email: who.email, emailId: who.emailId }, { bytes: png(size), filename: 'photo.png', type: 'image/png' });
  return ctx.app.inject({ method: 'POST', url: `/api/campaign/file/${who.campaignId}`, remoteAddress, ...body });
}

describeEachDatabase(
  'survey file quota',
  (ctx) => {
    let campaignId = '';
    // Each test starts from an empty store (the limit in all is shared by every test of the file).
    beforeEach(async () => {
      await ctx.database.db.deleteFrom('surveyFiles').execute();
    });
    async function visitor() {
      campaignId ||= await createActiveCampaign(ctx);
      const email = visitorEmail();
      return { campaignId, email, emailId: await addEmail(ctx, email, campaignId) };
    }

    it('per record: the files of one survey stop at the limit (413, in words)', async () => {
      const who = await visitor();
      for (let i = 0; i < 3; i++) expect((await upload(ctx, who, 10 * KB, '10.1.0.1')).statusCode).toBe(201);
      const refused = await upload(ctx, who, 10 * KB, '10.1.0.2');
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toMatchObject({ code: 'TOO_LARGE', message: SURVEY_FILE_MESSAGES.recordFull(35 * KB) });
      expect(refused.json().message).toBe(
        'Your answers already have 35 KB of files attached, the most one survey can take. Please leave out a file, or send it to the studio by e-mail.',
      );
      // A smaller one that still fits is taken.
      expect((await upload(ctx, who, 1 * KB, '10.1.0.2')).statusCode).toBe(201);
    });

    it('per address per day: one sender stops at the limit over many surveys (429, in words); another sender goes on', async () => {
      for (let i = 0; i < 5; i++) expect((await upload(ctx, await visitor(), 10 * KB, '10.2.0.1')).statusCode).toBe(201);
      const refused = await upload(ctx, await visitor(), 10 * KB, '10.2.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: SURVEY_FILE_MESSAGES.addressFull(50 * KB) });
      expect((await upload(ctx, await visitor(), 10 * KB, '10.2.0.2')).statusCode).toBe(201);
      // Yesterday's files do not count today.
      await ctx.database.db
        .updateTable('surveyFiles')
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .execute();
      expect((await upload(ctx, await visitor(), 10 * KB, '10.2.0.1')).statusCode).toBe(201);
    });

    it('in all: the store stops at the limit for everyone (413, in words), and no bytes were kept', async () => {
      for (let i = 0; i < 8; i++) expect((await upload(ctx, await visitor(), 10 * KB, `10.3.0.${i + 1}`)).statusCode).toBe(201);
      const refused = await upload(ctx, await visitor(), 10 * KB, '10.3.1.1');
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toMatchObject({ code: 'TOO_LARGE', message: SURVEY_FILE_MESSAGES.storeFull });
      const stored = await ctx.database.db
        .selectFrom('surveyFiles')
        .select((eb) => eb.fn.sum<number>('size').as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(80 * KB);
    });
  },
  { surveyFileQuota: { perRecordBytes: 35 * KB, perAddressDayBytes: 50 * KB, totalBytes: 80 * KB } },
);

it('reads the limits from the environment in megabytes, with defaults, and refuses nonsense', () => {
  const base = { DATA_DIR: '/tmp/abode-quota-config', JWT_SECRET: 'x'.repeat(40) };
  expect(loadConfig(base).surveyFileQuota).toEqual({
    perRecordBytes: 50 * 1024 * 1024,
    perAddressDayBytes: 200 * 1024 * 1024,
    totalBytes: 5 * 1024 * 1024 * 1024,
  });
  expect(
    loadConfig({ ...base, SURVEY_FILES_PER_RECORD_MB: '5', SURVEY_FILES_PER_ADDRESS_DAY_MB: '20', SURVEY_FILES_TOTAL_MB: '1000' }).surveyFileQuota,
  ).toEqual({
    perRecordBytes: 5 * 1024 * 1024,
    perAddressDayBytes: 20 * 1024 * 1024,
    totalBytes: 1000 * 1024 * 1024,
  });
  expect(() => loadConfig({ ...base, SURVEY_FILES_TOTAL_MB: 'lots' })).toThrow(/SURVEY_FILES_TOTAL_MB/);
});

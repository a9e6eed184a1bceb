import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { SURVEY_FILE_MESSAGES } from '#shared/responses/survey-files.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { addEmail, createActiveCampaign, respond, visitorEmail } from '../factories/campaigns';

// The visitor's own photo previews again after a reload. The answer keeps the staff
// reference (GET /api/campaign/file/<id>, 401 without a staff token); the visitor asks for a short-lived
// signed link with the proof an upload needs (the e-mail record's id and its e-mail), for their own
// unfinished record only.

const photo = () => {
  const bytes = randomBytes(4000);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
};

describeEachDatabase('a visitor previews their own survey file', (ctx) => {
  async function visitorWithFile(c: TestContext) {
    const campaignId = await createActiveCampaign(c);
    const email = visitorEmail();
    const emailId = await addEmail(c, email, campaignId);
    const bytes = photo();
    const body = await multipart({ email, emailId }, { bytes, filename: 'balcony.png', type: 'image/png' });
    const uploaded = await c.app.inject({ method: 'POST', url: `/api/campaign/file/${campaignId}`, ...body });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    return { campaignId, email, emailId, bytes, file: uploaded.json() as { fileId: string; url: string } };
  }
  const preview = (fileId: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/campaign/file/${encodeURIComponent(fileId)}/preview`, payload });

  it('gives the holder of the record a short-lived signed link that opens the file without a token', async () => {
    const { email, emailId, bytes, file } = await visitorWithFile(ctx);
    // The reference the answer keeps is still staff only.
    expect((await ctx.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(401);

    // The e-mail as typed (spaces, the domain's case) is the same e-mail.
    const res = await preview(file.fileId, { email: ` ${email.replace(/@.*$/, (domain) => domain.toUpperCase())} `, emailId });
    expect(res.statusCode, res.body).toBe(200);
    const { url, expiresAt } = res.json() as { url: string; expiresAt: string };
    expect(url).toMatch(new RegExp(`^/api/survey-file/${file.fileId}\\?expires=\\d+&sig=[\\w-]+$`));
    const lifetime = Date.parse(expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(15 * 60 * 1000);

    const opened = await ctx.app.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/png');
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(opened.rawPayload.equals(bytes)).toBe(true);
  });

  it('tells a stranger nothing: another record, another e-mail, an unknown file all answer "no such file"', async () => {
    const mine = await visitorWithFile(ctx);
    const theirs = await visitorWithFile(ctx);
    const notFound = { message: SURVEY_FILE_MESSAGES.notFound, code: 'NOT_FOUND' };
    const refused = [
      // Someone else's record and e-mail (a proof, but of another file).
      await preview(mine.file.fileId, { email: theirs.email, emailId: theirs.emailId }),
      // The right record with another e-mail, and the right e-mail with another record.
      await preview(mine.file.fileId, { email: theirs.email, emailId: mine.emailId }),
      await preview(mine.file.fileId, { email: mine.email, emailId: theirs.emailId }),
      // Only the e-mail (a record id that does not exist).
      await preview(mine.file.fileId, { email: mine.email, emailId: '0190f0f0-0000-7000-8000-000000000000' }),
      // A file that does not exist.
      await preview('0190f0f0-0000-7000-8000-000000000001', { email: mine.email, emailId: mine.emailId }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    // Without the proof at all: refused as input.
    expect((await preview(mine.file.fileId, { email: mine.email })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/campaign/file/${mine.file.fileId}/preview` })).statusCode).toBe(400);
  });

  it('stops once the survey is finished: the file is then for staff only', async () => {
    const { campaignId, email, emailId, file } = await visitorWithFile(ctx);
    expect((await preview(file.fileId, { email, emailId })).statusCode).toBe(200);
    const answer = { photo: [{ name: 'balcony.png', type: 'image/png', content: file.url }] };
    expect((await respond(ctx, campaignId, email, emailId, answer)).statusCode).toBe(200);
    expect((await preview(file.fileId, { email, emailId })).statusCode).toBe(404);
    expect((await ctx.asStaff({ method: 'GET', url: file.url })).statusCode).toBe(200);
  });
});

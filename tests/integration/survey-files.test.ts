import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SURVEY_FILE_MAX_BYTES, SURVEY_FILE_MESSAGES } from '#shared/responses/survey-files.contract';
import { checkSignedLink, signedLink, SIGNED_LINK_SECONDS } from '#server/features/responses/survey-files.service';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { addEmail, createActiveCampaign, respond, visitorEmail } from '../factories/campaigns';

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF_HEADER = [...Buffer.from('%PDF-1.7\n')];

/** A file of `size` bytes starting with `header` (the rest random, as a photo's data is). */
function fileOf(header: number[], size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from(header).copy(bytes);
  return bytes;
}

async function upload(
  ctx: TestContext,
  campaignId: string,
  fields: { email: string; emailId: string },
  file?: { bytes: Buffer; filename: string; type?: string },
) {
  const body = await multipart(fields, file);
  return ctx.app.inject({ method: 'POST', url: `/api/campaign/file/${campaignId}`, ...body });
}

describeEachDatabase('survey file uploads', (ctx) => {
  async function visitor() {
    const campaignId = await createActiveCampaign(ctx);
    const email = visitorEmail();
    return { campaignId, email, emailId: await addEmail(ctx, email, campaignId) };
  }

  it('stores a 300 KB photo on its own; the answer keeps the reference, and staff open the file with their token', async () => {
    const { campaignId, email, emailId } = await visitor();
    const photo = fileOf(PNG_HEADER, 300 * 1024);
    const res = await upload(ctx, campaignId, { email, emailId }, { bytes: photo, filename: 'C:\\photos\\living room.png', type: 'image/png' });
    expect(res.statusCode).toBe(201);
    const stored = res.json();
    expect(stored).toEqual({
      fileId: expect.any(String),
      name: 'living room.png',
      type: 'image/png',
      size: photo.length,
      url: `/api/campaign/file/${stored.fileId}`,
    });

    // The answer SurveyJS sends holds the reference, far under the answer limit.
    const answer = { photo: [{ name: stored.name, type: stored.type, content: stored.url }] };
    expect((await respond(ctx, campaignId, email, emailId, answer)).statusCode).toBe(200);
    const rows = (await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${campaignId}` })).json();
    expect(JSON.parse(rows[0].result)).toEqual(answer);

    const anonymous = await ctx.app.inject({ method: 'GET', url: stored.url });
    expect(anonymous.statusCode).toBe(401);
    const staff = await ctx.asStaff({ method: 'GET', url: stored.url });
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-type']).toBe('image/png');
    expect(staff.headers['x-content-type-options']).toBe('nosniff');
    expect(staff.rawPayload.equals(photo)).toBe(true);
  });

  // "invoice\u202Efdp.exe" shows as "invoiceexe.pdf" — bidi controls are stripped.
  it('strips bidi control characters from the file name it stores, shows and sends', async () => {
    const { campaignId, email, emailId } = await visitor();
    const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F'];
    for (const control of controls) {
      const res = await upload(
        ctx,
        campaignId,
        { email, emailId },
        { bytes: fileOf(PDF_HEADER, 512), filename: `invoice${control}fdp.exe`, type: 'application/pdf' },
      );
      expect(res.statusCode, escape(control)).toBe(201);
      expect(res.json().name, escape(control)).toBe('invoicefdp.exe');
      const staff = await ctx.asStaff({ method: 'GET', url: res.json().url });
      expect(staff.headers['content-disposition'], escape(control)).toBe("inline; filename*=UTF-8''invoicefdp.exe");
    }
    const only = await upload(ctx, campaignId, { email, emailId }, { bytes: fileOf(PDF_HEADER, 512), filename: '\u202E\u2066', type: 'application/pdf' });
    expect(only.json().name).toBe('file');
  });

  it('accepts a PDF by its bytes, whatever type the browser declared', async () => {
    const { campaignId, email, emailId } = await visitor();
    const res = await upload(ctx, campaignId, { email, emailId }, { bytes: fileOf(PDF_HEADER, 2048), filename: 'plan.pdf', type: 'application/octet-stream' });
    expect(res.statusCode).toBe(201);
    expect(res.json().type).toBe('application/pdf');
  });

  it('refuses a file that is not an image or a PDF (415), even named and declared as one', async () => {
    const { campaignId, email, emailId } = await visitor();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await upload(ctx, campaignId, { email, emailId }, { bytes: html, filename: 'photo.png', type: 'image/png' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: SURVEY_FILE_MESSAGES.wrongType, code: 'UNSUPPORTED_MEDIA' });
    expect(await ctx.database.db.selectFrom('surveyFiles').select('id').where('campaignId', '=', campaignId).execute()).toEqual([]);
  });

  it('refuses a file over 10 MB (413) with a message saying what to do', async () => {
    const { campaignId, email, emailId } = await visitor();
    const res = await upload(ctx, campaignId, { email, emailId }, { bytes: fileOf(PNG_HEADER, SURVEY_FILE_MAX_BYTES + 1), filename: 'huge.png' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: SURVEY_FILE_MESSAGES.tooLarge, code: 'TOO_LARGE' });
  });

  it('takes files only for a real e-mail record of that campaign, with its e-mail', async () => {
    const { campaignId, email, emailId } = await visitor();
    const png = { bytes: fileOf(PNG_HEADER, 100), filename: 'a.png' };
    expect((await upload(ctx, campaignId, { email: 'someone@else.example', emailId }, png)).statusCode).toBe(400);
    expect((await upload(ctx, campaignId, { email, emailId: '0190f0f0-0000-7000-8000-000000000000' }, png)).statusCode).toBe(404);
    const other = await createActiveCampaign(ctx);
    expect((await upload(ctx, other, { email, emailId }, png)).statusCode).toBe(404);
    expect((await upload(ctx, campaignId, { email, emailId })).statusCode).toBe(400);
  });

  it('opens a file through a signed link a staff member asks for, only until it expires', async () => {
    const { campaignId, email, emailId } = await visitor();
    const photo = fileOf([0xff, 0xd8, 0xff, 0xe0], 5000);
    const { fileId } = (await upload(ctx, campaignId, { email, emailId }, { bytes: photo, filename: 'kitchen.jpg' })).json();

    expect((await ctx.app.inject({ method: 'GET', url: `/api/campaign/file/${fileId}/link` })).statusCode).toBe(401);
    const link = await ctx.asStaff({ method: 'GET', url: `/api/campaign/file/${fileId}/link` });
    expect(link.statusCode).toBe(200);
    const { url, expiresAt } = link.json();
    const opened = await ctx.app.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/jpeg');
    expect(opened.rawPayload.equals(photo)).toBe(true);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());

    // Another file's id, a changed expiry, or no signature: refused.
    const parsed = new URL(url, 'http://x');
    const later = Number(parsed.searchParams.get('expires')) + 3600;
    for (const bad of [
      `/api/survey-file/${fileId}?expires=${later}&sig=${parsed.searchParams.get('sig')}`,
      `/api/survey-file/${fileId}?expires=${parsed.searchParams.get('expires')}&sig=x`,
      `/api/survey-file/${fileId}`,
    ]) {
      expect([400, 403]).toContain((await ctx.app.inject({ method: 'GET', url: bad })).statusCode);
    }

    // A link signed in the past whose time is up.
    const old = signedLink(ctx.config.jwtSecret, fileId, Date.now() - (SIGNED_LINK_SECONDS + 5) * 1000);
    const expired = await ctx.app.inject({ method: 'GET', url: old.url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ message: SURVEY_FILE_MESSAGES.linkExpired, code: 'FORBIDDEN' });
  });
});

describe('signed file links', () => {
  it('hold until their time and not a second after', () => {
    const now = Date.UTC(2026, 10, 23, 2, 0, 0);
    const { url } = signedLink('secret-0123456789-0123456789-0123', 'f1', now);
    const params = new URL(url, 'http://x').searchParams;
    const expires = Number(params.get('expires'));
    expect(() => checkSignedLink('secret-0123456789-0123456789-0123', 'f1', expires, params.get('sig')!, expires * 1000)).not.toThrow();
    expect(() => checkSignedLink('secret-0123456789-0123456789-0123', 'f1', expires, params.get('sig')!, expires * 1000 + 1000)).toThrow(
      SURVEY_FILE_MESSAGES.linkExpired,
    );
    expect(() => checkSignedLink('another-secret-0123456789-01234567', 'f1', expires, params.get('sig')!, now)).toThrow('This link is not valid.');
  });
});

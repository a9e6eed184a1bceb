import { expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { NUL_MESSAGE } from '#shared/text-rules';
import { describeEachDatabase, STAFF } from '../helpers/app';
import { testImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { addEmail, campaignName, createActiveCampaign, surveyText, visitorEmail } from '../factories/campaigns';

const NUL = '\u0000';

/** 400, code VALIDATION, the NUL rule's message on the named field. */
function expectRefused(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.code).toBe('VALIDATION');
  expect(body.message).toBe(NUL_MESSAGE);
  expect(body.errors).toContainEqual({ field, message: NUL_MESSAGE, key: 'msg.text.nul' });
}

// PostgreSQL refuses U+0000 in text (a 500 before); SQLite would store it. Both answer 400 now.
describeEachDatabase('a NUL character in any input', (ctx) => {
  const contact = { firstname: 'Asha', lastname: 'Rao', email: 'asha@example.com', requestquotation: 'Homes', message: 'Call me' };

  it('contact fields', async () => {
    for (const field of ['firstname', 'lastname', 'email', 'message'] as const) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/contactus/add', payload: { response: { ...contact, [field]: `a${NUL}b` } } });
      expectRefused(res, `response.${field}`);
    }
    const list = await ctx.asStaff({ method: 'GET', url: '/api/contactus/get' });
    expect(list.json()).toEqual([]);
  });

  it('the e-mail and campaignid of POST /api/email/add', async () => {
    const campaignId = await createActiveCampaign(ctx);
    expectRefused(
      await ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email: visitorEmail(), campaignid: `${campaignId}${NUL}` } }),
      'campaignid',
    );
    expectRefused(await ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email: `a${NUL}@example.com`, campaignid: campaignId } }), 'email');
  });

  it('a survey response: the path, and an answer', async () => {
    const campaignId = await createActiveCampaign(ctx);
    const email = visitorEmail();
    const emailId = await addEmail(ctx, email, campaignId);
    const payload = { response: { email, emailId, answer: { notes: 'hi' } } };
    expectRefused(await ctx.app.inject({ method: 'POST', url: '/api/campaign/response/%00', payload }), 'campaignId');
    const answer = { response: { email, emailId, answer: { notes: `hi${NUL}` } } };
    expectRefused(await ctx.app.inject({ method: 'POST', url: `/api/campaign/response/${campaignId}`, payload: answer }), 'response.answer.notes');
  });

  it('the login e-mail and password', async () => {
    expectRefused(await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: `${STAFF.email}${NUL}`, password: STAFF.password } }), 'email');
    expectRefused(await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: STAFF.email, password: `x${NUL}` } }), 'password');
  });

  it('campaign add: name and questions', async () => {
    expectRefused(await ctx.asStaff({ method: 'POST', url: '/api/campaign/add', payload: { name: `Spring${NUL}`, questions: surveyText() } }), 'name');
    const questions = surveyText().replace('"Home preferences"', `"Home${NUL}"`);
    expectRefused(await ctx.asStaff({ method: 'POST', url: '/api/campaign/add', payload: { name: campaignName(), questions } }), 'questions');
  });

  it('a search query string: /api/email/all?q=%00', async () => {
    expectRefused(await ctx.asStaff({ method: 'GET', url: '/api/email/all?q=%00' }), 'q');
    expectRefused(await ctx.asStaff({ method: 'GET', url: '/api/leads?q=a%00b' }), 'q');
  });

  it('project add: multipart fields and the image file name, nothing stored', async () => {
    const fields = { name: 'Lake View', area: 'Whitefield', squareft: '1450', dateofcomplition: '15-08-2027', sizeofunit: '3 BHK', gmaplink: '' };
    const image = await testImage('png');
    for (const field of ['name', 'area', 'sizeofunit'] as const) {
      const body = await multipart({ ...fields, [field]: `x${NUL}y` }, { bytes: image, filename: 'photo.png', type: 'image/png' });
      expectRefused(await ctx.asStaff({ method: 'POST', url: '/api/project/add', ...body }), field);
    }
    const named = await multipart(fields, { bytes: image, filename: `photo${NUL}.png`, type: 'image/png' });
    expectRefused(await ctx.asStaff({ method: 'POST', url: '/api/project/add', ...named }), 'filename');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/project/get' })).json()).toEqual([]);
  });

  it("a survey file upload's fields and file name", async () => {
    const campaignId = await createActiveCampaign(ctx);
    const email = visitorEmail();
    const emailId = await addEmail(ctx, email, campaignId);
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
    const named = await multipart({ email, emailId }, { bytes: pdf, filename: `plan${NUL}.pdf`, type: 'application/pdf' });
    expectRefused(await ctx.app.inject({ method: 'POST', url: `/api/campaign/file/${campaignId}`, ...named }), 'filename');
    const field = await multipart({ email, emailId: `${emailId}${NUL}` }, { bytes: pdf, filename: 'plan.pdf', type: 'application/pdf' });
    expectRefused(await ctx.app.inject({ method: 'POST', url: `/api/campaign/file/${campaignId}`, ...field }), 'emailId');
  });
});

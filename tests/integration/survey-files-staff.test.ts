import { expect, it } from 'vitest';
import { LEADS_API } from '#shared/leads/leads.api';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { FORGED_HOSTS } from '../helpers/forged-hosts';
import { readZip } from '../helpers/zip';
import { addEmail, createActiveCampaign, respond, visitorEmail } from '../factories/campaigns';

// Staff open the files visitors attached: from the lead, the results and the .xlsx.
const SURVEY = JSON.stringify({
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'city', title: 'Your city' },
        { type: 'file', name: 'plans', title: 'Floor plans', allowMultiple: true, storeDataAsText: false },
        { type: 'file', name: 'photo', title: 'A photo of the room', storeDataAsText: false },
      ],
    },
  ],
});
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 1)]);

async function upload(ctx: TestContext, campaignId: string, fields: { email: string; emailId: string }, bytes: Buffer, filename: string) {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/campaign/file/${campaignId}`, ...(await multipart(fields, { bytes, filename })) });
  expect(res.statusCode).toBe(201);
  return res.json<{ fileId: string; name: string; type: string; url: string }>();
}

describeEachDatabase(
  'staff opening the files visitors attached',
  (ctx) => {
    async function answeredWithFiles() {
      const campaignId = await createActiveCampaign(ctx, { questions: SURVEY });
      const email = visitorEmail();
      const emailId = await addEmail(ctx, email, campaignId);
      const plan = await upload(ctx, campaignId, { email, emailId }, PDF, 'ground floor.pdf');
      const plan2 = await upload(ctx, campaignId, { email, emailId }, PDF, 'first floor.pdf');
      const photo = await upload(ctx, campaignId, { email, emailId }, PNG, 'hall.png');
      const answer = {
        city: 'Pune',
        plans: [plan, plan2].map((f) => ({ name: f.name, type: f.type, content: f.url })),
        photo: [{ name: photo.name, type: photo.type, content: photo.url }],
      };
      expect((await respond(ctx, campaignId, email, emailId, answer)).statusCode).toBe(200);
      return { campaignId, email, plan, plan2, photo };
    }

    it('gives the .xlsx a link to each file’s staff page on the public address, with the file’s name as its text', async () => {
      const { campaignId, plan, plan2, photo } = await answeredWithFiles();
      const res = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${campaignId}` });
      expect(res.statusCode).toBe(200);
      const files = new Map(readZip(res.rawPayload).map((f) => [f.name, f.data.toString('utf8')]));
      const sheet = files.get('xl/worksheets/sheet1.xml')!;
      // Columns: Email, Date, Your city, Floor plans, A photo of the room → D2 and E2.
      const text = (ref: string) => new RegExp(`<c r="${ref}"[^>]*><is><t[^>]*>([^<]*)</t>`).exec(sheet)?.[1];
      const url = (id: string) => `https://studio.example/dashboard/file/${id}`;
      expect(text('E2')).toBe('hall.png');
      expect(text('D2')).toBe(`ground floor.pdf: ${url(plan.fileId)}\nfirst floor.pdf: ${url(plan2.fileId)}`);
      expect(sheet).toContain('<hyperlinks><hyperlink ref="D2" r:id="rId1"/><hyperlink ref="E2" r:id="rId2"/></hyperlinks>');
      const rels = files.get('xl/worksheets/_rels/sheet1.xml.rels')!;
      expect(rels).toContain(
        `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${url(plan.fileId)}" TargetMode="External"/>`,
      );
      expect(rels).toContain(
        `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${url(photo.fileId)}" TargetMode="External"/>`,
      );
      // The second sheet (e-mails) has no links, so no relationships part.
      expect(files.has('xl/worksheets/_rels/sheet2.xml.rels')).toBe(false);
    });

    it('lists the files on the lead, each with the id its staff page opens', async () => {
      const { email, plan, plan2, photo } = await answeredWithFiles();
      const list = await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?q=${encodeURIComponent(email)}` });
      const lead = await ctx.asStaff({ method: 'GET', url: LEADS_API.one(list.json().items[0]._id) });
      const response = lead.json().activities.find((a: { type: string }) => a.type === 'response');
      expect(response.answers).toEqual([
        { question: 'Your city', answer: 'Pune' },
        {
          question: 'Floor plans',
          answer: 'ground floor.pdf, first floor.pdf',
          files: [
            { fileId: plan.fileId, name: 'ground floor.pdf' },
            { fileId: plan2.fileId, name: 'first floor.pdf' },
          ],
        },
        { question: 'A photo of the room', answer: 'hall.png', files: [{ fileId: photo.fileId, name: 'hall.png' }] },
      ]);
    });

    it('tells the file page what the file is along with its signed address, and only to staff', async () => {
      const { photo } = await answeredWithFiles();
      expect((await ctx.app.inject({ method: 'GET', url: `/api/campaign/file/${photo.fileId}/link` })).statusCode).toBe(401);
      const link = await ctx.asStaff({ method: 'GET', url: `/api/campaign/file/${photo.fileId}/link` });
      expect(link.statusCode).toBe(200);
      expect(link.json()).toEqual({
        url: expect.stringMatching(/^\/api\/survey-file\//),
        expiresAt: expect.any(String),
        name: 'hall.png',
        type: 'image/png',
        size: PNG.length,
      });
      const missing = await ctx.asStaff({ method: 'GET', url: '/api/campaign/file/no-such-file/link' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'There is no such file.', code: 'NOT_FOUND' });
    });

    it('answers the staff file page as a page of the app, like any other staff page, and only that path', async () => {
      const { photo } = await answeredWithFiles();
      const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const known = await get('/dashboard/leads');
      const page = await get(`/dashboard/file/${photo.fileId}`);
      expect(page.statusCode).toBe(known.statusCode);
      expect(page.headers['content-type']).toBe(known.headers['content-type']);
      expect((await get(`/dashboard/file/${photo.fileId}/more`)).statusCode).toBe(404);
    });
  },
  { publicBaseUrl: 'https://studio.example' },
);

// Without PUBLIC_BASE_URL the .xlsx links name the site's configured address (the
// first allowed host, with the port it listens on), never the Host header of the download request.
describeEachDatabase(
  'file links in the .xlsx come from the configured address',
  (ctx) => {
    it('links to the first allowed host with its port, whatever Host the download was asked with', async () => {
      const campaignId = await createActiveCampaign(ctx, { questions: SURVEY });
      const email = visitorEmail();
      const emailId = await addEmail(ctx, email, campaignId);
      const photo = await upload(ctx, campaignId, { email, emailId }, PNG, 'hall.png');
      const answer = { city: 'Pune', photo: [{ name: photo.name, type: photo.type, content: photo.url }] };
      expect((await respond(ctx, campaignId, email, emailId, answer)).statusCode).toBe(200);
      for (const host of [...FORGED_HOSTS, 'abode.example', 'abode.example:8080']) {
        const res = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${campaignId}`, headers: { host } });
        expect(res.statusCode, host).toBe(200);
        const files = readZip(res.rawPayload).map((f) => f.data.toString('utf8'));
        expect(files.join('').toLowerCase(), host).not.toContain('evil');
        expect(files.join(''), host).toContain(`Target="http://localhost:4321/dashboard/file/${photo.fileId}"`);
        expect(files.join(''), host).not.toContain('abode.example');
      }
    });
  },
  { port: 4321, allowedHosts: ['localhost', 'abode.example'] },
);

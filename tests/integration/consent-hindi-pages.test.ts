import path from 'node:path';
import { expect, it } from 'vitest';
import type { PublicNotices } from '#shared/consent/consent.contract';
import type { Language } from '#shared/i18n/languages';
import { consentsOfLead } from '#server/features/consent/consent.service';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { testImage } from '../helpers/images';

// The consent notices on the Hindi pages (docs/decisions/0027-notices-per-language.md), rendered by
// the site's real server entry (tests/fixtures/ssr-app) without script: every form under /hi/ shows
// the studio's Hindi notice and no English one; the English pages keep the English notice.

/** The visible text of a page, without tags and scripts. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');

/** What a form shows of a notice: its words before the privacy page's mention (shown as a link). */
const shown = (notice: { text: string }) => notice.text.split('/privacy')[0]!.trim();

async function notices(ctx: TestContext, language: Language): Promise<PublicNotices> {
  return (await ctx.app.inject({ method: 'GET', url: `/api/consent/notices?language=${language}` })).json<PublicNotices>();
}

describeEachDatabase(
  'consent notices on the Hindi pages',
  (ctx) => {
    const get = async (url: string) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      return res.body;
    };

    it('shows the Hindi notices on /hi/ and /hi/viewContact and no English notice sentence; the English pages keep theirs', async () => {
      const hi = await notices(ctx, 'hi');
      const en = await notices(ctx, 'en');

      const landing = await get('/hi/');
      expect(text(landing)).toContain(shown(hi.survey));
      expect(text(landing)).toContain(hi.newsletter.text);
      const contact = await get('/hi/viewContact');
      expect(text(contact)).toContain(shown(hi.contact));
      expect(text(contact)).toContain(hi.newsletter.text);
      // Hindi text on a Hindi page: not marked as another language.
      expect(contact).toMatch(/<p class="consent-notice__text" id="contact-notice">/);
      for (const page of [landing, contact]) {
        for (const english of [shown(en.survey), shown(en.contact), en.newsletter.text, 'collects your', 'The newsletter is separate']) {
          expect(text(page), english).not.toContain(english);
        }
      }

      expect(text(await get('/'))).toContain(shown(en.survey));
      const englishContact = text(await get('/viewContact'));
      expect(englishContact).toContain(shown(en.contact));
      expect(englishContact).not.toContain(shown(hi.contact));
    });

    it('shows the Hindi notices on /hi/privacy with their versions', async () => {
      const hi = await notices(ctx, 'hi');
      const page = text(await get('/hi/privacy'));
      for (const purpose of ['survey', 'contact', 'newsletter'] as const) expect(page, purpose).toContain(hi[purpose].text);
      expect(page).not.toContain('collects your');
    });

    it('shows the Hindi notice in a home’s enquiry form under /hi/, and its form post without script records it', async () => {
      const hi = await notices(ctx, 'hi');
      const body = await multipart(
        { name: 'Crest Towers', area: 'Baner, Pune', squareft: '1180', dateofcomplition: '31-03-2030', sizeofunit: '2 BHK' },
        { bytes: await testImage('png', { color: '#336699' }), filename: 'photo.png', type: 'image/png' },
      );
      const added = await ctx.asStaff({ method: 'POST', url: '/api/project/add', payload: body.payload, headers: body.headers });
      expect(added.statusCode, added.body).toBe(201);
      const id = added.json<{ _id: string }>()._id;

      const html = await get(`/hi/viewProjects/${id}`);
      expect(text(html)).toContain(shown(hi.contact));
      expect(text(html)).not.toContain('collects your');
      expect(html).toContain(`name="noticeVersion" value="${hi.contact.version}"`);

      const post = (fields: Record<string, string>) =>
        ctx.app.inject({
          method: 'POST',
          url: '/enquiry',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(fields).toString(),
        });
      const form = {
        listingKind: 'project',
        listingId: id,
        language: 'hi',
        noticeVersion: String(hi.contact.version),
        firstname: 'कबीर',
        topic: 'question',
        message: 'पार्किंग?',
      };
      // Refused (no e-mail): the form comes back with the Hindi notice.
      const refused = await post({ ...form, email: 'not-an-email' });
      expect(refused.statusCode).toBe(400);
      expect(text(refused.body)).toContain(shown(hi.contact));
      expect(text(refused.body)).not.toContain('collects your');

      const sent = await post({ ...form, email: 'kabir.hindi@example.com', newsletter: 'on' });
      expect(sent.statusCode, sent.body).toBe(303);
      const lead = await ctx.database.db.selectFrom('leads').select('id').where('emailKey', '=', 'kabir.hindi@example.com').executeTakeFirstOrThrow();
      const consents = await consentsOfLead(ctx.database.db, lead.id);
      expect(consents.find((c) => c.purpose === 'contact')).toMatchObject({
        noticeLanguage: 'hi',
        noticeVersion: hi.contact.version,
        noticeHash: hi.contact.hash,
      });
      expect(consents.find((c) => c.purpose === 'newsletter')).toMatchObject({ noticeLanguage: 'hi', noticeHash: hi.newsletter.hash });
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr-app'), publicBaseUrl: 'https://abode.example' },
);

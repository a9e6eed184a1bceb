import { beforeAll, expect, it } from 'vitest';
import type { NewsletterSubscriber, PublicNotices } from '#shared/consent/consent.contract';
import { SETTINGS_API, type SettingsInput, type StudioSettings } from '#shared/settings/settings.contract';
import { PRIVACY_API } from '#shared/privacy/privacy.api';
import type { Language } from '#shared/i18n/languages';
import { createStaff } from '#server/features/auth/auth.service';
import { findStaffByEmail } from '#server/features/auth/staff.repository';
import { secretKey, signToken } from '#server/features/auth/token';
import { consentsOfLead, noticeHash } from '#server/features/consent/consent.service';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { createActiveCampaign, surveyText } from '../factories/campaigns';

/*
 * The consent notices in Hindi (docs/decisions/0027-notices-per-language.md): the owner keeps a
 * Hindi text beside each English one, Hindi pages show it, and a consent given on a Hindi page
 * records the Hindi text's own version and hash.
 */

const SURVEY = { pages: [{ name: 'p1', elements: [{ type: 'radiogroup', name: 'size', title: 'Bedrooms', choices: [2, 3] }] }] };
const DEVANAGARI = /[\u0900-\u097f]/;
const PLAIN_STAFF = { email: 'plain.notices@abode.test', name: 'Plain Staff', password: 'another horse battery', role: 'staff' as const };

async function notices(ctx: TestContext, language?: Language): Promise<PublicNotices> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/consent/notices${language ? `?language=${language}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PublicNotices>();
}

async function leadIdOf(ctx: TestContext, email: string): Promise<string> {
  const row = await ctx.database.db.selectFrom('leads').select('id').where('emailKey', '=', email.toLowerCase()).executeTakeFirstOrThrow();
  return row.id;
}

describeEachDatabase('consent notices in Hindi', (ctx) => {
  let campaignId = '';
  beforeAll(async () => {
    campaignId = await createActiveCampaign(ctx, { name: 'Dream home', questions: surveyText(SURVEY) });
  });

  const settingsNow = async () => (await ctx.asStaff({ method: 'GET', url: SETTINGS_API.settings })).json<StudioSettings>();
  async function save(change: Partial<SettingsInput>, without: (keyof SettingsInput)[] = []) {
    const { version: _v, updatedAt: _u, ...input } = await settingsNow();
    const body: Record<string, unknown> = { ...input, phone: '020 2612 3456', whatsapp: '98450 77777', ...change };
    for (const key of without) delete body[key];
    const res = await ctx.asStaff({ method: 'PUT', url: SETTINGS_API.settings, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StudioSettings>();
  }

  async function signUp(email: string, extra: Record<string, unknown>) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid: campaignId, ...extra } });
    expect([200, 201], res.body).toContain(res.statusCode);
  }

  async function contact(email: string, extra: Record<string, unknown>) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contactus/add',
      payload: { response: { firstname: 'Asha', lastname: 'Rao', email, requestquotation: 'Homes', message: 'नमस्ते', ...extra } },
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  const consentOf = async (email: string, purpose: string) =>
    (await consentsOfLead(ctx.database.db, await leadIdOf(ctx, email))).find((r) => r.purpose === purpose)!;

  it('has a Hindi notice out of the box, with the studio’s e-mail and the privacy page; English pages keep the English one', async () => {
    const settings = await settingsNow();
    expect(settings.noticesHi.landing).toMatch(DEVANAGARI);
    expect(settings.noticesHi.contact).toMatch(DEVANAGARI);
    const hi = await notices(ctx, 'hi');
    const en = await notices(ctx);
    expect(await notices(ctx, 'en')).toEqual(en);
    for (const purpose of ['survey', 'contact', 'newsletter'] as const) {
      expect(hi[purpose].text, purpose).toMatch(DEVANAGARI);
      expect(hi[purpose]).toMatchObject({ purpose, language: 'hi', hash: noticeHash(hi[purpose].text) });
      expect(en[purpose].text, purpose).not.toMatch(DEVANAGARI);
      expect(en[purpose].language).toBe('en');
    }
    expect(hi.survey.text).toBe(settings.noticesHi.landing);
    expect(hi.contact.text).toBe(settings.noticesHi.contact);
    expect(hi.survey.text).toContain('studio@abode.test');
    expect(hi.survey.text).toContain('/privacy');
    expect(hi.contact.text).toContain('studio@abode.test');
    expect(en.survey.text).toBe(settings.notices.landing);
    // A language the site does not have is refused, as in every other request.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/consent/notices?language=fr' })).statusCode).toBe(400);
  });

  it('records a consent from a Hindi page with the Hindi text; an English version number from a Hindi page is not taken', async () => {
    const en = await notices(ctx);
    const hi = await notices(ctx, 'hi');
    await signUp('hindi-landing@example.com', { noticeVersion: hi.survey.version, newsletter: true, language: 'hi' });
    expect(await consentOf('hindi-landing@example.com', 'survey')).toMatchObject({
      noticeLanguage: 'hi',
      noticeVersion: hi.survey.version,
      noticeHash: hi.survey.hash,
    });
    expect(await consentOf('hindi-landing@example.com', 'newsletter')).toMatchObject({ noticeLanguage: 'hi', noticeHash: hi.newsletter.hash });
    // The newsletter list says which language's version the box was ticked under.
    const list = (await ctx.asStaff({ method: 'GET', url: '/api/newsletter' })).json<NewsletterSubscriber[]>();
    expect(list.find((s) => s.email === 'hindi-landing@example.com')).toMatchObject({
      noticeLanguage: 'hi',
      noticeVersion: hi.newsletter.version,
      state: 'pending',
    });

    await contact('hindi-contact@example.com', { noticeVersion: hi.contact.version, language: 'hi' });
    expect(await consentOf('hindi-contact@example.com', 'contact')).toMatchObject({
      noticeLanguage: 'hi',
      noticeVersion: hi.contact.version,
      noticeHash: hi.contact.hash,
    });

    // English pages (and old clients, which send no language) record the English text.
    await contact('english-contact@example.com', { noticeVersion: en.contact.version });
    expect(await consentOf('english-contact@example.com', 'contact')).toMatchObject({ noticeLanguage: 'en', noticeHash: en.contact.hash });

    // The client cannot claim a text the page did not show: the Hindi page's record is the Hindi notice,
    // whatever version number it sends.
    await signUp('claims-other@example.com', { noticeVersion: 999, language: 'hi' });
    expect(await consentOf('claims-other@example.com', 'survey')).toMatchObject({ noticeLanguage: 'hi', noticeHash: hi.survey.hash });
  });

  it('keeps a version per language: the owner’s new Hindi text is a new Hindi version, the English one stays; a save without the field keeps it', async () => {
    const enBefore = await notices(ctx);
    const hiBefore = await notices(ctx, 'hi');
    const first = await settingsNow();
    const landing = 'कासा वर्दे आपका ई-मेल पता और सर्वे के जवाब रखता है। सहमति वापस लेने के लिए privacy@casaverde.test पर लिखें। पूरी सूचना: /privacy.';
    const saved = await save({ noticesHi: { landing, contact: first.noticesHi.contact } });
    expect(saved.noticesHi.landing).toBe(landing);
    expect(saved.notices).toEqual(first.notices);

    const hi = await notices(ctx, 'hi');
    expect(hi.survey).toEqual({ purpose: 'survey', language: 'hi', version: hiBefore.survey.version + 1, text: landing, hash: noticeHash(landing) });
    expect(hi.contact).toEqual(hiBefore.contact);
    expect(await notices(ctx)).toEqual(enBefore);
    const hindiVersions = await ctx.database.db
      .selectFrom('consentNotices')
      .select(['version', 'text'])
      .where('purpose', '=', 'survey')
      .where('language', '=', 'hi')
      .execute();
    expect(hindiVersions.map((v) => v.text)).toEqual(expect.arrayContaining([hiBefore.survey.text, landing]));

    await signUp('after-hindi-change@example.com', { noticeVersion: hi.survey.version, language: 'hi' });
    expect(await consentOf('after-hindi-change@example.com', 'survey')).toMatchObject({
      noticeLanguage: 'hi',
      noticeVersion: hi.survey.version,
      noticeHash: noticeHash(landing),
    });
    // The earlier Hindi consent keeps the text it was given with.
    expect(await consentOf('hindi-landing@example.com', 'survey')).toMatchObject({ noticeVersion: hiBefore.survey.version, noticeHash: hiBefore.survey.hash });

    // A client that knows only the specified fields leaves the Hindi text as it is.
    const kept = await save({ address: '44 MG Road, Pune 411001' }, ['noticesHi']);
    expect(kept.noticesHi.landing).toBe(landing);
    expect(await notices(ctx, 'hi')).toEqual(hi);

    // The privacy export shows the person the text they agreed to, in its language.
    const exported = await ctx.asStaff({ method: 'GET', url: PRIVACY_API.export(await leadIdOf(ctx, 'after-hindi-change@example.com')) });
    expect(exported.statusCode, exported.body).toBe(200);
    const consents = exported.json<{ consent: { consents: { purpose: string; noticeLanguage: string; noticeText: string }[] } }>().consent.consents;
    expect(consents.find((c) => c.purpose === 'survey')).toMatchObject({ noticeLanguage: 'hi', noticeText: landing });
    expect(consents.find((c) => c.purpose === 'newsletter')).toMatchObject({ noticeLanguage: 'hi', noticeText: hi.newsletter.text });

    await save({ address: first.address, noticesHi: first.noticesHi });
  });

  it('refuses a change of the notices by staff who are not owners', async () => {
    await ctx.staffToken();
    await createStaff(ctx.database.db, PLAIN_STAFF);
    const user = (await findStaffByEmail(ctx.database.db, PLAIN_STAFF.email))!;
    const { token } = await signToken(secretKey(ctx.config.jwtSecret), { ...user, tokenVersion: Number(user.tokenVersion) }, 600);
    const { version: _v, updatedAt: _u, ...input } = await settingsNow();
    const hiBefore = await notices(ctx, 'hi');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: SETTINGS_API.settings,
      headers: { authorization: `Bearer ${token}` },
      payload: { ...input, phone: '020 2612 3456', whatsapp: '98450 77777', noticesHi: { landing: 'बदली हुई सूचना /privacy', contact: 'बदली हुई सूचना /privacy' } },
    });
    expect(res.statusCode).toBe(403);
    expect(await notices(ctx, 'hi')).toEqual(hiBefore);
  });
});

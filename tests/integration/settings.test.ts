import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app';
import { SETTINGS_API, SETTINGS_MESSAGES, type SettingsInput, type StudioSettings } from '#shared/settings/settings.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { startMailServer } from '../helpers/mail-server';

const mail = await startMailServer();
afterAll(async () => {
  await mail.close();
});

/** Runs the dispatcher until it has nothing left to do now. */
async function drain(app: FastifyInstance) {
  for (let i = 0; i < 20; i++) {
    const { fannedOut, attempted } = await app.notifications.runOnce();
    if (fannedOut + attempted === 0) return;
  }
  throw new Error('the dispatcher did not settle');
}

function inputOf(settings: StudioSettings): SettingsInput {
  const { version: _version, updatedAt: _updatedAt, ...input } = settings;
  return input;
}

async function sendContact(ctx: TestContext, email: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/contactus/add',
    payload: { response: { firstname: 'Asha', lastname: 'Rao', email, requestquotation: 'Homes', message: 'A 3 BHK, please.' } },
  });
  expect(res.statusCode, res.body).toBe(201);
}

// The studio's settings, in the database, applied at once everywhere (README, "What a studio can do from the dashboard").
describeEachDatabase(
  'settings',
  (ctx) => {
    // A second instance over the same database, as when several run behind a load balancer.
    let other: FastifyInstance;
    beforeAll(async () => {
      other = await buildApp(ctx.config, { database: ctx.database, logger: false });
      await other.ready();
    });
    afterAll(async () => {
      await other?.close();
    });
    beforeEach(async () => {
      await drain(ctx.app);
      mail.messages.length = 0;
    });

    const get = async () => {
      const res = await ctx.asStaff({ method: 'GET', url: SETTINGS_API.settings });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<StudioSettings>();
    };
    const footer = async (app: FastifyInstance, url = '/viewContact') => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return /<footer class="studio">([^<]*)<\/footer>/.exec(res.body)?.[1] ?? '';
    };

    it('refuses callers without a staff token', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: SETTINGS_API.settings })).statusCode).toBe(401);
      const put = await ctx.app.inject({ method: 'PUT', url: SETTINGS_API.settings, payload: {} });
      expect(put.statusCode).toBe(401);
    });

    it('starts from the environment’s values on a fresh database', async () => {
      const settings = await get();
      expect(settings).toMatchObject({
        name: 'Test Studio',
        address: '1 Test Street',
        phone: '+91 00000 00000',
        email: 'studio@abode.test',
        mapUrl: 'https://maps.example/test',
        social: { instagram: 'https://instagram.example', facebook: 'https://facebook.example', linkedin: 'https://linkedin.example' },
        timeZone: 'Asia/Kolkata',
        notifyEmails: ['owner@abode.test'],
        retentionUnfinishedDays: 180,
        retentionLeadDays: null,
        version: 1,
        updatedAt: null,
      });
      expect(settings.notices.landing).toContain('/privacy');
      expect(settings.notices.contact).toContain('studio@abode.test');
      const site = (await ctx.app.inject({ method: 'GET', url: '/api/site' })).json<{ name: string; timeZone: string }>();
      expect(site.name).toBe('Test Studio');
      // Staff pages show and take times on the studio's clock (web/lib/studio-time.ts).
      expect(site.timeZone).toBe('Asia/Kolkata');
    });

    it('refuses invalid values with a message for each field', async () => {
      const current = inputOf(await get());
      const res = await ctx.asStaff({
        method: 'PUT',
        url: SETTINGS_API.settings,
        payload: {
          ...current,
          name: '  ',
          phone: '12',
          whatsapp: 'call me',
          email: 'not-an-address',
          mapUrl: 'javascript:alert(1)',
          social: { ...current.social, instagram: 'ftp://instagram.example' },
          timeZone: 'Mars/Olympus',
          notifyEmails: ['owner@abode.test', 'nobody'],
          retentionUnfinishedDays: 0,
        },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ code: string; errors: Array<{ field: string; message: string }> }>();
      expect(body.code).toBe('VALIDATION');
      const messages = Object.fromEntries(body.errors.map((e) => [e.field, e.message]));
      expect(messages).toMatchObject({
        name: SETTINGS_MESSAGES.nameRequired,
        phone: SETTINGS_MESSAGES.phone,
        whatsapp: SETTINGS_MESSAGES.whatsapp,
        email: SETTINGS_MESSAGES.email,
        mapUrl: SETTINGS_MESSAGES.url,
        timeZone: SETTINGS_MESSAGES.timeZone,
        retentionUnfinishedDays: SETTINGS_MESSAGES.retentionDays,
      });
      expect(body.errors).toContainEqual({ field: expect.stringMatching(/social.*instagram/), message: SETTINGS_MESSAGES.url });
      expect(body.errors).toContainEqual({ field: expect.stringMatching(/notifyEmails.*1/), message: SETTINGS_MESSAGES.recipients });
      // Nothing was saved.
      expect((await get()).version).toBe(1);
    });

    it('applies a change: at once here, within the check interval on another instance, and in the next e-mail from either', async () => {
      // Both instances have rendered the page with the first values.
      expect(await footer(ctx.app)).toContain('+91 00000 00000');
      expect(await footer(other)).toContain('+91 00000 00000');

      const current = inputOf(await get());
      const res = await ctx.asStaff({
        method: 'PUT',
        url: SETTINGS_API.settings,
        payload: {
          ...current,
          name: 'Casa Verde Interiors',
          address: '44 MG Road, Pune 411001',
          phone: '020 2612 3456',
          whatsapp: '98450 77777',
          notifyEmails: ['leads@casaverde.test'],
          timeZone: 'Asia/Dubai',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json<StudioSettings>();
      expect(saved).toMatchObject({ name: 'Casa Verde Interiors', phone: '+91 20 2612 3456', whatsapp: '+919845077777', version: 2 });
      expect(await get()).toEqual(saved);

      // This instance on its next request; the other one once it reads the content version (within
      // its check interval, as for every staff write: lib/content-cache.ts).
      const shows = async (app: FastifyInstance) => {
        const text = await footer(app);
        expect(text).toContain('Casa Verde Interiors');
        expect(text).toContain('44 MG Road, Pune 411001');
        expect(text).toContain('+91 20 2612 3456');
        const site = (await app.inject({ method: 'GET', url: '/api/site' })).json<{ name: string; whatsapp: string }>();
        expect(site).toMatchObject({ name: 'Casa Verde Interiors', whatsapp: '+919845077777', timeZone: 'Asia/Dubai' });
      };
      await shows(ctx.app);
      await vi.waitFor(() => shows(other), { timeout: 5000, interval: 100 });

      // The next e-mail, sent by the other instance: the new recipients and the new name.
      await sendContact(ctx, 'asha@example.com');
      await drain(other);
      const [staffMail] = await mail.waitFor(1);
      expect(staffMail!.to).toMatchObject({ text: 'leads@casaverde.test' });
      expect(staffMail!.from).toMatchObject({ value: [{ name: 'Casa Verde Interiors', address: 'studio@abode.test' }] });
      expect(staffMail!.text).toContain('Casa Verde Interiors');
    });
  },
  (dialect) => ({
    ssrDir: path.resolve('tests/fixtures/ssr'),
    notify: {
      smtpUrl: mail.url,
      mailFrom: '"Test Studio" <studio@abode.test>',
      mailDir: '/nonexistent',
      notifyEmails: ['owner@abode.test'],
      confirmVisitors: false,
      allowPrivateWebhooks: false,
      dispatch: false,
    },
    redisKeyPrefix: `abode-settings-${dialect}:`,
  }),
);

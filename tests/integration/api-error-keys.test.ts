import { expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/api-error';
import { CONTACT_API, CONTACT_FORMS } from '#shared/contact/contact.api';
import { en } from '#shared/i18n/messages/en';
import { hi } from '#shared/i18n/messages/hi';
import { PRIVACY_API } from '#shared/privacy/privacy.api';
import { EMAILS_API } from '#shared/responses/responses.api';
import { VISITS_API } from '#shared/visits/visits.api';
import { describeEachDatabase } from '../helpers/app';

/*
 * docs/decisions/0059: an error answer of the public forms names the catalogue key of its message
 * (and of each field error's), so a page says it in its own language by the key, never by looking
 * its English sentence up. The English `message` stays the specification's, byte for byte.
 */

/** Every message of an error answer has a key that both catalogues hold, and the key's English text is the message. */
function expectKeyed(body: ApiErrorBody, where: string): void {
  const said = [body, ...(body.errors ?? [])];
  for (const { message, key } of said) {
    expect(key, `${where}: "${message}" has no key`).toBeTypeOf('string');
    expect(Object.hasOwn(en, key!), `${where}: ${key} in en`).toBe(true);
    expect(Object.hasOwn(hi, key!), `${where}: ${key} in hi`).toBe(true);
    expect(en[key as keyof typeof en], where).toBe(message);
  }
}

describeEachDatabase("error answers name their messages' catalogue keys", (ctx) => {
  const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });

  it('the e-mail step: missing, malformed and overlong addresses', async () => {
    for (const email of ['', 'not-an-address', `${'a'.repeat(250)}@example.com`, 'nul\u0000@example.com']) {
      const res = await post(EMAILS_API.add, { email, campaignid: null });
      expect(res.statusCode, email).toBe(400);
      expectKeyed(res.json(), `e-mail ${JSON.stringify(email)}`);
    }
  });

  it('the contact form: every field refused, and a message about a listing that is gone', async () => {
    const empty = await post(CONTACT_API.add, { response: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ApiErrorBody>().errors?.length).toBeGreaterThan(2);
    expectKeyed(empty.json(), 'contact, empty');
    const wrong = await post(CONTACT_API.add, {
      response: { firstname: 'A'.repeat(61), lastname: 'B', email: 'nope', requestquotation: 'nothing', message: 'x', phone: '12', topic: 'other' },
    });
    expect(wrong.statusCode).toBe(400);
    expectKeyed(wrong.json(), 'contact, wrong values');
    const gone = await post(CONTACT_API.add, {
      response: { firstname: 'Asha', email: 'asha@example.com', message: 'Is it still for sale?', listingId: 'no-such-listing', listingKind: 'project' },
    });
    expect(gone.statusCode).toBe(400);
    expectKeyed(gone.json(), 'contact, listing gone');
  });

  it("the enquiry form without script: a /hi/ page's refusals come back in Hindi", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: CONTACT_FORMS.enquiry,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        listingId: 'no-such-listing',
        listingKind: 'project',
        firstname: '',
        email: 'nope',
        message: '',
        language: 'hi',
      }).toString(),
    });
    expect(res.statusCode).toBe(400);
    for (const key of ['msg.contact.firstname', 'msg.contact.emailInvalid', 'msg.contact.message'] as const) {
      expect(res.body, key).toContain(hi[key]!.replaceAll("'", '&#x27;'));
      expect(res.body, key).not.toContain(en[key].replaceAll("'", '&#x27;'));
    }
  });

  it('the privacy request: a wrong address and a wrong kind', async () => {
    const res = await post(PRIVACY_API.requests(), { email: 'nope', kind: 'everything' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>().errors?.length).toBe(2);
    expectKeyed(res.json(), 'privacy request');
  });

  it('the visit booking: a wrong address, and a studio that does not exist', async () => {
    const slotStart = '2030-01-07T10:00:00+05:30';
    const badEmail = await post(VISITS_API.visits, { slotStart, studioId: 'no-such-studio', email: 'nope' });
    expect(badEmail.statusCode).toBe(400);
    expectKeyed(badEmail.json(), 'visit, wrong address');
    const noStudio = await post(VISITS_API.visits, { slotStart, studioId: 'no-such-studio', email: 'asha@example.com' });
    expect(noStudio.statusCode).toBe(404);
    expectKeyed(noStudio.json(), 'visit, unknown studio');
  });

  it('leaves a message the catalogues do not have without a key, as it was', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'There is no such API route.', code: 'NOT_FOUND' });
  });
});

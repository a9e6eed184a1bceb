import { expect, it } from 'vitest';
import { CONTACT_LIMITS, REQUEST_QUOTATIONS, type ContactResponse } from '#shared/contact/contact.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';

function contactMessage(overrides: Record<string, unknown> = {}) {
  return {
    firstname: 'Asha',
    lastname: 'Menon',
    email: 'asha.menon@example.com',
    requestquotation: 'Homes',
    message: 'We are looking for a three-bedroom home near the lake.',
    ...overrides,
  };
}

function send(ctx: TestContext, response: unknown, remoteAddress = '10.9.0.1') {
  return ctx.app.inject({ method: 'POST', url: '/api/contactus/add', payload: { response } as object, remoteAddress });
}

async function listResponses(ctx: TestContext): Promise<ContactResponse[]> {
  const res = await ctx.asStaff({ method: 'GET', url: '/api/contactus/get' });
  expect(res.statusCode).toBe(200);
  return res.json<ContactResponse[]>();
}

describeEachDatabase('POST /api/contactus/add', (ctx) => {
  it('stores a valid message and answers 201 with a message for the visitor', async () => {
    const res = await send(ctx, contactMessage({ firstname: '  Ravi ', lastname: 'Kumar', requestquotation: 'VenderRegistration' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: expect.stringMatching(/\S/) });

    const stored = (await listResponses(ctx)).find((r) => r.firstname === 'Ravi');
    expect(stored).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      firstname: 'Ravi',
      lastname: 'Kumar',
      email: 'asha.menon@example.com',
      requestQuotation: 'VenderRegistration',
      message: 'We are looking for a three-bedroom home near the lake.',
      date: expect.any(String),
      leadId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // The message names its lead, which staff open from the list.
    const lead = await ctx.asStaff({ method: 'GET', url: `/api/leads/${stored!.leadId}` });
    expect(lead.statusCode).toBe(200);
    expect(lead.json()).toMatchObject({ _id: stored!.leadId, email: 'asha.menon@example.com' });
    expect(new Date(stored!.date).toISOString()).toBe(stored!.date);
    expect(Math.abs(Date.parse(stored!.date) - Date.now())).toBeLessThan(60_000);
  });

  it('accepts every request-quotation option', async () => {
    for (const requestquotation of REQUEST_QUOTATIONS) {
      const res = await send(ctx, contactMessage({ requestquotation, lastname: `Option ${requestquotation}` }));
      expect(res.statusCode, requestquotation).toBe(201);
    }
    const quotations = (await listResponses(ctx)).filter((r) => r.lastname.startsWith('Option ')).map((r) => r.requestQuotation);
    expect(new Set(quotations)).toEqual(new Set(REQUEST_QUOTATIONS));
  });

  const required: Array<[field: string, message: string]> = [
    ['firstname', 'Please input your first name!'],
    ['lastname', 'Please input your last name!'],
    ['email', 'Please input your E-mail!'],
    ['requestquotation', 'Please select a request quotation!'],
    ['message', 'Please input your message!'],
  ];

  for (const [field, message] of required) {
    it(`refuses a missing, empty or blank ${field} with "${message}"`, async () => {
      const before = (await listResponses(ctx)).length;
      for (const value of [undefined, '', '   ']) {
        const res = await send(ctx, contactMessage({ [field]: value }));
        expect(res.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(res.json().errors, `${field}=${JSON.stringify(value)}`).toMatchObject([{ field: `response.${field}`, message }]);
      }
      expect(await listResponses(ctx)).toHaveLength(before);
    });
  }

  it('reports every missing field at once', async () => {
    const res = await send(ctx, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining(required.map(([field, message]) => expect.objectContaining({ field: `response.${field}`, message }))),
    );
  });

  it('refuses an e-mail that is not valid', async () => {
    for (const email of ['asha', 'asha@', '@example.com', 'asha menon@example.com']) {
      const res = await send(ctx, contactMessage({ email }));
      expect(res.statusCode, email).toBe(400);
      expect(res.json().errors, email).toMatchObject([{ field: 'response.email', message: 'The input is not valid E-mail!' }]);
    }
  });

  it('refuses a request quotation outside the list, in any other spelling', async () => {
    for (const requestquotation of ['Villa', 'homes', 'VendorRegistration', 42]) {
      const res = await send(ctx, contactMessage({ requestquotation }));
      expect(res.statusCode, String(requestquotation)).toBe(400);
      expect(res.json().errors).toMatchObject([{ field: 'response.requestquotation', message: 'Please select a request quotation!' }]);
    }
  });

  it('bounds the length of every field', async () => {
    const tooLong: Array<[string, string, string]> = [
      ['firstname', 'a'.repeat(CONTACT_LIMITS.name + 1), `First name should be at most ${CONTACT_LIMITS.name} characters.`],
      ['lastname', 'b'.repeat(CONTACT_LIMITS.name + 1), `Last name should be at most ${CONTACT_LIMITS.name} characters.`],
      ['email', `${'c'.repeat(CONTACT_LIMITS.email)}@example.com`, 'The E-mail is too long.'],
      ['message', 'd'.repeat(CONTACT_LIMITS.message + 1), `Message should be at most ${CONTACT_LIMITS.message} characters.`],
    ];
    for (const [field, value, message] of tooLong) {
      const res = await send(ctx, contactMessage({ [field]: value }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toMatchObject([{ field: `response.${field}`, message }]);
    }
    // The limits themselves are fine.
    const atLimit = await send(ctx, contactMessage({ firstname: 'a'.repeat(CONTACT_LIMITS.name), message: 'm'.repeat(CONTACT_LIMITS.message) }));
    expect(atLimit.statusCode).toBe(201);
  });

  it('refuses a body without the response wrapper, or a body that is not JSON', async () => {
    const flat = await ctx.app.inject({ method: 'POST', url: '/api/contactus/add', payload: contactMessage(), remoteAddress: '10.9.0.2' });
    expect(flat.statusCode).toBe(400);
    expect(flat.json().message).toEqual(expect.any(String));
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/contactus/add',
      headers: { 'content-type': 'application/json' },
      payload: '{"response": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'VALIDATION' });
  });

  it('answers a filled honeypot like a person, and stores nothing', async () => {
    const before = await listResponses(ctx);
    const person = await send(ctx, contactMessage({ lastname: 'Person' }));
    const bot = await send(ctx, contactMessage({ lastname: 'Bot', website: 'https://spam.example' }));
    expect(bot.statusCode).toBe(person.statusCode);
    expect(bot.json()).toEqual(person.json());
    const after = await listResponses(ctx);
    expect(after).toHaveLength(before.length + 1);
    expect(after.some((r) => r.lastname === 'Bot')).toBe(false);
  });
});

describeEachDatabase('GET /api/contactus/get', (ctx) => {
  it('is for staff only', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/contactus/get' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Please log in.', code: 'UNAUTHORIZED' });
    const forged = await ctx.app.inject({ method: 'GET', url: '/api/contactus/get', headers: { authorization: 'Bearer a.b.c' } });
    expect(forged.statusCode).toBe(401);
  });

  it('answers an empty list before any message arrives', async () => {
    expect(await listResponses(ctx)).toEqual([]);
  });

  it('lists messages newest first', async () => {
    for (const firstname of ['First', 'Second', 'Third']) {
      expect((await send(ctx, contactMessage({ firstname }))).statusCode).toBe(201);
    }
    const list = await listResponses(ctx);
    expect(list.map((r) => r.firstname)).toEqual(['Third', 'Second', 'First']);
    const dates = list.map((r) => Date.parse(r.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });
});

describeEachDatabase(
  'contact rate limit',
  (ctx) => {
    it('answers 429 with Retry-After once an address sends too many messages, and serves other addresses', async () => {
      for (let i = 0; i < 3; i++) {
        expect((await send(ctx, contactMessage({ lastname: `Burst ${i}` }), '10.8.0.1')).statusCode).toBe(201);
      }
      const limited = await send(ctx, contactMessage({ lastname: 'Burst 3' }), '10.8.0.1');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({ message: expect.stringMatching(/\S/), code: 'RATE_LIMITED', key: 'msg.server.tooMany' });

      expect((await send(ctx, contactMessage({ lastname: 'Elsewhere' }), '10.8.0.2')).statusCode).toBe(201);
      const stored = (await listResponses(ctx)).map((r) => r.lastname);
      expect(stored).not.toContain('Burst 3');
      expect(stored).toContain('Elsewhere');
    });
  },
  { publicWriteLimit: 3 },
);

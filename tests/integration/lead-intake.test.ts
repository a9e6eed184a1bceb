import { expect, it } from 'vitest';
import { findOrCreateLead } from '#server/features/leads';
import { describeEachDatabase } from '../helpers/app';

/**
 * Decision 0036, the foundation: one intake (findOrCreateLead) finds a person's lead by e-mail OR phone,
 * on both databases and under concurrency, with the unique keys deciding (no lock).
 */
describeEachDatabase('lead intake by e-mail and phone', (ctx) => {
  const at = new Date('2026-12-02T05:00:00.000Z');
  const arrive = (input: Parameters<typeof findOrCreateLead>[1]) => ctx.database.db.transaction().execute((trx) => findOrCreateLead(trx, input));
  const leadsOf = (emailKey: string, phoneKey: string) =>
    ctx.database.db
      .selectFrom('leads')
      .select(['id', 'email', 'emailKey', 'phone', 'phoneKey'])
      .where((eb) => eb.or([eb('emailKey', '=', emailKey), eb('phoneKey', '=', phoneKey), eb('phone', '=', phoneKey)]))
      .execute();

  it('makes one lead of 20 parallel arrivals of one person with e-mail and phone, in any mix of spellings', async () => {
    const emails = ['mix@example.com', ' Mix@Example.com', 'MIX@example.com '];
    const phones = ['98450 33445', '+919845033445', '09845033445', '+91 98450-33445'];
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => arrive({ email: emails[i % 3], phone: phones[i % 4], at })));
    const ms = performance.now() - started;
    console.log(`[${ctx.dialect}] 20 parallel arrivals → one lead in ${ms.toFixed(0)} ms`);
    const leads = await leadsOf('mix@example.com', '+919845033445');
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ emailKey: 'mix@example.com', phoneKey: '+919845033445', phone: '+919845033445' });
    expect(new Set(results.map((r) => r.id))).toEqual(new Set([leads[0]!.id]));
    expect(results.filter((r) => r.created)).toHaveLength(1);
  });

  it('makes one lead of 20 parallel arrivals by phone alone and by phone with the e-mail', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        arrive({ phone: i % 2 ? '098450 11111' : '+91 98450 11111', ...(i % 4 === 0 ? { email: 'byphone@example.com' } : {}), at }),
      ),
    );
    const leads = await leadsOf('byphone@example.com', '+919845011111');
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ emailKey: 'byphone@example.com', phoneKey: '+919845011111' });
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
  });

  it('makes one lead of 20 parallel arrivals by e-mail alone and by e-mail with the phone', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        arrive({ email: i % 2 ? 'ByMail@example.com' : ' bymail@example.com', ...(i % 4 === 1 ? { phone: '9845055555' } : {}), at }),
      ),
    );
    const leads = await leadsOf('bymail@example.com', '+919845055555');
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ emailKey: 'bymail@example.com', phoneKey: '+919845055555' });
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
  });

  it('keeps a lead known by phone only: no e-mail, the phone in E.164 (+91 when typed without a country)', async () => {
    const lead = await arrive({ phone: '98450 22222', name: 'Ravi', at });
    const row = await ctx.database.db
      .selectFrom('leads')
      .select(['email', 'emailKey', 'phone', 'phoneKey', 'name'])
      .where('id', '=', lead.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: null, emailKey: null, phone: '+919845022222', phoneKey: '+919845022222', name: 'Ravi' });
    // Found again by any spelling of the number; an e-mail given later fills the empty one.
    const again = await arrive({ phone: '+91 9845022222', email: 'Ravi@Example.com', at });
    expect(again).toMatchObject({ id: lead.id, created: false });
    expect(await ctx.database.db.selectFrom('leads').select(['email', 'emailKey']).where('id', '=', lead.id).executeTakeFirstOrThrow()).toEqual({
      email: 'Ravi@Example.com',
      emailKey: 'ravi@example.com',
    });
  });

  it('refuses an arrival with neither an e-mail nor a phone, and the database refuses a lead without both', async () => {
    await expect(arrive({ name: 'Nobody', at })).rejects.toMatchObject({ statusCode: 400, message: 'Please give an e-mail address or a phone number.' });
    await expect(arrive({ phone: '12', at })).rejects.toMatchObject({ statusCode: 400, message: 'Please enter a valid phone number.' });
    await expect(
      ctx.database.db
        .insertInto('leads')
        .values({
          id: 'no-keys',
          emailKey: null,
          email: null,
          phone: null,
          name: 'x',
          status: 'new',
          assigneeId: null,
          hasSurvey: false,
          hasContact: false,
          hasNewsletter: false,
          lastCampaignId: null,
          lastCompleted: false,
          createdAt: at,
          lastActivityAt: at,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it("joins the e-mail's lead when the phone belongs to another, and marks both possible duplicates", async () => {
    const byEmail = await arrive({ email: 'dup@example.com', at });
    const byPhone = await arrive({ phone: '98450 44444', at });
    const both = await arrive({ email: 'DUP@example.com', phone: '+91 98450 44444', at });
    expect(both).toEqual({ id: byEmail.id, created: false, possibleDuplicateOf: byPhone.id });
    const pairs = await ctx.database.db
      .selectFrom('leadDuplicates')
      .select(['leadId', 'otherId'])
      .where('leadId', 'in', [byEmail.id, byPhone.id])
      .orderBy('leadId')
      .execute();
    expect(pairs).toEqual(
      [
        { leadId: byEmail.id, otherId: byPhone.id },
        { leadId: byPhone.id, otherId: byEmail.id },
      ].sort((a, b) => a.leadId.localeCompare(b.leadId)),
    );
    // Nothing merged: the phone stays with its lead.
    const phoneOwner = await ctx.database.db.selectFrom('leads').select('id').where('phoneKey', '=', '+919845044444').executeTakeFirstOrThrow();
    expect(phoneOwner.id).toBe(byPhone.id);
  });
});

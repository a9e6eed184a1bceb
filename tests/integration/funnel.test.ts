import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { Channel } from '#shared/channels/channels.contract';
import { FUNNEL_MESSAGES, FUNNEL_STEPS, NO_CHANNEL_NAME, type Dropoff, type Funnel, type FunnelRow } from '#shared/funnel/funnel.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { readWorkbook, sheetRows } from '../helpers/xlsx';
import { addLinkChannel, addVisitStudio, giveEmail } from '../factories/funnel';
import { createActiveCampaign, createCampaign, respond, surveyText } from '../factories/campaigns';

/*
 * The funnel (decision 0035): per channel, link visits → e-mails → completed → contacted → visit
 * booked → visit done → won, on the studio's days; link visits counted once per visitor a day with a
 * keyed hash kept 2 days; the drop-off per question with visibleIf; the numbers reconcile with the
 * leads download.
 */

/** Monday 4 Jan 2027, 15:30 in Asia/Kolkata. */
const NOW = new Date('2027-01-04T10:00:00Z');

/** A survey whose second question shows only for apartments (visibleIf). */
const BRANCHING_SURVEY = {
  pages: [
    {
      name: 'first',
      elements: [
        { type: 'radiogroup', name: 'kind', title: 'What kind of home?', choices: ['apartment', 'villa'] },
        { type: 'text', name: 'floor', title: 'Which floor?', visibleIf: "{kind} = 'apartment'" },
        { type: 'html', name: 'note', html: '<p>Thanks</p>' },
      ],
    },
    {
      name: 'second',
      elements: [
        { type: 'text', name: 'budget', title: 'Budget' },
        { type: 'comment', name: 'notes', title: 'Anything else?' },
      ],
    },
  ],
};

const addStudio = (ctx: TestContext) => addVisitStudio(ctx, 'Funnel Studio', '1 Lake Road, Bengaluru');

let emails = 0;
const nextEmail = (prefix: string) => `${prefix}${++emails}@example.com`;

describeEachDatabase(
  'the funnel per channel (decision 0035)',
  (ctx) => {
    let clock = NOW;
    let studio = '';
    let slot = 0;
    const setClock = (at: Date) => {
      clock = at;
      vi.setSystemTime(at);
    };

    beforeAll(async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: NOW });
      studio = await addStudio(ctx);
    });
    // The shared set-up puts the real clock back after each test.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'], now: clock });
    });
    afterAll(() => {
      vi.useRealTimers();
    });

    const channel = (campaignId: string, name: string): Promise<Channel> => addLinkChannel(ctx, campaignId, name);

    const arrive = (email: string, campaignId: string, code?: string): Promise<string> => giveEmail(ctx, email, campaignId, code);

    async function leadId(email: string): Promise<string> {
      const res = await ctx.asStaff({ method: 'GET', url: `/api/leads?q=${encodeURIComponent(email)}` });
      return res.json<{ items: Array<{ _id: string }> }>().items[0]!._id;
    }

    async function setStatus(email: string, status: string) {
      const res = await ctx.asStaff({ method: 'PATCH', url: `/api/leads/${await leadId(email)}`, payload: { status } });
      expect(res.statusCode, res.body).toBe(200);
    }

    /** Books a site visit for the e-mail (each on its own half hour, from a day after the clock); returns the visit's id. */
    async function book(email: string): Promise<string> {
      slot += 1;
      // From 10:00 IST (04:30 UTC) of a day after the clock's, 20 half hours a day.
      const day = Date.parse(`${clock.toISOString().slice(0, 10)}T04:30:00Z`) + (1 + Math.floor(slot / 20)) * 86_400_000;
      const slotStart = new Date(day + (slot % 20) * 30 * 60_000).toISOString();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/visits',
        payload: { slotStart, studioId: studio, email, name: 'Visitor' },
        remoteAddress: `10.77.${slot >> 8}.${slot & 255}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ _id: string }>()._id;
    }

    async function funnel(query: string): Promise<Funnel> {
      const res = await ctx.asStaff({ method: 'GET', url: `/api/funnel?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Funnel>();
    }
    const rowOf = (f: Funnel, channelId: string | null) => f.channels.find((r) => r.channelId === channelId)!;

    it('is for staff only, and answers 400 with a sentence for a bad date, range, campaign or channel', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/funnel' })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/funnel.xlsx' })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/funnel/dropoff?campaignId=x' })).statusCode).toBe(401);
      const cases: Array<[string, string]> = [
        ['from=2027-13-01', FUNNEL_MESSAGES.date],
        ['from=2027-01-05&to=2027-01-04', FUNNEL_MESSAGES.range],
        ['campaignId=nope', FUNNEL_MESSAGES.campaignUnknown],
        ['channelId=nope', FUNNEL_MESSAGES.channelId],
      ];
      for (const [query, message] of cases) {
        const res = await ctx.asStaff({ method: 'GET', url: `/api/funnel?${query}` });
        expect(res.statusCode, query).toBe(400);
        expect(res.body, query).toContain(message);
      }
      const noCampaign = await ctx.asStaff({ method: 'GET', url: '/api/funnel/dropoff' });
      expect(noCampaign.statusCode).toBe(400);
    });

    it(
      'counts each step per channel, a row for no channel, a total that is their sum, and the median minutes to first contact',
      { timeout: 120_000 },
      async () => {
        const campaignId = await createActiveCampaign(ctx);
        const a = await channel(campaignId, 'Hoarding A');
        const b = await channel(campaignId, 'Instagram B');
        setClock(new Date('2027-01-04T10:00:00Z'));
        const [a1, a2, a3, b1, none1] = ['a1', 'a2', 'a3', 'b1', 'n1'].map(nextEmail) as [string, string, string, string, string];
        const a1Record = await arrive(a1, campaignId, a.code);
        await arrive(a2, campaignId, a.code);
        await arrive(a3, campaignId, a.code);
        const b1Record = await arrive(b1, campaignId, b.code);
        await arrive(none1, campaignId);
        expect((await respond(ctx, campaignId, a1, a1Record, { propertyType: 'villa' })).statusCode).toBe(200);
        expect((await respond(ctx, campaignId, b1, b1Record, { propertyType: 'villa' })).statusCode).toBe(200);
        // First contacts after 10, 20 and 60 minutes: A's median is 15, the total's 20.
        setClock(new Date('2027-01-04T10:10:00Z'));
        await setStatus(a1, 'contacted');
        setClock(new Date('2027-01-04T10:20:00Z'));
        await setStatus(a2, 'contacted');
        setClock(new Date('2027-01-04T11:00:00Z'));
        await setStatus(b1, 'contacted');
        const visit = await book(a1);
        await book(b1);
        expect((await ctx.asStaff({ method: 'POST', url: `/api/visits/${visit}/action`, payload: { action: 'done' } })).statusCode).toBe(200);
        await setStatus(a1, 'won');

        const f = await funnel(`campaignId=${campaignId}`);
        expect(f.channels.map((r) => r.name)).toEqual(['Hoarding A', 'Instagram B', NO_CHANNEL_NAME]);
        expect(rowOf(f, a.id)).toEqual<FunnelRow>({
          channelId: a.id,
          name: 'Hoarding A',
          visits: 0,
          emails: 3,
          completed: 1,
          contacted: 2,
          visitBooked: 1,
          visitDone: 1,
          won: 1,
          medianFirstContactMinutes: 15,
          source: null,
          kind: 'channel',
        });
        expect(rowOf(f, b.id)).toEqual<FunnelRow>({
          channelId: b.id,
          name: 'Instagram B',
          visits: 0,
          emails: 1,
          completed: 1,
          contacted: 1,
          visitBooked: 1,
          visitDone: 0,
          won: 0,
          medianFirstContactMinutes: 60,
          source: null,
          kind: 'channel',
        });
        expect(rowOf(f, null)).toEqual<FunnelRow>({
          channelId: null,
          name: NO_CHANNEL_NAME,
          visits: 0,
          emails: 1,
          completed: 0,
          contacted: 0,
          visitBooked: 0,
          visitDone: 0,
          won: 0,
          medianFirstContactMinutes: null,
          source: null,
          kind: 'none',
        });
        expect(f.total).toEqual({ visits: 0, emails: 5, completed: 2, contacted: 3, visitBooked: 2, visitDone: 1, won: 1, medianFirstContactMinutes: 20 });
        // One channel, and no channel.
        const onlyB = await funnel(`campaignId=${campaignId}&channelId=${b.id}`);
        expect(onlyB.channels.map((r) => r.channelId)).toEqual([b.id]);
        expect(onlyB.total.emails).toBe(1);
        const onlyNone = await funnel(`campaignId=${campaignId}&channelId=none`);
        expect(onlyNone.channels.map((r) => r.channelId)).toEqual([null]);
        expect(onlyNone.total.emails).toBe(1);
        // Another campaign's funnel has none of these.
        const other = await createCampaign(ctx);
        expect((await funnel(`campaignId=${other}`)).total.emails).toBe(0);
      },
    );

    it('takes from and to as the studio’s days (Asia/Kolkata): 00:10 IST is the next day, not the UTC one', async () => {
      const campaignId = await createActiveCampaign(ctx);
      const c = await channel(campaignId, 'Late night');
      setClock(new Date('2027-01-06T18:25:00Z')); // Wed 6 Jan, 23:55 IST
      await arrive(nextEmail('late'), campaignId, c.code);
      setClock(new Date('2027-01-06T18:40:00Z')); // Thu 7 Jan, 00:10 IST (still the 6th in UTC)
      await arrive(nextEmail('late'), campaignId, c.code);
      await arrive(nextEmail('late'), campaignId, c.code);
      const sixth = await funnel(`campaignId=${campaignId}&from=2027-01-06&to=2027-01-06`);
      const seventh = await funnel(`campaignId=${campaignId}&from=2027-01-07&to=2027-01-07`);
      const both = await funnel(`campaignId=${campaignId}&from=2027-01-06&to=2027-01-07`);
      expect([sixth.total.emails, seventh.total.emails, both.total.emails]).toEqual([1, 2, 3]);
      expect((await funnel(`campaignId=${campaignId}&to=2027-01-05`)).total.emails).toBe(0);
      expect((await funnel(`campaignId=${campaignId}&from=2027-01-08`)).total.emails).toBe(0);
    });

    it('counts a short link’s loads once per visitor per day, keeps no address, and drops the hashes after 2 days while the counts stay', async () => {
      const campaignId = await createActiveCampaign(ctx);
      const c = await channel(campaignId, 'Brochure QR');
      const load = (path: string, address: string) => ctx.app.inject({ method: 'GET', url: path, remoteAddress: address });
      setClock(new Date('2027-01-10T05:00:00Z')); // Sun 10 Jan, 10:30 IST
      for (const [path, address] of [
        [`/s/${c.code}`, '203.0.113.7'],
        [`/s/${c.code}`, '203.0.113.7'],
        [`/hi/s/${c.code}`, '203.0.113.7'],
        [`/s/${c.code}`, '203.0.113.8'],
        ['/s/zzzzzzz', '203.0.113.9'], // no such channel: nothing counted
      ] as const) {
        expect((await load(path, address)).statusCode, path).toBeLessThan(500);
      }
      setClock(new Date('2027-01-10T19:00:00Z')); // Mon 11 Jan, 00:30 IST: a new day, the same visitor counts again
      await load(`/s/${c.code}`, '203.0.113.7');
      // The embed's door: the same counter.
      expect(await ctx.app.recordLinkVisit(c.id, '203.0.113.7', new Date('2027-01-10T19:05:00Z'))).toBe(false);
      expect(await ctx.app.recordLinkVisit(c.id, '198.51.100.1', new Date('2027-01-10T19:05:00Z'))).toBe(true);

      const sunday = await funnel(`campaignId=${campaignId}&from=2027-01-10&to=2027-01-10`);
      const monday = await funnel(`campaignId=${campaignId}&from=2027-01-11&to=2027-01-11`);
      expect(rowOf(sunday, c.id).visits).toBe(2);
      expect(rowOf(monday, c.id).visits).toBe(2);
      const db = ctx.database.db;
      const hashes = await db.selectFrom('linkVisitors').selectAll().where('channelId', '=', c.id).execute();
      expect(hashes).toHaveLength(4);
      for (const row of hashes) expect(JSON.stringify(row)).not.toMatch(/203\.0\.113|198\.51\.100/);
      // The same address has unrelated hashes on two days.
      expect(new Set(hashes.map((h) => h.visitorHash)).size).toBe(4);

      // Two days on (Wed 13 Jan IST), a load prunes the hashes of days before yesterday; the counts stay.
      setClock(new Date('2027-01-13T05:00:00Z'));
      await load(`/s/${c.code}`, '203.0.113.50');
      const left = await db.selectFrom('linkVisitors').select('day').where('channelId', '=', c.id).execute();
      expect(left.map((r) => r.day)).toEqual(['2027-01-13']);
      const all = await funnel(`campaignId=${campaignId}`);
      expect(rowOf(all, c.id).visits).toBe(5);
    });

    it('counts the drop-off per question, respecting visibleIf and the page order', async () => {
      const campaignId = await createActiveCampaign(ctx, { questions: surveyText(BRANCHING_SURVEY) });
      const c = await channel(campaignId, 'Survey link');
      setClock(new Date('2027-01-12T05:00:00Z'));
      const save = async (email: string, record: string, answer: object, page: number) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/campaign/progress/${campaignId}`,
          payload: { response: { email, emailId: record, answer, page } },
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      const v = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'].map(nextEmail) as [string, string, string, string, string, string];
      const r = await Promise.all(v.map((email, i) => (i === 5 ? arrive(email, campaignId) : arrive(email, campaignId, c.code))));
      await save(v[0], r[0]!, { kind: 'villa' }, 0); // floor hidden; answered all of page 1: stopped at kind
      await save(v[1], r[1]!, { kind: 'apartment' }, 0); // stopped at floor
      await save(v[2], r[2]!, { kind: 'apartment', floor: '3' }, 1); // on page 2: stopped at budget
      expect((await respond(ctx, campaignId, v[3], r[3]!, { kind: 'villa', budget: '2 crore' })).statusCode).toBe(200); // finished
      // v[4] gave the e-mail only: shown the first page (kind; floor hidden), stopped at kind.
      await save(v[5], r[5]!, { kind: 'villa', budget: 'x' }, 1); // no channel

      const res = await ctx.asStaff({ method: 'GET', url: `/api/funnel/dropoff?campaignId=${campaignId}&channelId=${c.id}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Dropoff>().questions).toEqual([
        { name: 'kind', title: 'What kind of home?', shown: 5, answered: 4, stoppedHere: 2 },
        { name: 'floor', title: 'Which floor?', shown: 2, answered: 1, stoppedHere: 1 },
        { name: 'budget', title: 'Budget', shown: 2, answered: 1, stoppedHere: 1 },
        { name: 'notes', title: 'Anything else?', shown: 2, answered: 0, stoppedHere: 0 },
      ]);
      const everyone = (await ctx.asStaff({ method: 'GET', url: `/api/funnel/dropoff?campaignId=${campaignId}` })).json<Dropoff>();
      expect(everyone.questions.map((q) => [q.name, q.shown, q.answered, q.stoppedHere])).toEqual([
        ['kind', 6, 5, 2],
        ['floor', 2, 1, 1],
        ['budget', 3, 2, 1],
        ['notes', 3, 0, 1], // the visitor without a channel answered the budget and stopped at the notes
      ]);
      const later = (await ctx.asStaff({ method: 'GET', url: `/api/funnel/dropoff?campaignId=${campaignId}&from=2027-01-13` })).json<Dropoff>();
      expect(later.questions.every((q) => q.shown === 0)).toBe(true);
    });

    it(
      'reconciles: 200 visitors over 3 channels with known outcomes; every cell equals the leads download’s rows of that channel and status',
      { timeout: 900_000 },
      async () => {
        const campaignId = await createActiveCampaign(ctx);
        const channels = [await channel(campaignId, 'Recon A'), await channel(campaignId, 'Recon B'), await channel(campaignId, 'Recon C')];
        setClock(new Date('2027-01-14T05:00:00Z'));
        const channelOf = new Map<string, string>();
        const expected = new Map(channels.map((c) => [c.id, { emails: 0, completed: 0, contacted: 0, visitBooked: 0, visitDone: 0, won: 0, visits: 0 }]));
        for (let i = 0; i < 200; i++) {
          const c = channels[i % 3]!;
          const email = nextEmail('recon');
          channelOf.set(email, c.name);
          const e = expected.get(c.id)!;
          // A link visit from the visitor's own address, then the e-mail.
          await ctx.app.inject({ method: 'GET', url: `/s/${c.code}`, remoteAddress: `192.0.2.${i % 250}` });
          const record = await arrive(email, campaignId, c.code);
          e.emails++;
          if (i % 2 === 0) {
            expect((await respond(ctx, campaignId, email, record, { propertyType: 'villa' })).statusCode).toBe(200);
            e.completed++;
          }
          const booked = i % 5 === 0;
          const done = i % 10 === 0;
          const won = i % 7 === 0;
          const contacted = i % 3 !== 0 || booked || won;
          if (i % 3 !== 0) await setStatus(email, 'contacted');
          if (booked) {
            const visit = await book(email);
            if (done) expect((await ctx.asStaff({ method: 'POST', url: `/api/visits/${visit}/action`, payload: { action: 'done' } })).statusCode).toBe(200);
          }
          if (won) await setStatus(email, 'won');
          if (contacted) e.contacted++;
          if (booked) e.visitBooked++;
          if (done) e.visitDone++;
          if (won) e.won++;
        }
        // Distinct addresses per channel (192.0.2.0–249, each channel sees i ≡ k mod 3).
        for (const [k, c] of channels.entries()) {
          const addresses = new Set<number>();
          for (let i = k; i < 200; i += 3) addresses.add(i % 250);
          expected.get(c.id)!.visits = addresses.size;
        }
        const f = await funnel(`campaignId=${campaignId}`);
        for (const c of channels) expect(rowOf(f, c.id), c.name).toMatchObject(expected.get(c.id)!);
        for (const step of FUNNEL_STEPS) expect(f.total[step], step).toBe(f.channels.reduce((sum, r) => sum + r[step], 0));

        // The leads download: its "Channel" column when it has one, else the channel each visitor came through (known here).
        const download = await ctx.asStaff({ method: 'GET', url: `/api/leads/export?campaign=${campaignId}` });
        expect(download.statusCode).toBe(200);
        const sheet = (await readWorkbook(download.rawPayload)).worksheets[0]!;
        const [header, ...rows] = sheetRows(sheet);
        const col = (name: string) => header!.indexOf(name);
        const channelColumn = col('Channel');
        const leadRows = rows.map((row) => ({
          channel: channelColumn >= 0 ? String(row[channelColumn]) : channelOf.get(String(row[col('Email')])),
          status: String(row[col('Status')]),
        }));
        expect(leadRows).toHaveLength(200);
        for (const c of channels) {
          const mine = leadRows.filter((r) => r.channel === c.name);
          const row = rowOf(f, c.id);
          expect(row.emails, c.name).toBe(mine.length);
          expect(row.contacted, c.name).toBe(mine.filter((r) => r.status !== 'New').length);
          expect(row.won, c.name).toBe(mine.filter((r) => r.status === 'Won').length);
          // Booked leads not moved on wait at "Site visit"; those moved on to Won had a visit booked before.
          expect(row.visitBooked, c.name).toBeGreaterThanOrEqual(mine.filter((r) => r.status === 'Site visit').length);
        }

        // The .xlsx holds the same rows, with each step's conversion.
        const xlsx = await ctx.asStaff({ method: 'GET', url: `/api/funnel.xlsx?campaignId=${campaignId}` });
        expect(xlsx.statusCode).toBe(200);
        expect(xlsx.headers['content-disposition']).toMatch(/funnel-2027-01-14-\d\d-\d\d\.xlsx/);
        const [xHeader, ...xRows] = sheetRows((await readWorkbook(xlsx.rawPayload)).worksheets[0]!);
        expect(xHeader!.slice(0, 4)).toEqual(['Channel', 'Link visits', 'E-mails given', 'E-mails given %']);
        expect(xRows.map((r) => r[0])).toEqual([...f.channels.map((r) => r.name), 'Total']);
        const first = f.channels[0]!;
        expect(xRows[0]!.slice(1, 3)).toEqual([first.visits, first.emails]);
        expect(xRows[0]![3]).toBe(Math.round((first.emails / first.visits) * 1000) / 10);
        expect(xRows.at(-1)![2]).toBe(f.total.emails);
      },
    );
  },
  { tokenTtlSeconds: 60 * 24 * 60 * 60 },
); // the clock moves on by days: the staff token outlives it

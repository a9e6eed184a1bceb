import { expect, it } from 'vitest';
import { FUNNEL_MESSAGES, FUNNEL_STEPS, type Funnel, type FunnelRow } from '#shared/funnel/funnel.contract';
import { IMPORTS_API } from '#shared/imports/imports.api';
import type { ImportResult, ImportUndone } from '#shared/imports/imports.contract';
import { API_KEYS_API, INBOUND_API } from '#shared/inbound/inbound.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import type { LeadList, LeadSourceList } from '#shared/leads/leads.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { readWorkbook, sheetRows } from '../helpers/xlsx';
import { addLinkChannel, giveEmail } from '../factories/funnel';
import { createActiveCampaign } from '../factories/campaigns';

/*
 * Decision 0057: imported and API leads in the funnel under their source (the row's source text,
 * else the file's name; the call's `source`), one source per spelling up to case and spaces; the
 * leads download's "Channel" column names the same source, so the two reconcile; undoing the import
 * takes its leads out; a merged lead is counted once, under the kept lead.
 */

const SHEET = [
  'Name,Email,Phone,Source',
  'Asha Rao,asha@src.example,,99acres',
  'Bala K,bala@src.example,, 99Acres ',
  'Chetan,,+91 98450 70001,MagicBricks',
  'Divya,divya@src.example,,',
  'Esha,esha@src.example,9845070002,99ACRES',
].join('\n');

async function importSheet(ctx: TestContext, text: string, filename: string): Promise<ImportResult> {
  const body = await multipart({ dryRun: 'false' }, { bytes: Buffer.from(text, 'utf8'), filename, type: 'text/csv' });
  const res = await ctx.asStaff({ method: 'POST', url: IMPORTS_API.imports, payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ImportResult>();
}

async function funnel(ctx: TestContext, query = ''): Promise<Funnel> {
  const res = await ctx.asStaff({ method: 'GET', url: `/api/funnel?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Funnel>();
}

async function leadIdOf(ctx: TestContext, q: string): Promise<string> {
  const res = await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?q=${encodeURIComponent(q)}` });
  return res.json<LeadList>().items[0]!._id;
}

const sourceRow = (f: Funnel, source: string): FunnelRow | undefined => f.channels.find((r) => r.source === source);
const counts = (r: FunnelRow | undefined) => (r ? { emails: r.emails, contacted: r.contacted, won: r.won, visits: r.visits } : undefined);

/** The leads download's rows as { channel, email, status }. */
async function downloadRows(ctx: TestContext): Promise<Array<{ channel: string; email: string; status: string }>> {
  const res = await ctx.asStaff({ method: 'GET', url: LEADS_API.export });
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = sheetRows((await readWorkbook(res.rawPayload)).worksheets[0]!);
  const col = (name: string) => header!.indexOf(name);
  return rows.map((row) => ({ channel: String(row[col('Channel')] ?? ''), email: String(row[col('Email')] ?? ''), status: String(row[col('Status')]) }));
}

/** Every source row equals the download's rows with that channel: e-mails, contacted, won. */
async function reconcile(ctx: TestContext, f: Funnel) {
  const rows = await downloadRows(ctx);
  for (const r of f.channels.filter((c) => c.source !== null)) {
    const mine = rows.filter((x) => x.channel === r.name);
    expect(r.emails, r.name).toBe(mine.filter((x) => x.email !== '').length);
    expect(r.contacted, r.name).toBe(mine.filter((x) => x.status !== 'New').length);
    expect(r.won, r.name).toBe(mine.filter((x) => x.status === 'Won').length);
  }
  for (const step of FUNNEL_STEPS) expect(f.total[step], step).toBe(f.channels.reduce((sum, r) => sum + r[step], 0));
}

describeEachDatabase('imported and API leads in the funnel under their source (decision 0057)', (ctx) => {
  it(
    'counts a sheet’s sources (the file’s name for a row without one) and a portal’s API leads beside the channels; filters, totals, downloads, merge and undo agree',
    { timeout: 180_000 },
    async () => {
      const campaignId = await createActiveCampaign(ctx);
      const link = await addLinkChannel(ctx, campaignId, 'Hoarding');
      await giveEmail(ctx, 'visitor@src.example', campaignId, link.code);

      const imported = await importSheet(ctx, SHEET, 'expo-walkins.csv');
      expect(imported.created).toBe(5);

      const key = await ctx.asStaff({ method: 'POST', url: API_KEYS_API.keys, payload: { name: 'Housing' } });
      expect(key.statusCode, key.body).toBe(201);
      const bearer = { authorization: `Bearer ${key.json<{ key: string }>().key}` };
      for (const body of [
        { source: 'Housing.com', externalId: 'H-1', name: 'Farah', email: 'farah@src.example' },
        { source: ' housing.com', externalId: 'H-2', name: 'Gopal', phone: '9845070003' },
      ]) {
        const res = await ctx.app.inject({ method: 'POST', url: INBOUND_API.leads, payload: body, headers: bearer });
        expect(res.statusCode, res.body).toBe(201);
      }
      // Staff work some of them: contacted, won.
      for (const [q, status] of [
        ['asha@src.example', 'contacted'],
        ['farah@src.example', 'won'],
        ['98450 70003', 'contacted'],
      ] as const) {
        const res = await ctx.asStaff({ method: 'PATCH', url: `${LEADS_API.list}/${await leadIdOf(ctx, q)}`, payload: { status } });
        expect(res.statusCode, res.body).toBe(200);
      }

      const f = await funnel(ctx);
      expect(f.channels.map((r) => [r.name, r.kind, r.source])).toEqual([
        ['Hoarding', 'channel', null],
        ['No channel', 'none', null],
        ['99acres', 'import', '99acres'],
        ['expo-walkins.csv', 'import', 'expo-walkins.csv'],
        ['Housing.com', 'api', 'housing.com'],
        ['MagicBricks', 'import', 'magicbricks'],
      ]);
      expect(counts(sourceRow(f, '99acres'))).toEqual({ emails: 3, contacted: 1, won: 0, visits: 0 });
      expect(counts(sourceRow(f, 'magicbricks'))).toEqual({ emails: 0, contacted: 0, won: 0, visits: 0 });
      expect(counts(sourceRow(f, 'expo-walkins.csv'))).toEqual({ emails: 1, contacted: 0, won: 0, visits: 0 });
      expect(counts(sourceRow(f, 'housing.com'))).toEqual({ emails: 1, contacted: 2, won: 1, visits: 0 });
      expect(sourceRow(f, '99acres')!.channelId).toBeNull();
      expect(f.total.emails).toBe(1 + 3 + 0 + 1 + 1);
      expect(f.total.contacted).toBe(3);
      await reconcile(ctx, f);

      // Filters: one source in any spelling; a campaign or a channel has no source rows; dates apply.
      const only = await funnel(ctx, 'source=%2099ACRES%20');
      expect(only.channels.map((r) => r.source)).toEqual(['99acres']);
      expect(only.total.emails).toBe(3);
      expect((await funnel(ctx, `campaignId=${campaignId}`)).channels.every((r) => r.source === null)).toBe(true);
      expect((await funnel(ctx, 'channelId=none')).channels.map((r) => r.kind)).toEqual(['none']);
      expect((await funnel(ctx, 'from=2099-01-01')).total.emails).toBe(0);
      const both = await ctx.asStaff({ method: 'GET', url: `/api/funnel?source=99acres&channelId=${link.id}` });
      expect(both.statusCode).toBe(400);
      expect(both.body).toContain(FUNNEL_MESSAGES.source);

      // The funnel's .xlsx has the source rows.
      const xlsx = await ctx.asStaff({ method: 'GET', url: '/api/funnel.xlsx' });
      const [, ...xRows] = sheetRows((await readWorkbook(xlsx.rawPayload)).worksheets[0]!);
      expect(xRows.map((r) => r[0])).toEqual([...f.channels.map((r) => r.name), 'Total']);

      // The inbox: the sources to filter on, the filter, each lead's source.
      const sources = (await ctx.asStaff({ method: 'GET', url: LEADS_API.sources })).json<LeadSourceList>();
      expect(sources.sources.map((s) => s.name)).toEqual(['99acres', 'expo-walkins.csv', 'Housing.com', 'MagicBricks']);
      const inbox = (await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?leadSource=99ACRES` })).json<LeadList>();
      expect(inbox.items.map((i) => i.email).sort()).toEqual(['asha@src.example', 'bala@src.example', 'esha@src.example']);
      expect(inbox.items.map((i) => i.leadSource)).toEqual(inbox.items.map(() => ({ key: '99acres', name: '99acres', kind: 'import' })));
      const detail = await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}/${await leadIdOf(ctx, 'farah@src.example')}` });
      expect(detail.json<{ leadSource: unknown }>().leadSource).toEqual({ key: 'housing.com', name: 'Housing.com', kind: 'api' });

      // Merge Bala (99acres) into the visitor of the link channel: one person, counted once, under the kept lead.
      const merged = await ctx.asStaff({
        method: 'POST',
        url: LEADS_API.merge(await leadIdOf(ctx, 'bala@src.example')),
        payload: { intoId: await leadIdOf(ctx, 'visitor@src.example') },
      });
      expect(merged.statusCode, merged.body).toBe(200);
      const afterMerge = await funnel(ctx);
      expect(sourceRow(afterMerge, '99acres')!.emails).toBe(2);
      expect(afterMerge.channels.find((r) => r.name === 'Hoarding')!.emails).toBe(1);
      await reconcile(ctx, afterMerge);
      const unmerged = await ctx.asStaff({ method: 'DELETE', url: LEADS_API.unmerge(merged.json<{ mergeId: string }>().mergeId) });
      expect(unmerged.statusCode, unmerged.body).toBe(200);
      expect(sourceRow(await funnel(ctx), '99acres')!.emails).toBe(3);

      // Undo the import: its untouched leads go with their attribution; Asha (contacted by staff) is kept; the API leads stay.
      const undo = await ctx.asStaff({ method: 'DELETE', url: IMPORTS_API.one(imported.importId) });
      expect(undo.statusCode, undo.body).toBe(200);
      expect(undo.json<ImportUndone>().removed).toBe(4);
      const afterUndo = await funnel(ctx);
      expect(afterUndo.channels.filter((r) => r.source !== null).map((r) => [r.source, r.emails])).toEqual([
        ['99acres', 1],
        ['housing.com', 1],
      ]);
      await reconcile(ctx, afterUndo);
    },
  );
});

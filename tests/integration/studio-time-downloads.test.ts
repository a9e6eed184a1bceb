import { expect, it } from 'vitest';
import { rebuildSummaryCounts } from '#server/features/responses/summary-counts';
import { LEADS_API } from '#shared/leads/leads.api';
import type { CampaignSummaryResult } from '#shared/results/campaign-summary.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { addEmail, createActiveCampaign, respond } from '../factories/campaigns';
import { readWorkbook, rowValues } from '../helpers/xlsx';
import { saveSettings } from '../factories/settings';

/**
 * Staff read every time on the studio's clock (its time-zone setting), in downloads too: an .xlsx
 * date has no zone, so it must be written as the studio's wall-clock time; the summary's days are
 * the studio's days, and a download's file name carries the studio's date.
 */

/** 28 Nov 2026, 20:09 UTC: 29 Nov, 01:39 in Asia/Kolkata. */
const LATE = new Date('2026-11-28T20:09:00Z');

/** The wall-clock parts of `at` in `timeZone`, as a file name writes them. */
function parts(at: Date, timeZone: string) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return p as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
}

async function setTimeZone(ctx: TestContext, timeZone: string) {
  await saveSettings(ctx.asStaff, { timeZone });
}

/** ExcelJS reads a date cell's wall-clock time as if it were UTC. */
const wallClock = (cell: unknown) => (cell as Date).toISOString().slice(0, 16);

describeEachDatabase('downloads and the summary on the studio’s clock', (ctx) => {
  let campaignId = '';

  it('a response at 20:09 UTC on 28 Nov shows as 29-11-2026 01:39 in the .xlsx and counts on 29 Nov in the summary', async () => {
    campaignId = await createActiveCampaign(ctx);
    const email = 'late@example.com';
    const res = await respond(ctx, campaignId, email, await addEmail(ctx, email, campaignId), { propertyType: 'apartment' });
    expect(res.statusCode, res.body).toBe(200);
    const db = ctx.database.db;
    await db.updateTable('surveyResponses').set({ createdAt: LATE }).where('campaignId', '=', campaignId).execute();
    await db.updateTable('emailRecords').set({ createdAt: LATE }).where('campaignId', '=', campaignId).execute();
    await db.updateTable('leads').set({ createdAt: LATE, lastActivityAt: LATE }).where('email', '=', email).execute();
    // The rows were back-dated behind the product's back: the summary's kept day counts (decision 0056)
    // still hold the real day of the answer, so they are rebuilt from the rows, as a time-zone change does.
    await rebuildSummaryCounts(db, campaignId, (await ctx.app.settings.current()).timeZone);

    const download = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${campaignId}` });
    expect(download.statusCode).toBe(200);
    const book = await readWorkbook(download.rawPayload);
    const responses = book.getWorksheet('Responses')!;
    expect(rowValues(responses, 1)[1]).toBe('Date');
    expect(wallClock(rowValues(responses, 2)[1])).toBe('2026-11-29T01:39');
    expect(responses.getCell(2, 2).numFmt).toBe('dd-mm-yyyy hh:mm');
    const emails = book.worksheets.find((s) => s.name !== 'Responses')!;
    expect(wallClock(rowValues(emails, 2)[1])).toBe('2026-11-29T01:39');

    const leads = await readWorkbook((await ctx.asStaff({ method: 'GET', url: `${LEADS_API.export}?q=${encodeURIComponent(email)}` })).rawPayload);
    const sheet = leads.getWorksheet('Leads')!;
    const header = rowValues(sheet, 1);
    const row = rowValues(sheet, 2);
    expect(wallClock(row[header.indexOf('First contact')])).toBe('2026-11-29T01:39');
    expect(wallClock(row[header.indexOf('Last activity')])).toBe('2026-11-29T01:39');

    const summary = (await ctx.asStaff({ method: 'GET', url: `/api/campaign/summary/${campaignId}` })).json<CampaignSummaryResult>();
    expect(summary.perDay).toEqual([{ date: '2026-11-29', count: 1 }]);
    // The studio's 29 Nov holds it; its 28 Nov does not.
    const on29 = (await ctx.asStaff({ method: 'GET', url: `/api/campaign/summary/${campaignId}?from=2026-11-29&to=2026-11-29` })).json<CampaignSummaryResult>();
    expect(on29).toMatchObject({ total: 1, perDay: [{ date: '2026-11-29', count: 1 }] });
    const on28 = (await ctx.asStaff({ method: 'GET', url: `/api/campaign/summary/${campaignId}?from=2026-11-28&to=2026-11-28` })).json<CampaignSummaryResult>();
    expect(on28).toMatchObject({ total: 0, perDay: [{ date: '2026-11-28', count: 0 }] });
  });

  it('names downloads with the studio’s date and time, in any zone', async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC−11): at every hour of the day one of them is on another date than UTC.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      await setTimeZone(ctx, zone);
      for (const [url, pattern] of [
        [LEADS_API.export, /filename="leads-(\d{4})-(\d\d)-(\d\d)-(\d\d)-(\d\d)\.xlsx"/],
        ['/api/newsletter/export', /filename="newsletter-(\d{4})-(\d\d)-(\d\d)-(\d\d)-(\d\d)\.xlsx"/],
        [`/api/campaign/download/${campaignId}`, /-(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)\d\d\.xlsx"/],
      ] as const) {
        const before = parts(new Date(), zone);
        const res = await ctx.asStaff({ method: 'GET', url });
        const after = parts(new Date(), zone);
        expect(res.statusCode, `${zone} ${url}`).toBe(200);
        const m = pattern.exec(String(res.headers['content-disposition']));
        expect(m, String(res.headers['content-disposition'])).not.toBeNull();
        const got = m!.slice(1, 6).join('-');
        const stamp = (p: ReturnType<typeof parts>) => [p.year, p.month, p.day, p.hour, p.minute].join('-');
        expect([stamp(before), stamp(after)], `${zone} ${url}`).toContain(got);
      }
    }
    await setTimeZone(ctx, 'Asia/Kolkata');
  });
});

import { describe, expect, it } from 'vitest';
import { en } from '#shared/i18n/messages/en';
import { hi } from '#shared/i18n/messages/hi';
import { visitorApi } from './api';
import { pageProblems, PHONE, unique, useBrowser, waitForApp } from './browser';

/*
 * The e-mailed link of a visit booked from a Hindi page opens /hi/visit: the page that moves or
 * cancels the visit speaks Hindi (its texts, its dates), as the mail that carried the link did.
 */

const browser = useBrowser();

describe('the visit link of a Hindi booking', () => {
  it('opens a Hindi page that moves and cancels the visit, with no English sentence on it', async () => {
    const studioId = (await visitorApi<Array<{ studioId: string }>>('GET', '/api/visits/studios')).data[0]!.studioId;
    const slots = (await visitorApi<Array<{ start: string; free: number }>>('GET', `/api/visits/slots?studio=${encodeURIComponent(studioId)}`)).data.filter(
      (s) => s.free > 0,
    );
    const booked = await visitorApi<{ manageUrl: string }>('POST', '/api/visits', {
      slotStart: slots[2]!.start,
      studioId,
      email: `${unique('hindi-manage')}@example.com`,
      language: 'hi',
    });
    expect(booked.status).toBe(201);
    const url = new URL(booked.data.manageUrl);
    expect(url.pathname).toBe('/hi/visit');

    const page = await browser.newPage(PHONE);
    await page.goto(`${url.pathname}${url.search}`);
    await waitForApp(page);
    await page.getByRole('heading', { name: hi['visitManage.title'] }).waitFor();
    const move = page.getByRole('group', { name: hi['visitManage.moveLegend'] });
    await move.getByRole('radio').first().check();
    await page.getByRole('button', { name: hi['visitManage.move'] }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('हमने आपको नया निमंत्रण ई-मेल कर दिया है');
    const main = (await page.locator('main').textContent()) ?? '';
    for (const key of ['visitManage.title', 'visitManage.moveLegend', 'visitManage.move', 'visitManage.cancel'] as const) expect(main).not.toContain(en[key]);
    // The visit's date in Hindi (hi-IN), not English month names.
    expect(main).not.toMatch(/January|February|March|April|May|June|July|August|September|October|November|December/);

    await page.getByRole('button', { name: hi['visitManage.cancel'] }).click();
    await page.getByRole('group', { name: hi['visitManage.cancelAsk'] }).getByRole('button', { name: hi['visitManage.cancelYes'] }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(hi['visitManage.cancelled']);
    expect(pageProblems(page)).toEqual([]);
  });
});

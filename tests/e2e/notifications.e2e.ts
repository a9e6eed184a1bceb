import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '../helpers/webhook-receiver';
import { baseURL, DESKTOP, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, useBrowser } from './browser';

const browser = useBrowser();
const receiver = await startWebhookReceiver('/crm/hooks');
afterAll(() => receiver.close());

describe('notifications in the dashboard', () => {
  it('adds a webhook endpoint, shows its secret once, sends a signed test event and logs the delivery', async () => {
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto('/dashboard/settings/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByRole('checkbox', { name: /A contact message arrives/ }).uncheck();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.locator('.ant-alert-success code').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    const card = page.locator('.ant-card', { hasText: receiver.url });
    await expect.poll(() => card.count()).toBe(1);
    await expect.poll(() => card.locator('.ant-tag').allTextContents()).toEqual(['lead.created', 'survey.completed']);

    await card.getByRole('button', { name: 'Send test event' }).click();
    const [hook] = await receiver.waitFor(1);
    const verified = new Webhook(secret).verify(hook!.body, {
      'webhook-id': String(hook!.headers['webhook-id']),
      'webhook-timestamp': String(hook!.headers['webhook-timestamp']),
      'webhook-signature': String(hook!.headers['webhook-signature']),
    }) as { type: string };
    expect(verified.type).toBe('webhook.test');

    await card.getByRole('button', { name: 'Delivery log' }).click();
    const row = card.locator('tbody tr', { hasText: 'webhook.test' });
    await expect.poll(() => row.locator('.ant-tag').textContent()).toBe('delivered');
    // The secret is not shown again after a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('shows the staff e-mail a contact message caused, on a phone, when no SMTP server is set', async () => {
    const lastname = `Mailcheck${Date.now()}`;
    // An address of its own: a lead keeps the first name it gave, and other files write to this
    // shared server (a reused address would put another name in the subject).
    const email = `${lastname.toLowerCase()}@example.com`;
    const sent = await fetch(`${baseURL()}/api/contactus/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ response: { firstname: 'Meera', lastname, email, requestquotation: 'Carpet', message: 'A rug for the hall, please.' } }),
    });
    expect(sent.status).toBe(201);
    const page = await browser.newPage(PHONE);
    await loginAsStaff(page);
    const subject = `New lead: Meera ${lastname} — Contact`;
    await expect
      .poll(
        async () => {
          await page.goto('/dashboard/settings/mail');
          await page.getByRole('heading', { name: 'Sent mail', level: 1 }).waitFor();
          return page.getByRole('button', { name: new RegExp(subject) }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await page.getByRole('button', { name: new RegExp(subject) }).click();
    const mail = page.locator('.ant-card', { hasText: subject });
    await expect.poll(() => mail.textContent()).toContain('A rug for the hall, please.');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(pageProblems(page)).toEqual([]);
  });
});

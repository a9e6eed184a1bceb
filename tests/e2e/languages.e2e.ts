import { describe, expect, it } from 'vitest';
import type { PublicNotices } from '#shared/consent/consent.contract';
import { en } from '#shared/i18n/messages/en';
import { hi } from '#shared/i18n/messages/hi';
import type { Project } from '#shared/listings/listings.contract';
import { visitorApi } from './api';
import { baseURL, pageProblems, PHONE, seriousA11yViolations, unique, useBrowser, waitForApp } from './browser';
import { activateDemoSurvey, chooseInDropdown } from './demo-survey';

// Decision 0026: the language switch on a phone keeps the visitor on the page, the Hindi page hydrates
// with its own catalogue (no mismatch with the server's render), and both versions pass axe.
const browser = useBrowser();

describe('the language switch at 390 px', () => {
  it('opens the same page in Hindi and back in English, remembers the choice, and stays accessible', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/viewProjects');
    await waitForApp(page);

    // The header holds the switch, next to the menu button; the footer has one too.
    await page
      .locator('header')
      .getByRole('link', { name: /Read in Hindi/ })
      .click();
    await page.waitForURL(`${baseURL()}/hi/viewProjects`);
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    // The Devanagari font's stylesheet comes with Hindi pages only.
    expect(await page.locator('link[rel="stylesheet"][href*="devanagari"]').count()).toBe(1);
    await waitForApp(page);
    expect(await page.locator('h1').textContent()).toBe('हमारे बन रहे घर');
    // Once the app runs, links stay in Hindi (the router's basename).
    await page.locator('summary', { hasText: 'मेन्यू' }).click();
    await page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'स्टूडियो', exact: true }).click();
    await page.waitForURL(`${baseURL()}/hi/viewStudio`);
    // The address changes as the router starts the new page; its heading follows a moment later.
    await expect.poll(() => page.locator('h1').textContent()).toBe('स्टूडियो आइए');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The choice is remembered: the home page opens in Hindi.
    await page.goto('/');
    await page.waitForURL(`${baseURL()}/hi/`);

    // The footer's switch leads back to the same page in English.
    await page.goto('/hi/viewStudio');
    await page
      .locator('footer')
      .getByRole('link', { name: /Read in English/ })
      .click();
    await page.waitForURL(`${baseURL()}/viewStudio`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('link[rel="stylesheet"][href*="devanagari"]').count()).toBe(0);
    expect(await page.locator('h1').textContent()).toBe('Visit a studio');
    await waitForApp(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('the switch’s "हिन्दी" on English pages', () => {
  it('is drawn from the switch’s own small font on a machine without Devanagari fonts; Hindi pages never fetch it', async () => {
    const page = await browser.newPage(PHONE);
    const fetched: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.woff2')) fetched.push(new URL(response.url()).pathname);
    });
    await page.goto('/viewStudio');
    // A face is fetched once the page's layout draws a letter of its range, which on a busy machine
    // can come after the load event and after document.fonts.ready has already resolved (its status
    // is then still 'unloaded'): wait for the switch's face to be loaded by the page itself, without
    // asking for it (document.fonts.load would load it even if nothing on the page used it).
    await expect
      .poll(() => page.evaluate(() => [...document.fonts].filter((font) => font.family.includes('language names')).map((font) => font.status)))
      .toEqual(['loaded']);
    await page.evaluate(() => document.fonts.ready);
    // This build machine's Chromium has no Devanagari font of its own: without the subset the
    // word is drawn as boxes, each as wide as the others; with it the letters differ in width.
    const widths = await page.locator('header .language-switch').evaluate((link) => {
      const range = document.createRange();
      const text = link.firstChild!;
      return [...'हिन्दी'].map((_, i) => {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return Math.round(range.getBoundingClientRect().width * 10);
      });
    });
    expect(new Set(widths).size).toBeGreaterThan(1);
    expect(fetched.filter((file) => file.includes('language-names'))).toHaveLength(1);
    // Preloaded with the page: drawn first in a fallback 31 px wider, the swap moved the header.
    expect(await page.locator('link[rel="preload"][as="font"][href*="language-names"]').count()).toBe(1);

    expect(pageProblems(page)).toEqual([]);

    const hindi = await browser.newPage(PHONE);
    const fetchedInHindi: string[] = [];
    hindi.on('response', (response) => {
      if (response.url().endsWith('.woff2')) fetchedInHindi.push(new URL(response.url()).pathname);
    });
    await hindi.goto('/hi/viewStudio');
    await hindi.evaluate(() => document.fonts.ready);
    expect(fetchedInHindi.some((file) => file.includes('noto-sans-devanagari'))).toBe(true);
    // Both weights are preloaded with the page, so the text does not shift when they arrive.
    expect(await hindi.locator('link[rel="preload"][as="font"][href*="noto-sans-devanagari"]').count()).toBe(2);
    expect(fetchedInHindi.filter((file) => file.includes('language-names'))).toEqual([]);
    expect(await hindi.locator('link[href*="language-names"]').count()).toBe(0);
  });

  it('keeps the header where it is whatever font draws the switch (a slow phone paints before the font)', async () => {
    // Before the switch had a set width, a fallback font 31 px wider wrapped the brand at 390 px and
    // the swap unwrapped it: a layout shift on busy phones. Draw it in a wide font on purpose here.
    for (const path of ['/viewStudio', '/hi/viewStudio']) {
      const page = await browser.newPage(PHONE);
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      const header = () =>
        page.evaluate(() => {
          const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
          return { switchWidth: box('header .language-switch').width, brand: box('.brand__name').height, menu: box('.phone-menu__button').x };
        });
      const drawn = await header();
      await page.addStyleTag({ content: 'header .language-switch { font-family: "DejaVu Serif", serif !important; letter-spacing: 3px; }' });
      expect(await header(), path).toEqual(drawn);
    }
  });
});

describe('the survey in Hindi at 390 px', () => {
  it('a visitor on /hi/ answers the demo survey in Hindi and sees /hi/result in Hindi', async () => {
    await activateDemoSurvey();
    const page = await browser.newPage(PHONE);
    await page.goto('/hi/');
    await waitForApp(page);
    await page.getByPlaceholder('सर्वे शुरू करने के लिए ई-मेल लिखें').fill(`hindi-${Date.now().toString(36)}@example.com`);
    await page.getByRole('button', { name: 'अपनी जीवनशैली चुनें' }).click();
    await page.waitForURL(`${baseURL()}/hi/startsurvey`);

    // The survey's own texts and SurveyJS's buttons and progress, in Hindi.
    await page.getByText('आप किस तरह का घर ढूँढ रहे हैं?').waitFor();
    expect(await page.locator('h1').innerText()).toBe('अपना सपनों का घर खोजें');
    await expect.poll(() => page.locator('.sd-progress__text, .sv-progress__text').first().innerText()).toContain('में से पृष्ठ 1');
    await page.getByText('अपार्टमेंट', { exact: true }).click();
    await chooseInDropdown(page, 'आपका बजट क्या है?', '₹50 लाख – ₹1 करोड़');
    await chooseInDropdown(page, 'कितने बेडरूम?', '3 बीएचके');
    await page.getByRole('button', { name: 'अगला' }).click();
    await page.getByText('व्हाइटफ़ील्ड', { exact: true }).waitFor();
    // Drawn from the page's Noto Sans Devanagari inside SurveyJS too (its theme names the font; the
    // first page is drawn before SurveyJS, light-survey.tsx, so the second is looked at): this
    // machine has no Devanagari font of its own, and there the letters were boxes. Chromium says which
    // fonts drew a node's text.
    await page.evaluate(() => document.fonts.ready);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '.sd-question__title .sv-string-viewer' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    expect(fonts.filter((font) => font.glyphCount > 0 && font.isCustomFont).map((font) => font.postScriptName.split('-')[0])).toContain('NotoSansDevanagari');
    await page.getByText('व्हाइटफ़ील्ड', { exact: true }).click();
    await page.getByRole('button', { name: 'अगला' }).click();
    await page.getByText('बोहो और विविध', { exact: true }).click();
    await page.getByRole('button', { name: 'अगला' }).click();
    await chooseInDropdown(page, 'आप कब तक शिफ़्ट होना चाहेंगे?', '6 से 12 महीने में');
    await page.getByRole('button', { name: 'मेरी पसंद भेजें' }).click();
    await page.waitForURL(`${baseURL()}/hi/result`);

    await page.getByRole('heading', { name: 'अपनी पसंद बताने के लिए धन्यवाद। हम जल्द ही आपसे संपर्क करेंगे!' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    const answers = page.getByRole('region', { name: 'आपके जवाब' });
    expect(await answers.getByRole('rowheader').allInnerTexts()).toContain('आप किस तरह का घर ढूँढ रहे हैं?');
    expect(await answers.getByRole('cell').allInnerTexts()).toContain('अपार्टमेंट');
    expect(await page.getByRole('link', { name: 'घर देखें' }).getAttribute('href')).toBe('/hi/viewProjects');
    // The homes matched (or the sentence that none is) in Hindi; asking about one stays in Hindi.
    const homes = page.locator('#matches-projects-title');
    expect(await homes.innerText()).toMatch(/^(आपके लायक घर|आपकी माँग के सबसे क़रीब के घर|आपके लिए घर)$/);
    const ask = page.getByRole('link', { name: /^इस घर के बारे में पूछें/ });
    if ((await ask.count()) > 0) expect(await ask.first().getAttribute('href')).toMatch(/^\/hi\/viewContact\?quote=Homes&about=/);
    const matchesText = await page.locator('.result-matches').allInnerTexts();
    expect(matchesText.join('\n')).not.toMatch(/Homes that fit you|Homes nearest|Why it fits|within your budget|Ask about this home/);
    expect(await page.locator('.match-card__reasons li').allInnerTexts()).not.toContain('within your budget');
    // Prices as the rest of the site writes them (SPEC.md §9's "/-").
    await expect.poll(() => page.locator('.match-card__facts').allInnerTexts()).toContainEqual(expect.stringMatching(/₹[\d,]+\/-/));
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('the contact form in Hindi at 390 px', () => {
  it('says what is missing in Hindi, and thanks the visitor in Hindi', async () => {
    const page = await browser.newPage(PHONE);
    await page.clock.install();
    await page.goto('/hi/viewContact');
    await waitForApp(page);
    expect(await page.locator('h1').textContent()).toBe('आइए, आपके घर के बारे में बात करें');

    // Sent empty: the rules' messages in Hindi, the first field focused.
    await page.getByRole('button', { name: 'संदेश भेजें' }).click();
    await page.getByText('कृपया अपना पहला नाम लिखें!').waitFor();
    await page.getByText('कृपया चुनें कि कोटेशन किसके लिए चाहिए!').waitFor();
    expect(await page.getByText('Please input your first name!').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstname');

    // A wrong e-mail is named in Hindi as the visitor leaves the field.
    await page.getByLabel('ई-मेल').fill('not-an-address');
    await page.getByLabel('पहला नाम').fill('मीरा');
    await page.getByText('यह ई-मेल सही नहीं है!').waitFor();

    await page.getByLabel('उपनाम').fill('अय्यर');
    await page.getByLabel('ई-मेल').fill(`meera-${Date.now().toString(36)}@example.com`);
    await page.getByLabel('कोटेशन किसके लिए').selectOption('Homes');
    await page.getByRole('textbox', { name: 'संदेश', exact: true }).fill('हमें बेंगलुरु में 3 BHK घर चाहिए।');
    await page.clock.pauseAt(Date.now() + 1000);
    await page.getByRole('button', { name: 'संदेश भेजें' }).click();
    // The API answers in English (SPEC.md §7); the Hindi page says it in Hindi.
    await expect.poll(() => page.getByRole('status').textContent()).toBe('संपर्क करने के लिए धन्यवाद! हम जल्द ही आपको जवाब देंगे।');
    expect(pageProblems(page)).toEqual([]);
  });

  it('hydrates /hi/viewAboutus and /hi/privacy without errors, fitting the phone and accessible', async () => {
    for (const [path, heading] of [
      ['/hi/viewAboutus', 'घर, जो उनमें रहने वालों को ध्यान में रखकर बने हों'],
      ['/hi/privacy', 'हम आपके डेटा का उपयोग कैसे करते हैं'],
    ] as const) {
      const page = await browser.newPage(PHONE);
      await page.goto(path);
      await waitForApp(page);
      expect(await page.locator('h1').textContent(), path).toBe(heading);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), path).toBeLessThanOrEqual(0);
      expect(await seriousA11yViolations(page), path).toEqual([]);
      expect(pageProblems(page), path).toEqual([]);
    }
  });
});

describe('the consent notices in Hindi at 390 px (decision 0027)', () => {
  it('shows the studio’s Hindi notice on /hi/ and on the /hi/ contact form, and no English notice sentence', async () => {
    const notices = async (query = '') => (await (await fetch(`${baseURL()}/api/consent/notices${query}`)).json()) as PublicNotices;
    const [hi, en] = await Promise.all([notices('?language=hi'), notices()]);
    const before = (text: string) => text.split('/privacy')[0]!.trim();
    const english = [before(en.survey.text), before(en.contact.text), en.newsletter.text, 'collects your', 'The newsletter is separate'];

    const page = await browser.newPage(PHONE);
    await page.goto('/hi/');
    await waitForApp(page);
    const landing = page.locator('form.landing-form');
    await expect.poll(() => landing.textContent()).toContain(before(hi.survey.text));
    expect(await landing.textContent()).toContain(hi.newsletter.text);
    // Hindi words on a Hindi page: not marked as another language for screen readers.
    expect(await page.locator('#landing-notice').getAttribute('lang')).toBeNull();
    expect(await landing.getByRole('link', { name: 'प्राइवेसी सूचना' }).getAttribute('href')).toBe('/hi/privacy');
    for (const sentence of english) expect(await page.locator('body').textContent(), sentence).not.toContain(sentence);

    await page.goto('/hi/viewContact');
    await waitForApp(page);
    const contact = page.locator('form.contact-form');
    await expect.poll(() => contact.textContent()).toContain(before(hi.contact.text));
    expect(await contact.textContent()).toContain(hi.newsletter.text);
    for (const sentence of english) expect(await page.locator('body').textContent(), sentence).not.toContain(sentence);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('a refusal from the server in Hindi at 390 px (decision 0059)', () => {
  it('a slot taken meanwhile is refused by the server (409) and the /hi/ booking says so in Hindi, not in English', async () => {
    const home = (await visitorApi<Project[]>('GET', '/api/project/get')).data[0]!;
    expect(home, 'the demo data has a home').toBeDefined();
    const page = await browser.newPage(PHONE);
    const refusals: number[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/visits') refusals.push(response.status());
    });
    await page.goto(`/hi/viewProjects/${encodeURIComponent(home._id)}`);
    await waitForApp(page);
    // The panel asks for its studio's slots: the studio the booking goes to.
    const [slotsAsked] = await Promise.all([
      page.waitForRequest((request) => new URL(request.url()).pathname === '/api/visits/slots'),
      page.getByRole('button', { name: hi['actions.bookVisit'] }).click(),
    ]);
    const studioId = new URL(slotsAsked.url()).searchParams.get('studio')!;
    const panel = page.getByRole('region', { name: hi['actions.bookVisit'] });
    const slot = panel.getByRole('radio').and(page.locator(':not([disabled])')).first();
    await slot.check();
    const start = (await slot.getAttribute('value'))!;
    await panel.locator('input[type="email"]').fill(`${unique('hindi-refused')}@example.com`);

    // Meanwhile other people take every seat of that time (the browser's own check cannot know).
    const free = (await visitorApi<Array<{ start: string; free: number }>>('GET', `/api/visits/slots?studio=${encodeURIComponent(studioId)}`)).data.find(
      (s) => s.start === start,
    )!.free;
    for (let seat = 0; seat < free; seat++) {
      const taken = await visitorApi('POST', '/api/visits', { slotStart: start, studioId, email: `${unique('seat')}@example.com` });
      expect(taken.status).toBe(201);
    }

    await panel.getByRole('button', { name: hi['visit.book'] }).click();
    const alert = panel.getByRole('alert');
    // The server answers in English with the message's key; the page says the key's Hindi text.
    await expect.poll(() => alert.textContent()).toBe(hi['msg.visit.slotGone']);
    expect(refusals).toEqual([409]);
    expect(await page.locator('body').textContent()).not.toContain(en['msg.visit.slotGone']);
    // The time just taken is marked full.
    await expect.poll(() => panel.locator(`input[value="${start}"]`).isDisabled()).toBe(true);
    expect(pageProblems(page)).toEqual([]);
  });
});

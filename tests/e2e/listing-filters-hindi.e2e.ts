import { beforeAll, describe, expect, it } from 'vitest';
import { testImage } from '../helpers/images';
import { staffToken } from './api';
import { baseURL, pageProblems, PHONE, seriousA11yViolations, unique, useBrowser, waitForApp } from './browser';

/*
 * Decision 0040: the homes' filter form on /hi/viewProjects at 390 px speaks Hindi only: its labels, its
 * "any" choices, the range fields and the hints under them (the prices in lakh/crore words), with
 * no English the page wrote itself. A screenshot is kept to look at.
 */

const browser = useBrowser();
const LOCALITY = `${unique('Hindipur ')}, Pune`;

async function addHome(token: string, name: string, squareft: string, price: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ name, area: LOCALITY, squareft, dateofcomplition: '15-08-2027', sizeofunit: '3 BHK', gmaplink: '', price }))
    form.append(k, v);
  form.append('file', new Blob([new Uint8Array(await testImage('jpeg', { color: '#335577', width: 120, height: 120 }))], { type: 'image/jpeg' }), 'seed.jpg');
  const res = await fetch(`${baseURL()}/api/project/add`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.status, await res.clone().text()).toBe(201);
}

beforeAll(async () => {
  const token = await staffToken();
  await addHome(token, 'Hindi Filter Alpha', '1400', '9500000');
  await addHome(token, 'Hindi Filter Beta', '1800', '14500000');
});

const ENGLISH = [
  'Any locality',
  'Size (sq. ft)',
  'Price (₹)',
  'Min',
  'Max',
  'Priced homes here cost',
  'Homes here are',
  'Locality',
  'Sort by',
  'Any',
  'Ready by',
];

describe('the Hindi homes page’s filters at 390 px', () => {
  it('shows no English label, choice or hint', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/hi/viewProjects');
    await waitForApp(page);
    const form = page.getByRole('search', { name: 'घर फ़िल्टर करें' });
    await form.waitFor();
    // Every word the form shows or reads out: its text, its labels' hidden units, its placeholders and options.
    const said = await form.evaluate((element) => {
      const texts = [element.textContent ?? ''];
      for (const field of element.querySelectorAll('input[placeholder]')) texts.push(field.getAttribute('placeholder') ?? '');
      return texts.join('\n');
    });
    for (const english of ENGLISH) expect(said, english).not.toMatch(new RegExp(`(^|[^A-Za-z])${english.replace(/[()₹.]/g, '\\$&')}($|[^A-Za-z])`));
    expect(said).toContain('कोई भी इलाका');
    expect(said).toContain('आकार (वर्ग फ़ुट)');
    expect(said).toContain('कीमत (₹)');
    // Short words, so each bound's field keeps its width at 390 px ("कम से कम" squeezed "कोई भी" out of it).
    expect(said).toContain('न्यूनतम');
    expect(said).toContain('अधिकतम');
    expect(said).toMatch(/यहाँ के घरों की कीमत ₹[\d,]+\/- से ₹[\d,]+\/- तक है।/);
    // Each number field is wide enough for its placeholder ("कोई भी"), its text measured in the field's font.
    for (const field of await form.locator('input[type="number"]').all()) {
      const room = await field.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const probe = document.createElement('span');
        probe.style.font = style.font;
        probe.style.position = 'absolute';
        probe.textContent = input.placeholder;
        document.body.append(probe);
        const text = probe.getBoundingClientRect().width;
        probe.remove();
        return input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - text;
      });
      expect(room).toBeGreaterThanOrEqual(0);
    }
    expect(await seriousA11yViolations(page, { include: '.listing-filters' })).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });
});

import path from 'node:path';
import { expect, it } from 'vitest';
import type { Product, Project, Studio } from '#shared/listings/listings.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { testImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';

const ORIGIN = 'https://abode.example';
type Fields = Record<string, string>;
type Kind = 'project' | 'product' | 'studio';

async function send(ctx: TestContext, kind: Kind, action: 'add' | 'update', fields: Fields) {
  const body = await multipart(fields, { bytes: await testImage('png', { color: '#336699' }), filename: 'photo.png', type: 'image/png' });
  return ctx.asStaff({ method: 'POST', url: `/api/${kind}/${action}`, payload: body.payload, headers: body.headers });
}

async function add(ctx: TestContext, kind: Kind, fields: Fields): Promise<string> {
  const res = await send(ctx, kind, 'add', fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string }>()._id;
}

const home = (name: string, extra: Fields = {}): Fields => ({
  name,
  area: 'Baner, Pune',
  squareft: '1180',
  dateofcomplition: '31-03-2030',
  sizeofunit: '2 BHK',
  ...extra,
});
const piece = (productname: string, extra: Fields = {}): Fields => ({
  productname,
  description: 'Woven rattan on a sheesham frame.',
  price: '18500',
  ...extra,
});

/** The visible text of a page, without tags and scripts. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

// Decision 0026: a listing's name (and a product's description) may carry a Hindi version; pages under
// /hi/ show it, rendered by the real server entry without script, and fall back to English.
describeEachDatabase(
  'listings in Hindi',
  (ctx) => {
    const get = (url: string) => ctx.app.inject({ method: 'GET', url });
    const one = async <T>(kind: Kind, id: string) => (await get(`/api/${kind}/get/${id}`)).json<T>();

    it('stores the optional Hindi fields, answers them (null when none), clears them when sent blank and refuses one too long', async () => {
      const projectId = await add(ctx, 'project', home('Baner Heights', { nameHi: '  बानेर हाइट्स  ' }));
      expect((await one<Project>('project', projectId)).nameHi).toBe('बानेर हाइट्स');
      const productId = await add(ctx, 'product', piece('Cane Armchair', { productnameHi: 'बेंत की कुर्सी', descriptionHi: 'शीशम के फ़्रेम पर बुना रतन।' }));
      const product = await one<Product>('product', productId);
      expect([product.productnameHi, product.descriptionHi]).toEqual(['बेंत की कुर्सी', 'शीशम के फ़्रेम पर बुना रतन।']);
      const studioId = await add(ctx, 'studio', {
        title: 'Bandra Studio',
        address: 'Hill Road, Bandra',
        gmaplink: 'https://maps.example/bandra',
        titleHi: 'बांद्रा स्टूडियो',
      });
      expect((await one<Studio>('studio', studioId)).titleHi).toBe('बांद्रा स्टूडियो');

      // Without them: null, in the list as in the item.
      const plainId = await add(ctx, 'product', piece('Teak Sofa'));
      const list = (await get('/api/product/get')).json<Product[]>();
      const plain = list.find((p) => p._id === plainId)!;
      expect([plain.productnameHi, plain.descriptionHi]).toEqual([null, null]);

      // Sent blank on update: none again; the English fields are untouched.
      const update = await send(ctx, 'product', 'update', piece('Cane Armchair', { productId, productnameHi: '   ', descriptionHi: '' }));
      expect(update.statusCode, update.body).toBe(200);
      const cleared = await one<Product>('product', productId);
      expect([cleared.productname, cleared.productnameHi, cleared.descriptionHi]).toEqual(['Cane Armchair', null, null]);

      const tooLong = await send(ctx, 'project', 'add', home('Long', { nameHi: 'क'.repeat(61) }));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toMatchObject({ message: 'Hindi name should be at most 60 characters', errors: [{ field: 'nameHi' }] });
      const nul = await send(ctx, 'product', 'add', piece('Nul', { descriptionHi: 'a\u0000b' }));
      expect(nul.statusCode).toBe(400);
    });

    it('shows the Hindi name and description under /hi/, English elsewhere, and English where there is no Hindi version', async () => {
      const withHindi = await add(ctx, 'project', home('Palm Grove', { nameHi: 'पाम ग्रोव' }));
      const withoutHindi = await add(ctx, 'project', home('Powai Crest'));
      const rug = await add(ctx, 'product', piece('Dhurrie Rug', { productnameHi: 'जयपुरी दरी', descriptionHi: 'सपाट बुनी सूती दरी।' }));

      const hiGrid = text((await get('/hi/viewProjects')).body);
      expect(hiGrid).toContain('पाम ग्रोव');
      expect(hiGrid).not.toContain('Palm Grove');
      expect(hiGrid).toContain('Powai Crest');
      const enGrid = text((await get('/viewProjects')).body);
      expect(enGrid).toContain('Palm Grove');
      expect(enGrid).not.toContain('पाम ग्रोव');

      const hiPage = await get(`/hi/viewProjects/${withHindi}`);
      expect(hiPage.statusCode).toBe(200);
      expect(hiPage.body).toMatch(/<h1[^>]*>पाम ग्रोव<\/h1>/);
      expect(hiPage.body).toContain('<title>पाम ग्रोव');
      expect(jsonLd(hiPage.body).join('')).toContain('"name":"पाम ग्रोव"');
      const enPage = await get(`/viewProjects/${withHindi}`);
      expect(enPage.body).toMatch(/<h1[^>]*>Palm Grove<\/h1>/);
      expect(text(enPage.body)).not.toContain('पाम ग्रोव');
      expect((await get(`/hi/viewProjects/${withoutHindi}`)).body).toMatch(/<h1[^>]*>Powai Crest<\/h1>/);

      const hiProduct = text((await get(`/hi/viewProducts/${rug}`)).body);
      expect(hiProduct).toContain('जयपुरी दरी');
      expect(hiProduct).toContain('सपाट बुनी सूती दरी।');
      expect(hiProduct).not.toContain('Woven rattan');
      expect(text((await get('/hi/viewProducts')).body)).toContain('जयपुरी दरी');
      expect(text((await get(`/viewProducts/${rug}`)).body)).toContain('Woven rattan on a sheesham frame.');
    });

    it('translates a listing’s page under /hi/: headings, labels, buttons, WhatsApp text, Hindi prices, and JSON-LD in Hindi', async () => {
      const id = await add(ctx, 'project', home('Crest Towers', { nameHi: 'क्रेस्ट टावर्स', price: '12500000', amenities: 'Gym' }));
      const hi = await get(`/hi/viewProjects/${id}`);
      const page = text(hi.body);
      for (const words of [
        'इस घर के बारे में',
        'सुविधाएँ',
        'साइट विज़िट बुक करें',
        'कॉल करें',
        'मिलते-जुलते घर',
        '₹1.25 करोड़',
        '1,180 वर्ग फ़ुट',
        'निर्माणाधीन',
        'EMI का अनुमान',
        'हर महीने',
        'मेरी EMI निकालें',
      ]) {
        expect(page, words).toContain(words);
      }
      // The enquiry form is in Hindi too, its consent notice as well (decision 0027).
      for (const words of ['इस घर के बारे में पूछें', 'क्रेस्ट टावर्स के बारे में। फ़ोन नंबर देना ज़रूरी नहीं', 'पहला नाम', 'आप क्या चाहते हैं?', 'संदेश भेजें']) {
        expect(page, words).toContain(words);
      }
      // The gallery names the home in Hindi.
      expect(hi.body).toContain('aria-label="क्रेस्ट टावर्स की फ़ोटो"');
      expect(hi.body).toContain('alt="क्रेस्ट टावर्स की तस्वीर"');
      for (const english of ['About this home', 'Similar homes', '₹1.25 Cr', '1,180 sq. ft']) expect(page, english).not.toContain(english);
      // The EMI form works without script and stays in Hindi.
      expect(hi.body).toContain(`action="/hi/viewProjects/${id}#emi"`);
      expect(hi.body).toMatch(/class="button button--accent listing-actions__visit"[^>]*>साइट विज़िट बुक करें</);
      const chat = decodeURIComponent(/href="https:\/\/wa\.me\/\d+\?text=([^"]+)"/.exec(hi.body)![1]!);
      expect(chat).toBe(`नमस्ते, मुझे क्रेस्ट टावर्स घर में रुचि है: ${ORIGIN}/hi/viewProjects/${id}`);
      const listing = jsonLd(hi.body)
        .map((j) => JSON.parse(j) as Record<string, unknown>)
        .find((j) => j['@type'] === 'RealEstateListing')!;
      expect(listing).toMatchObject({ name: 'क्रेस्ट टावर्स', inLanguage: 'hi-IN' });

      // The English page is as it was: English texts and forms, no inLanguage.
      const en = await get(`/viewProjects/${id}`);
      const enPage = text(en.body);
      for (const words of ['About this home', 'Book a site visit', '₹1.25 Cr', '1,180 sq. ft', 'under construction']) expect(enPage, words).toContain(words);
      expect(decodeURIComponent(/href="https:\/\/wa\.me\/\d+\?text=([^"]+)"/.exec(en.body)![1]!)).toBe(
        `Hello, I am interested in the home Crest Towers: ${ORIGIN}/viewProjects/${id}`,
      );
      expect(en.body).not.toContain('inLanguage');
      expect(en.body).toContain('About <strong>Crest Towers</strong>. Phone is optional; everything else is needed to answer you.');

      const lampId = await add(ctx, 'product', piece('Brass Lamp', { productnameHi: 'पीतल का लैंप' }));
      const hiPiece = text((await get(`/hi/viewProducts/${lampId}`)).body);
      for (const words of ['पीतल का लैंप', 'इस सामान के बारे में', 'इस सामान के बारे में पूछें', '₹18,500']) expect(hiPiece, words).toContain(words);
      // Prices carry SPEC.md §9's "/-" in Hindi too, as the lists and /result show them.
      expect(hiPiece).toContain('₹18,500/-');
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr-app'), publicBaseUrl: ORIGIN },
);

import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app';

// Decision 0026: the contact, about and privacy pages under /hi/, rendered by the site's real server entry
// (tests/fixtures/ssr-app) without any script running, and their English versions unchanged.
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const description = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
/** The page's visible text, tags left out (React puts `<!-- -->` between neighbouring texts). */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');

describeEachDatabase(
  'the contact, about and privacy pages in Hindi',
  (ctx) => {
    const get = async (url: string) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      return res.body;
    };

    it('serves /hi/viewContact in Hindi: headings, labels, placeholders, options, button, title and notice links', async () => {
      const hi = await get('/hi/viewContact');
      expect(htmlLang(hi)).toBe('hi');
      expect(title(hi)).toMatch(/^संपर्क · /);
      expect(description(hi)).toContain('हमारा स्टूडियो एक कामकाजी दिन के भीतर जवाब देता है');
      const page = text(hi);
      for (const words of [
        'आइए, आपके घर के बारे में बात करें',
        'हमें संदेश भेजें',
        'सभी खाने भरना ज़रूरी है।',
        'पहला नाम',
        'उपनाम',
        'कोटेशन किसके लिए',
        'चुनें कि आपको किस चीज़ का कोटेशन चाहिए',
        'वेंडर पंजीकरण',
        '0 / 2000 अक्षर',
        'संदेश भेजें',
        'स्टूडियो आइए',
        'Google Maps में खोलें',
        'मुझे न्यूज़लेटर भेजें',
        'प्राइवेसी सूचना',
      ]) {
        expect(page, words).toContain(words);
      }
      expect(hi).toContain('placeholder="अपनी योजना, अपनी समय-सीमा और जो कुछ भी हमें जानना चाहिए, वह बताएँ।"');
      // The options' values stay the contract's; the notice is the studio's Hindi text (decision 0027).
      expect(hi).toContain('value="VenderRegistration"');
      expect(hi).toMatch(/<p class="consent-notice__text" id="contact-notice">/);
      expect(page).not.toContain('collects your');
      expect(hi).toContain('href="/hi/privacy"');
      for (const english of ['Send us a message', 'All fields are required.', 'Request quotation', 'Send me the newsletter', 'Visit the studio']) {
        expect(page, english).not.toContain(english);
      }

      const en = await get('/viewContact');
      expect(htmlLang(en)).toBe('en');
      expect(title(en)).toMatch(/^Contact · /);
      const english = text(en);
      for (const words of [
        'Let’s talk about your home',
        'Send us a message',
        'All fields are required.',
        'First name',
        'Last name',
        'Request quotation',
        'Choose what you need a quote for',
        'Vendor registration',
        '0 / 2000 characters',
        'Send message',
        'Visit the studio',
        'Open in Google Maps',
        'Send me the newsletter',
        'privacy notice',
      ]) {
        expect(english, words).toContain(words);
      }
      expect(en).toContain('placeholder="Tell us about your plans, your timeline and anything we should know."');
      // English pages carry no language marks of their own.
      expect(en).toMatch(/<p class="consent-notice__text" id="contact-notice">/);
    });

    it('prefills the message about a home in the page’s language', async () => {
      const hi = await get(`/hi/viewContact?quote=Homes&about=${encodeURIComponent('Skyline Residences')}`);
      expect(hi).toContain('मुझे Skyline Residences के बारे में और जानकारी चाहिए।');
      const en = await get(`/viewContact?quote=Homes&about=${encodeURIComponent('Skyline Residences')}`);
      expect(en).toContain('I would like to know more about Skyline Residences.');
    });

    it('serves /hi/viewAboutus in Hindi, and /viewAboutus with its English texts', async () => {
      const hi = await get('/hi/viewAboutus');
      expect(htmlLang(hi)).toBe('hi');
      expect(title(hi)).toMatch(/^हमारे बारे में · /);
      expect(description(hi)).toContain('परिवारों को उनका घर ढूँढने, बनाने');
      const page = text(hi);
      for (const words of [
        'घर, जो उनमें रहने वालों को ध्यान में रखकर बने हों',
        'हम क्या करते हैं',
        'घर ढूँढें',
        'अपना घर बनाएँ',
        'बजट और ऑडिट',
        'सिंकिंग फ़ंड',
        'कोटेशन पाएँ',
        'एक टीम',
        'समझ नहीं आ रहा कि कहाँ से शुरू करें?',
        'स्टूडियो से संपर्क करें',
      ]) {
        expect(page, words).toContain(words);
      }
      for (const english of ['What we do', 'Find Homes', 'Get Quote', 'Contact the studio']) expect(page, english).not.toContain(english);
      expect(hi).toContain('href="/hi/viewContact"');

      const en = await get('/viewAboutus');
      expect(title(en)).toMatch(/^About · /);
      const english = text(en);
      for (const words of [
        'Homes designed around the people who live in them',
        'What we do',
        'Find Homes',
        'Build Your Home',
        'Budget & Audit',
        'Sinking Fund',
        'Get Quote',
        'One team',
        'Not sure where to start?',
        'Contact the studio',
        'is a real-estate and interiors studio. We help families find the right home, build it well and furnish it with care, from the first site visit to the last cushion.',
      ]) {
        expect(english, words).toContain(words);
      }
    });

    it('serves /hi/privacy in Hindi around the studio’s own notices, and /privacy in English', async () => {
      const hi = await get('/hi/privacy');
      expect(htmlLang(hi)).toBe('hi');
      expect(title(hi)).toMatch(/^प्राइवेसी · /);
      const page = text(hi);
      for (const words of [
        'हम आपके डेटा का उपयोग कैसे करते हैं',
        'जब आप सर्वे शुरू करते हैं',
        'जब आप हमें लिखते हैं',
        'न्यूज़लेटर',
        'सूचना का संस्करण',
        'आपका डेटा, आपकी मर्ज़ी',
        'अपना डेटा माँगें, या उसे मिटवाएँ',
        'मेरे डेटा की कॉपी',
        'मेरा डेटा मिटा दें',
        'आपका ई-मेल पता',
        'मुझे लिंक भेजें',
      ]) {
        expect(page, words).toContain(words);
      }
      // The studio's own Hindi notices, as written (the consents record them, decision 0027).
      const notices = await ctx.app.inject({ method: 'GET', url: '/api/consent/notices?language=hi' });
      const contactNotice = (notices.json() as { contact: { text: string } }).contact.text;
      expect(page).toContain(contactNotice);
      expect(page).not.toContain('collects your name');
      expect(hi).not.toContain('<p lang="en">');
      for (const english of ['How we use your data', 'Send me the link', 'Erase my data', 'Notice version']) expect(page, english).not.toContain(english);

      const en = await get('/privacy');
      const english = text(en);
      expect(title(en)).toMatch(/^Privacy · /);
      for (const words of [
        'How we use your data',
        'Each form on this site tells you what it keeps and why. The newsletter is always a separate choice, and every e-mail we send has a link to unsubscribe.',
        'When you start a survey',
        'Notice version 1',
        'Your data, your choice',
        'For a copy of your data, its correction or its erasure, or to withdraw a consent, write to',
        'Ask for your data, or its erasure',
        'A copy of my data',
        'Erase my data',
        'Your e-mail address',
        'We send a link to this address; your request starts once you open it. Nobody can ask for someone else’s data.',
        'Send me the link',
      ]) {
        expect(english, words).toContain(words);
      }
      expect(en).not.toContain('<p lang="en">');
    });

    it('translates the consent box on the Hindi landing page, and keeps the English one', async () => {
      const hi = text(await get('/hi/'));
      expect(hi).toContain('मुझे न्यूज़लेटर भेजें');
      expect(hi).toContain('प्राइवेसी सूचना');
      const en = text(await get('/'));
      expect(en).toContain('Send me the newsletter');
      expect(en).toContain('privacy notice');
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr-app'), publicBaseUrl: 'https://abode.example' },
);

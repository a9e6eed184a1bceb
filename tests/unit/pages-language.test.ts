import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { CONTACT_FIELD_MESSAGES, CONTACT_THANKS, contactFieldsSchema } from '#shared/contact/contact.contract';
import { textsIn } from '#shared/i18n/translate';
import { en } from '#shared/i18n/messages/en';
import { matchListings, matchName, type ListingMatches, type MatchedListing } from '#shared/matching/listing-match';
import { matchLine, matchSections } from '#shared/matching/match-sections';
import { matchLineIn, sectionKeys } from '#shared/matching/match-text';
import { PRIVACY_REQUEST_MESSAGES } from '#shared/privacy/privacy-requests';
import { SURVEY_FILE_MESSAGES } from '#shared/responses/survey-files.contract';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { whatsAppAboutHome, whatsAppSummary } from '#web/features/responses/whatsapp-summary';

// Decision 0026: the contact, about, privacy and result pages' texts in Hindi, their English values the
// pages' and the API's texts exactly.
const hi = textsIn('hi');
const english = textsIn('en');

const listing = (name: string, reasons: string[], misses: string[] = []): MatchedListing => ({ _id: name, name, image: '/x.jpg', reasons, misses });

describe('English values are the texts the pages and the API had', () => {
  it('keeps the contact rules’ messages, the thanks, the privacy and the survey messages', () => {
    const empty = contactFieldsSchema.safeParse({ firstname: '', lastname: '', email: '', requestquotation: '', message: '' });
    const messages = empty.success ? [] : empty.error.issues.map((issue) => issue.message);
    expect(messages).toEqual([
      CONTACT_FIELD_MESSAGES.firstname,
      CONTACT_FIELD_MESSAGES.lastname,
      CONTACT_FIELD_MESSAGES.email,
      CONTACT_FIELD_MESSAGES.quotation,
      CONTACT_FIELD_MESSAGES.message,
    ]);
    expect(messages).toEqual([
      'Please input your first name!',
      'Please input your last name!',
      'Please input your E-mail!',
      'Please select a request quotation!',
      'Please input your message!',
    ]);
    expect(en['msg.contact.firstname']).toBe('Please input your first name!');
    expect(en['msg.contact.emailInvalid']).toBe('The input is not valid E-mail!');
    expect(en['msg.contact.thanks']).toBe(CONTACT_THANKS);
    expect(en['msg.privacy.sent']).toBe(PRIVACY_REQUEST_MESSAGES.sent);
    expect(en['msg.privacy.confirmed']).toBe(PRIVACY_REQUEST_MESSAGES.confirmed);
    expect(en['msg.privacy.invalidLink']).toBe(PRIVACY_REQUEST_MESSAGES.invalidLink);
    expect(en['msg.privacy.kind']).toBe(PRIVACY_REQUEST_MESSAGES.kind);
    expect(en['msg.files.answersTooLarge']).toBe(SURVEY_FILE_MESSAGES.answersTooLarge);
    expect(en['msg.files.storeFull']).toBe(SURVEY_FILE_MESSAGES.storeFull);
    expect(hi('msg.files.answersTooLarge')).toMatch(/^आपके जवाब भेजने के लिए बहुत लंबे हैं।/);
    for (const key of [
      'emailSaved',
      'newsletterSaved',
      'emailKept',
      'campaignInactive',
      'emailRecordNotFound',
      'resumeLinkSent',
      'resumeLinkInvalid',
      'surveyFinished',
      'surveyClosed',
    ] as const) {
      expect(en[`msg.survey.${key}`], key).toBe(CAMPAIGN_MESSAGES[key]);
      // The English catalogue gives the text back unchanged through ICU (no quote or brace eaten).
      expect(english(`msg.survey.${key}`), key).toBe(CAMPAIGN_MESSAGES[key]);
    }
  });

  it('keeps each message the pages look up by its English text a plain literal, as the browser build parses it', () => {
    // message-keys.ts (src/shared/i18n) pairs a rule's text with its key by the text of its one literal element.
    const keys = Object.keys(en).filter((key) => key.startsWith('msg.') || key.startsWith('email.'));
    expect(keys.length).toBeGreaterThan(30);
    for (const key of keys) expect(parse(en[key as keyof typeof en]), key).toEqual([{ type: 0, value: en[key as keyof typeof en] }]);
  });

  it('keeps the WhatsApp texts of /result', () => {
    expect(english('whatsapp.aboutHome', { studio: 'Abode', home: 'Lakeside' })).toBe(whatsAppAboutHome('Abode', 'Lakeside'));
    const rows = [{ title: 'Budget', answer: '₹1–2 crore' }];
    expect(
      whatsAppSummary('Abode', 'Home survey', rows, {
        head: english('whatsapp.summaryHead', { studio: 'Abode', survey: 'Home survey' }),
        tail: english('whatsapp.summaryTail'),
      }),
    ).toBe(whatsAppSummary('Abode', 'Home survey', rows));
    expect(hi('whatsapp.aboutHome', { studio: 'Abode', home: 'Lakeside' })).toBe(
      'नमस्ते Abode, मेरे होम सर्वे में Lakeside मेल खाया है। क्या आप मुझे इसके बारे में और बता सकते हैं?',
    );
  });
});

describe('matches in the visitor’s language', () => {
  const fit = listing('Lakeside', ['within your budget', '3 BHK', 'in Whitefield', '1,450 sq. ft', 'ready by Mar 2027', 'apartment']);
  const near = listing('Baner Heights', ['3 BHK'], ['2 BHK, you asked for 3']);

  it('uses the English headings of match-sections.ts as the English catalogue’s, in every state', () => {
    const cases: ListingMatches[] = [
      { projects: [fit], products: [fit], asked: { projects: true, products: true } },
      { projects: [near], products: [near], asked: { projects: true, products: true } },
      { projects: [], products: [], asked: { projects: true, products: true } },
    ];
    for (const matches of cases) {
      for (const section of matchSections(matches, 'visitor')) {
        const keys = sectionKeys(section);
        expect(english(keys.title)).toBe(section.title);
        expect(keys.note ? english(keys.note) : null).toBe(section.note);
      }
    }
  });

  it('names each match by its Hindi name in Hindi, and by its name in English (the name when it has no Hindi one)', () => {
    const homes = [
      {
        _id: 'h1',
        name: 'Lakeside',
        nameHi: 'लेकसाइड',
        image: '/a.jpg',
        area: 'Whitefield, Bengaluru',
        squareft: 1450,
        sizeofunit: '3 BHK',
        dateofcomplition: '15-12-2026',
        price: 9_500_000,
      },
      {
        _id: 'h2',
        name: 'Edge Six',
        nameHi: null,
        image: '/b.jpg',
        area: 'Whitefield, Bengaluru',
        squareft: 1600,
        sizeofunit: '3 BHK',
        dateofcomplition: '15-12-2026',
        price: 9_000_000,
      },
    ];
    const pieces = [
      { _id: 'p1', productname: 'Teak Sofa', productnameHi: 'सागौन सोफ़ा', image: '/c.jpg', description: 'Teak.', price: 125_000, tags: ['Classic'] },
    ];
    const found = matchListings(
      [
        { match: 'project.bedrooms', values: [{ value: 3, text: '3 BHK' }] },
        { match: 'product.keywords', values: [{ value: 'Classic', text: 'Classic' }] },
      ],
      { projects: homes, products: pieces },
    );
    expect(found.projects.map((m) => [m.name, m.nameHi])).toEqual(
      expect.arrayContaining([
        ['Lakeside', 'लेकसाइड'],
        ['Edge Six', undefined],
      ]),
    );
    expect(found.products.map((m) => [m.name, m.nameHi])).toEqual([['Teak Sofa', 'सागौन सोफ़ा']]);
    const lakeside = found.projects.find((m) => m._id === 'h1')!;
    expect(matchName(lakeside, 'hi')).toBe('लेकसाइड');
    expect(matchName(lakeside, 'en')).toBe('Lakeside');
    expect(
      matchName(
        found.projects.find((m) => m._id === 'h2')!,
        'hi',
      ),
    ).toBe('Edge Six');
    expect(matchLineIn(hi, 'hi', lakeside)).toMatch(/^लेकसाइड — /);
    expect(matchLineIn(english, 'en', lakeside)).toBe(matchLine(lakeside));
    expect(matchLine(lakeside)).toMatch(/^Lakeside — /);
  });
});

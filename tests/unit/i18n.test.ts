import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it, vi } from 'vitest';
import { EMAIL_MESSAGES } from '#shared/email';
import { missingKeys, withFallback } from '#shared/i18n/catalogues';
import { formatNumber, formatRupees, formatRupeesShort } from '#shared/i18n/format';
import { languageSwitchHref, localizedPath, splitLanguage } from '#shared/i18n/languages';
import { MESSAGE_PARSE_OPTIONS, messageFormatter } from '#shared/i18n/message-format';
import { en } from '#shared/i18n/messages/en';
import { hi } from '#shared/i18n/messages/hi';

describe('catalogues', () => {
  it('has every English key in Hindi: the list of missing Hindi keys is empty', () => {
    expect(missingKeys(hi)).toEqual([]);
  });

  it('lists a missing key, and falls back to English for it', () => {
    const { 'nav.login': _left, ...partial } = hi;
    expect(missingKeys(partial)).toEqual(['nav.login']);
    const merged = withFallback(partial);
    expect(merged['nav.login']).toBe('Login');
    expect(merged['nav.homes']).toBe('घर');
  });

  it('keeps the specification’s English texts as the English values', () => {
    expect(en['email.required']).toBe(EMAIL_MESSAGES.required);
    expect(en['email.invalid']).toBe('The input is not valid E-mail!');
    expect(en['landing.emailPlaceholder']).toBe('Enter email to begin survey');
    expect(en['landing.submit']).toBe('Choose Your Lifestyle');
    expect(en['nav.askQuote']).toBe('Ask Quote');
  });
});

describe('plurals', () => {
  it('counts listings as the pages did in English, and in Hindi', () => {
    const english = messageFormatter('en-IN', en);
    const count = (n: number) => ({ n, count: String(n) });
    expect(english.text('filters.homes.matches', count(1))).toBe('1 home matches');
    expect(english.text('filters.homes.matches', count(3))).toBe('3 homes match');
    expect(english.text('filters.decor.count', count(1))).toBe('1 decor item');
    expect(english.text('filters.decor.count', count(1200))).toBe('1200 decor items');
    const hindi = messageFormatter('hi-IN', withFallback(hi));
    expect(hindi.text('filters.homes.matches', count(3))).toBe('3 घर मेल खाते हैं');
  });
});

/** Values for every argument a message names: a number where it is counted or chosen by plural. */
function sampleValues(elements: MessageFormatElement[], into: Record<string, string | number> = {}): Record<string, string | number> {
  for (const element of elements) {
    if (element.type === TYPE.argument) into[element.value] ??= `‹${element.value}›`;
    if (element.type === TYPE.number || element.type === TYPE.plural) into[element.value] = 3;
    if (element.type === TYPE.select) into[element.value] ??= 'other';
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) sampleValues(option.value, into);
  }
  return into;
}

describe('one text from the catalogue string (server) and from its parsed form (browser)', () => {
  it('formats every message of both languages the same from the string and from the build’s AST', () => {
    for (const [language, messages] of [
      ['en-IN', en],
      ['hi-IN', withFallback(hi)],
    ] as const) {
      const parsed = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text, MESSAGE_PARSE_OPTIONS)]));
      const fromText = messageFormatter(language, messages);
      const fromAst = messageFormatter(language, parsed);
      for (const key of Object.keys(messages)) {
        const values = sampleValues(parsed[key]!);
        expect(fromAst.text(key, values), key).toBe(fromText.text(key, values));
        // Each argument's value is in the text (a select's choice is not printed: it picks the branch).
        for (const name of Object.keys(values))
          if (typeof values[name] === 'string' && values[name] !== 'other') expect(fromText.text(key, values), key).toContain(values[name]);
      }
    }
  });

  it('keeps quotes, apostrophes and angle brackets as written', () => {
    const f = messageFormatter('en-IN', { a: "the studio's time ({zone})", b: 'a <b>bold</b> claim', c: "'{'literal'}' {x}" });
    expect(f.text('a', { zone: 'IST' })).toBe("the studio's time (IST)");
    expect(f.text('b')).toBe('a <b>bold</b> claim');
    expect(f.text('c', { x: 1 })).toBe('{literal} 1');
    const zone = { element: 'IST' };
    expect(f.parts('a', { zone })).toEqual(["the studio's time (", zone, ')']);
  });
});

describe('numbers and prices in each language', () => {
  // The full table of values is tests/unit/value-formats.test.ts (one formatter per kind, decision 0040).
  it('keeps the English forms of the listing pages exactly', () => {
    expect(formatRupees('en', 1_25_00_000)).toBe('₹1,25,00,000/-');
    expect(formatRupeesShort('en', 1_25_00_000)).toBe('₹1.25 Cr');
    expect(formatNumber('en', 100_000)).toBe('1,00,000');
  });

  it('formats Hindi prices in hi-IN with Indian grouping, लाख and करोड़', () => {
    expect(formatRupees('hi', 1_25_00_000)).toBe('₹1,25,00,000/-');
    expect(formatRupeesShort('hi', 1_25_00_000)).toBe('₹1.25 करोड़');
    expect(formatRupeesShort('hi', 62_00_000)).toBe('₹62 लाख');
    expect(formatRupeesShort('hi', 18_500)).toBe('₹18,500');
    expect(formatRupeesShort('hi', 99_99_999)).toBe('₹1 करोड़');
    expect(formatNumber('hi', 1_00_000.5)).toBe('1,00,000.5');
  });
});

describe('language addresses', () => {
  it('splits and builds a page’s address in a language', () => {
    expect(splitLanguage('/hi/viewProjects')).toEqual({ language: 'hi', path: '/viewProjects' });
    expect(splitLanguage('/hi')).toEqual({ language: 'hi', path: '/' });
    expect(splitLanguage('/hi/')).toEqual({ language: 'hi', path: '/' });
    expect(splitLanguage('/hindi')).toEqual({ language: 'en', path: '/hindi' });
    expect(splitLanguage('/viewProjects')).toEqual({ language: 'en', path: '/viewProjects' });
    expect(localizedPath('hi', '/')).toBe('/hi/');
    expect(localizedPath('en', '/viewStudio')).toBe('/viewStudio');
    expect(languageSwitchHref('hi', '/viewProjects?bhk=3')).toBe('/language/hi?next=%2FviewProjects%3Fbhk%3D3');
  });
});

describe('survey and e-mail texts', () => {
  it('keeps the specification’s survey messages as the English catalogue’s values', async () => {
    const { en } = await import('#shared/i18n/messages/en');
    const { CAMPAIGN_MESSAGES } = await import('#shared/surveys/campaigns.contract');
    expect(en['result.thankYou']).toBe(CAMPAIGN_MESSAGES.thankYou);
    expect(en['survey.welcomeBack']).toBe(CAMPAIGN_MESSAGES.welcomeBack);
    expect(en['survey.submitFailed'].startsWith(`${CAMPAIGN_MESSAGES.submitFailed} `)).toBe(true);
    const { UNSUBSCRIBE_MESSAGES } = await import('#shared/consent/consent.contract');
    const { PRIVACY_REQUEST_MESSAGES } = await import('#shared/privacy/privacy-requests');
    expect(en['unsubscribe.done']).toBe(UNSUBSCRIBE_MESSAGES.done);
    expect(en['unsubscribe.noToken']).toBe(UNSUBSCRIBE_MESSAGES.noToken);
    expect(en['privacyConfirm.invalidLink']).toBe(PRIVACY_REQUEST_MESSAGES.invalidLink);
  });

  it('renders the e-mail texts in either language', async () => {
    const { textsIn } = await import('#shared/i18n/translate');
    expect(textsIn('en')('mail.confirm.subject', { studio: 'Abode' })).toBe('Thank you — Abode has your answers');
    expect(textsIn('hi')('mail.confirm.subject', { studio: 'Abode' })).toBe('धन्यवाद — Abode को आपके जवाब मिल गए हैं');
    expect(textsIn('hi')('mail.resume.keptNamedText', { campaign: 'X' })).toMatch(/^हमने X के आपके जवाब/);
  });
});

describe('formatting a parsed catalogue (the browser’s), docs/decisions/0031', () => {
  const parsed = (text: string) => parse(text, MESSAGE_PARSE_OPTIONS);

  it('gives the same texts, and resolves the locale through Intl once, not once per text (the landing page’s hydration paid that on a slow phone)', () => {
    const messages: Record<string, MessageFormatElement[]> = {};
    for (let i = 0; i < 20; i++) messages[`plain${i}`] = parsed(`Text number ${i} it’s here`);
    messages.count = parsed('{n, plural, one {# home} other {# homes}}');
    messages.price = parsed('{amount, number} rupees for {name}');
    const supported = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    try {
      for (const language of ['en-IN', 'en-IN'] as const) {
        const format = messageFormatter(language, messages);
        for (let i = 0; i < 20; i++) expect(format.text(`plain${i}`)).toBe(`Text number ${i} it’s here`);
        expect(format.text('count', { n: 1 })).toBe('1 home');
        expect(format.text('count', { n: 100000 })).toBe('1,00,000 homes');
        expect(format.text('price', { amount: 2500000, name: 'Asha' })).toBe('25,00,000 rupees for Asha');
      }
      expect(supported.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      supported.mockRestore();
    }
  });

  it('puts plain values into a message without Intl, as IntlMessageFormat does (the header’s "{studio} home", docs/decisions/0067)', () => {
    const texts = { home: '{studio} home', rights: '© {year} {studio}. All rights reserved.', page: 'Page {page} of {pages}', only: '{x}', two: '{a}{b}' };
    const parsedTexts = Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, parsed(text)]));
    const fromString = messageFormatter('en-IN', texts);
    const supported = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    try {
      // A locale no other test resolved: the memo (resolveLocale, once per locale) cannot hide a call.
      const format = messageFormatter('en-GB', parsedTexts);
      expect(format.text('home', { studio: 'Abode' })).toBe('Abode home');
      expect(format.text('rights', { year: 2026, studio: 'Abode' })).toBe('© 2026 Abode. All rights reserved.');
      expect(format.text('page', { page: 1, pages: 12345 })).toBe('Page 1 of 12345');
      expect(format.text('only', { x: 0 })).toBe('0');
      expect(format.text('only', { x: '' })).toBe('');
      const studio = { element: 'Abode' };
      expect(format.parts('home', { studio })).toEqual([studio, ' home']);
      expect(format.parts('only', { x: studio })).toEqual([studio]);
      expect(format.parts('two', { a: 'x', b: 'y' })).toEqual(['xy']);
      expect(supported).not.toHaveBeenCalled();
      // The same as the server's, which formats the catalogue's strings with IntlMessageFormat.
      for (const [key, values] of [
        ['home', { studio }],
        ['rights', { year: 2026, studio: 'Abode' }],
        ['page', { page: 3, pages: 4 }],
        ['only', { x: studio }],
        ['only', { x: false as unknown as string }],
        ['two', { a: studio, b: 'y' }],
      ] as const)
        expect(format.parts(key, values), key).toEqual(fromString.parts(key, values));
      // A missing value is IntlMessageFormat's to report, as it does for the server.
      expect(() => format.text('home', {})).toThrow(/studio/);
    } finally {
      supported.mockRestore();
    }
  });

  it('keeps a literal element’s text as it is written (quotes, tags)', () => {
    const format = messageFormatter('en-IN', { a: [{ type: TYPE.literal, value: "It's <b>here</b>" }] });
    expect(format.text('a')).toBe("It's <b>here</b>");
    expect(format.parts('a', {})).toEqual(["It's <b>here</b>"]);
  });
});

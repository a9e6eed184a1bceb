// Decision 0040: one formatter per kind of value, per language (src/shared/i18n/format.ts). The expected
// strings were taken from the four formatters before they became one (web listing-format.ts, the
// Hindi hook in use-listing-format.ts, listing-match.ts's shortRupees and match-text.ts's words), so
// every page, e-mail and match reason says each value as it did. Two outputs of the old shortRupees
// were wrong and are fixed here: ₹99,999.6 said "₹1,00,000" (now "₹1 lakh") and ₹99,99,999 said
// "₹100 lakh" (now "₹1 crore", as the short form always said "₹1 Cr").
import { describe, expect, it } from 'vitest';
import {
  formatArea,
  formatDateTime,
  formatMonthYear,
  formatNumber,
  formatRupees,
  formatRupeesInWords,
  formatRupeesRange,
  formatRupeesPerSqft,
  formatRupeesShort,
} from '#shared/i18n/format';

const PRICES = [0, 999, 18500, 99999, 99999.6, 100000, 250000, 6200000, 9950000, 9999999, 10000000, 12500000, 125000000, 1234567.89];
const FULL = [
  '₹0/-',
  '₹999/-',
  '₹18,500/-',
  '₹99,999/-',
  '₹1,00,000/-',
  '₹1,00,000/-',
  '₹2,50,000/-',
  '₹62,00,000/-',
  '₹99,50,000/-',
  '₹99,99,999/-',
  '₹1,00,00,000/-',
  '₹1,25,00,000/-',
  '₹12,50,00,000/-',
  '₹12,34,568/-',
];
const SMALL = ['₹0', '₹999', '₹18,500', '₹99,999'];

describe('a price', () => {
  it('in full, with "/-", the same in English and Hindi', () => {
    expect(PRICES.map((p) => formatRupees('en', p))).toEqual(FULL);
    expect(PRICES.map((p) => formatRupees('hi', p))).toEqual(FULL);
  });

  it('short, in L and Cr (English) or लाख and करोड़ (Hindi)', () => {
    const tail = ['1 L', '1 L', '2.5 L', '62 L', '99.5 L', '1 Cr', '1 Cr', '1.25 Cr', '12.5 Cr', '12.35 L'].map((s) => `₹${s}`);
    expect(PRICES.map((p) => formatRupeesShort('en', p))).toEqual([...SMALL, ...tail]);
    expect(PRICES.map((p) => formatRupeesShort('hi', p))).toEqual([...SMALL, ...tail.map((s) => s.replace(' L', ' लाख').replace(' Cr', ' करोड़'))]);
  });

  it('in words, as the match reasons say it', () => {
    const tail = ['1 lakh', '1 lakh', '2.5 lakh', '62 lakh', '99.5 lakh', '1 crore', '1 crore', '1.25 crore', '12.5 crore', '12.35 lakh'].map((s) => `₹${s}`);
    expect(PRICES.map((p) => formatRupeesInWords('en', p))).toEqual([...SMALL, ...tail]);
    expect(PRICES.map((p) => formatRupeesInWords('hi', p))).toEqual([...SMALL, ...tail.map((s) => s.replace(' lakh', ' लाख').replace(' crore', ' करोड़'))]);
  });

  it('and a budget range in words', () => {
    const bands = [
      { min: 10000000, max: 20000000 },
      { min: 5000000, max: 10000000 },
      { min: 50000000, max: null },
      { min: 0, max: 5000000 },
      { min: 2500000, max: 7500000 },
    ];
    expect(bands.map((band) => formatRupeesRange('en', band))).toEqual(['₹1–2 crore', '₹50 lakh–₹1 crore', '₹5 crore+', '₹50 lakh', '₹25–75 lakh']);
    expect(bands.map((band) => formatRupeesRange('hi', band))).toEqual(['₹1–2 करोड़', '₹50 लाख–₹1 करोड़', '₹5 करोड़+', '₹50 लाख', '₹25–75 लाख']);
    // Below a lakh there is no unit to say once.
    expect(formatRupeesRange('en', { min: 20_000, max: 40_000 })).toBe('₹20,000–₹40,000');
  });

  it('per square foot, with and without its unit', () => {
    const cases: Array<[number | null, number]> = [
      [9500000, 1400],
      [null, 1400],
      [9500000, 0],
      [18500, 3],
    ];
    expect(cases.map(([p, s]) => formatRupeesPerSqft('en', p, s))).toEqual(['₹6,786 per sq. ft', null, null, '₹6,167 per sq. ft']);
    expect(cases.map(([p, s]) => formatRupeesPerSqft('hi', p, s))).toEqual(['₹6,786/- प्रति वर्ग फ़ुट', null, null, '₹6,167/- प्रति वर्ग फ़ुट']);
    expect(formatRupeesPerSqft('en', 9500000, 1400, true)).toBe('₹6,786');
    expect(formatRupeesPerSqft('hi', 9500000, 1400, true)).toBe('₹6,786/-');
  });
});

describe('an area and a number', () => {
  const AREAS = [850, 1450, 1450.5, 12000, 100000];
  it('in Indian grouping, with sq. ft or वर्ग फ़ुट', () => {
    const numbers = ['850', '1,450', '1,450.5', '12,000', '1,00,000'];
    expect(AREAS.map((a) => formatArea('en', a))).toEqual(numbers.map((n) => `${n} sq. ft`));
    expect(AREAS.map((a) => formatArea('hi', a))).toEqual(numbers.map((n) => `${n} वर्ग फ़ुट`));
    expect([...AREAS, 8.555].map((n) => formatNumber('en', n))).toEqual([...numbers, '8.56']);
    expect([...AREAS, 8.555].map((n) => formatNumber('hi', n))).toEqual([...numbers, '8.56']);
  });
});

describe('a date', () => {
  it('a month as the match reasons say it', () => {
    const march = new Date(Date.UTC(2027, 2, 1));
    expect(formatMonthYear('en', march)).toBe('Mar 2027');
    expect(formatMonthYear('hi', march)).toBe('मार्च 2027');
  });

  it('a moment in the studio’s time zone', () => {
    const at = new Date('2027-01-05T04:30:00Z');
    expect(formatDateTime('en', at, 'Asia/Kolkata')).toBe('5 Jan 2027, 10:00 am');
    expect(formatDateTime('hi', at, 'Asia/Kolkata')).toBe('5 जन॰ 2027, 10:00 am');
  });
});

import { describe, expect, it } from 'vitest';
import { EMI_DEFAULTS, emiEstimate, emiInput, monthlyEmi } from '#shared/listings/emi';
import { RERA_PATTERN } from '#shared/listings/listings.contract';
import { RERA_NATIONAL, reraAuthority, reraQrText } from '#shared/listings/rera';
import * as inLanguage from '#shared/i18n/format';

// The English forms, from the shared formatters (decision 0040).
const formatRupees = (amount: number) => inLanguage.formatRupees('en', amount);
const formatRupeesShort = (amount: number) => inLanguage.formatRupeesShort('en', amount);
const formatRupeesPerSqft = (price: number | null, squareFeet: number) => inLanguage.formatRupeesPerSqft('en', price, squareFeet);
import { coverImage, galleryPictures } from '#web/features/listings/listing-gallery';
import { listingPageQuery, siteVisitHref } from '#web/features/listings/listing-page-query';

describe('EMI: P·r·(1+r)^n / ((1+r)^n − 1)', () => {
  it('matches the figures banks publish', () => {
    // ₹10 lakh at 8.5 % over 20 years: ₹8,678 a month; ₹1 lakh at 12 % over a year: ₹8,885.
    expect(monthlyEmi(10_00_000, 8.5, 20)).toBeCloseTo(8678.23, 2);
    expect(monthlyEmi(1_00_000, 12, 1)).toBeCloseTo(8884.88, 2);
    expect(monthlyEmi(50_00_000, 9, 15)).toBeCloseTo(50713.33, 2);
    expect(monthlyEmi(25_00_000, 7.25, 30)).toBeCloseTo(17054.41, 2);
  });

  it('repays in equal parts at 0 %, and is 0 for nothing borrowed or no term', () => {
    expect(monthlyEmi(12_00_000, 0, 10)).toBe(10_000);
    expect(monthlyEmi(0, 8.5, 20)).toBe(0);
    expect(monthlyEmi(10_00_000, 8.5, 0)).toBe(0);
    expect(monthlyEmi(10_00_000, Number.NaN, 20)).toBe(0);
  });

  it('pays back more than was borrowed, and less each month over a longer term', () => {
    const months = 20 * 12;
    expect(monthlyEmi(10_00_000, 8.5, 20) * months).toBeGreaterThan(10_00_000);
    expect(monthlyEmi(10_00_000, 8.5, 30)).toBeLessThan(monthlyEmi(10_00_000, 8.5, 20));
  });

  it('estimates a home: 80 % of the price at 8.5 % over 20 years by default, in whole rupees', () => {
    expect(EMI_DEFAULTS).toEqual({ loanSharePercent: 80, ratePercent: 8.5, years: 20 });
    const estimate = emiEstimate(95_00_000, emiInput({}));
    expect(estimate).toMatchObject({ loan: 76_00_000, emi: 65_955, loanSharePercent: 80, ratePercent: 8.5, years: 20 });
    expect(estimate.interest).toBe(Math.round(65_954.56573578058 * 240 - 76_00_000));
  });

  it('reads inputs from a form or a link within their limits; anything unreadable is the default', () => {
    expect(emiInput({ loanSharePercent: '75', ratePercent: '9.25', years: '15' })).toEqual({ loanSharePercent: 75, ratePercent: 9.25, years: 15 });
    expect(emiInput({ loanSharePercent: '150', ratePercent: '-1', years: '99' })).toEqual({ loanSharePercent: 90, ratePercent: 0, years: 30 });
    expect(emiInput({ loanSharePercent: 'x', ratePercent: '', years: null })).toEqual(EMI_DEFAULTS);
    expect(emiInput({ years: '12.6' }).years).toBe(13);
  });
});

describe('prices in rupees', () => {
  it('in full with Indian grouping and "/-", whole rupees', () => {
    expect(formatRupees(1_25_00_000)).toBe('₹1,25,00,000/-');
    expect(formatRupees(62_00_000)).toBe('₹62,00,000/-');
    expect(formatRupees(14_999.5)).toBe('₹15,000/-');
  });

  it('short where space is short: crores, lakhs, and thousands in full', () => {
    expect(formatRupeesShort(1_25_00_000)).toBe('₹1.25 Cr');
    expect(formatRupeesShort(62_00_000)).toBe('₹62 L');
    expect(formatRupeesShort(2_40_00_000)).toBe('₹2.4 Cr');
    expect(formatRupeesShort(1_00_00_000)).toBe('₹1 Cr');
    expect(formatRupeesShort(12_34_56_789)).toBe('₹12.35 Cr');
    expect(formatRupeesShort(9_50_000)).toBe('₹9.5 L');
    expect(formatRupeesShort(1_00_000)).toBe('₹1 L');
    expect(formatRupeesShort(99_999)).toBe('₹99,999');
    expect(formatRupeesShort(18_500.4)).toBe('₹18,500');
    expect(formatRupeesShort(0)).toBe('₹0');
    // 99.999 lakh rounds to 100 L: that is a crore.
    expect(formatRupeesShort(99_99_900)).toBe('₹1 Cr');
    expect(formatRupeesShort(150_00_00_000)).toBe('₹150 Cr');
  });

  it('per square foot, when there is a price and an area', () => {
    expect(formatRupeesPerSqft(95_00_000, 1450)).toBe('₹6,552 per sq. ft');
    expect(formatRupeesPerSqft(null, 1450)).toBeNull();
    expect(formatRupeesPerSqft(95_00_000, 0)).toBeNull();
  });
});

describe('reraAuthority', () => {
  it('tells the state authority from the number’s format, with its website', () => {
    const cases: Array<[string, string, string]> = [
      ['P52100047813', 'MahaRERA', 'https://maharera.maharashtra.gov.in'],
      ['P51800030127', 'MahaRERA', 'https://maharera.maharashtra.gov.in'],
      ['PRM/KA/RERA/1251/446/PR/171031/000743', 'Karnataka RERA', 'https://rera.karnataka.gov.in'],
      ['P02400001234', 'TG RERA', 'https://rera.telangana.gov.in'],
      ['PR/GJ/AHMEDABAD/AHMEDABAD/AUDA/RAA07504/A1R/201020', 'GujRERA', 'https://gujrera.gujarat.gov.in'],
      ['TN/29/BUILDING/0123/2021', 'TNRERA', 'https://rera.tn.gov.in'],
      ['UPRERAPRJ12345', 'UP RERA', 'https://www.up-rera.in'],
      ['RC/REP/HARERA/GGM/123/2019', 'HARERA', 'https://haryanarera.gov.in'],
      ['HRERA-PKL-123-2019', 'HARERA', 'https://haryanarera.gov.in'],
      ['K-RERA/PRJ/ERN/123/2021', 'K-RERA', 'https://rera.kerala.gov.in'],
      ['WBRERA/P/KOL/2023/000123', 'WBRERA', 'https://rera.wb.gov.in'],
      ['RAJ/P/2019/1234', 'RERA Rajasthan', 'https://rera.rajasthan.gov.in'],
      ['DLRERA2019P0012', 'Delhi RERA', 'https://rera.delhi.gov.in'],
      ['PBRERA-SAS80-PR0123', 'Punjab RERA', 'https://rera.punjab.gov.in'],
      ['P-BPL-19-1234', 'MP RERA', 'https://www.rera.mp.gov.in'],
      ['PRGO01201234', 'Goa RERA', 'https://rera.goa.gov.in'],
    ];
    for (const [number, name, url] of cases) {
      // Each is a number staff can store (listings.contract.ts).
      expect(RERA_PATTERN.test(number), number).toBe(true);
      expect(reraAuthority(number), number).toMatchObject({ name, url });
      expect(reraAuthority(number).state, number).toBeTruthy();
    }
    // As typed, before it is stored in capitals.
    expect(reraAuthority(' p52100047813 ').name).toBe('MahaRERA');
  });

  it('points an unknown format at the national list of authorities', () => {
    for (const number of ['ABC12345', 'P5210004781', 'P521000478130', 'XY/RERA/1234', '']) {
      expect(reraAuthority(number), number).toEqual(RERA_NATIONAL);
    }
    expect(RERA_NATIONAL.url).toBe('https://rera.mohua.gov.in');
  });

  it('puts the number and the authority’s website in the QR code', () => {
    expect(reraQrText('P52100047813')).toBe('MahaRERA registration P52100047813\nhttps://maharera.maharashtra.gov.in');
  });
});

describe('a listing page’s address and pictures', () => {
  it('reads why the visitor came and the EMI inputs from the query', () => {
    expect(listingPageQuery(new URLSearchParams('intent=visit&loan=70&rate=9&years=25'))).toEqual({
      intent: 'visit',
      emi: { loanSharePercent: 70, ratePercent: 9, years: 25 },
    });
    expect(listingPageQuery(new URLSearchParams('intent=other'))).toEqual({ intent: 'enquiry', emi: EMI_DEFAULTS });
    expect(siteVisitHref('/viewProjects/abc')).toBe('/viewProjects/abc?intent=visit#enquire');
  });

  it('shows the 300×300 image when there are no photos, else every photo in AVIF, WebP and JPEG sizes', () => {
    expect(galleryPictures('Lake View', '/media/abc.jpg', [])).toEqual([
      { key: 'image', alt: 'Picture of Lake View', width: 300, height: 300, src: '/media/abc.jpg' },
    ]);
    expect(coverImage('/media/abc.jpg', [])).toEqual({ url: '/media/abc.jpg', width: 300, height: 300 });
    const photos = [
      { id: 'p1', width: 1920, height: 1280, widths: [320, 640, 960, 1280, 1920], alt: 'Living room' },
      { id: 'p2', width: 640, height: 480, widths: [320, 640], alt: '' },
    ];
    const [first, second] = galleryPictures('Lake View', '/media/abc.jpg', photos);
    expect(first).toMatchObject({ alt: 'Living room', width: 1920, height: 1280, src: '/media/photos/p1/960.jpg' });
    expect(first!.srcSet!.avif).toBe(
      '/media/photos/p1/320.avif 320w, /media/photos/p1/640.avif 640w, /media/photos/p1/960.avif 960w, /media/photos/p1/1280.avif 1280w, /media/photos/p1/1920.avif 1920w',
    );
    expect(first!.srcSet!.webp).toContain('/media/photos/p1/1920.webp 1920w');
    expect(second).toMatchObject({ alt: 'Lake View, photo 2 of 2', src: '/media/photos/p2/640.jpg' });
    expect(coverImage('/media/abc.jpg', photos)).toEqual({ url: '/media/photos/p1/1280.jpg', width: 1280, height: 853 });
  });
});

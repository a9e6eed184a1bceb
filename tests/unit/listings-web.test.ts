import { describe, expect, it } from 'vitest';
import { formatArea, formatRupees as formatRupeesIn } from '#shared/i18n/format';

const formatRupees = (amount: number) => formatRupeesIn('en', amount);
const formatSqft = (squareFeet: number) => formatArea('en', squareFeet);
import { coverCrop } from '#web/features/listings/staff/resize-image';
import { formatListingDate, parseListingDate } from '#shared/listings/listings.contract';

describe('listing formats', () => {
  it('shows rupees with Indian digit grouping and a trailing "/-"', () => {
    expect(formatRupees(1_250_000)).toBe('₹12,50,000/-');
    expect(formatRupees(18_500)).toBe('₹18,500/-');
    expect(formatRupees(0)).toBe('₹0/-');
  });

  it('shows prices in whole rupees, a fraction rounded', () => {
    expect(formatRupees(14_999.5)).toBe('₹15,000/-');
    expect(formatRupees(14_999.4)).toBe('₹14,999/-');
    expect(formatRupees(999.5)).toBe('₹1,000/-');
    expect(formatRupees(12_49_999.99)).toBe('₹12,50,000/-');
  });

  it('shows square feet with grouping', () => {
    expect(formatSqft(1450)).toBe('1,450 sq. ft');
    expect(formatSqft(125_000)).toBe('1,25,000 sq. ft');
  });

  it('reads DD-MM-YYYY dates only when they are real days, and writes them back as entered', () => {
    expect(parseListingDate('29-02-2028')).toBe('2028-02-29');
    for (const bad of ['29-02-2027', '31-04-2026', '00-01-2026', '1-1-2026', '2026-01-01', '15-13-2026', '00-00-0000']) {
      expect(parseListingDate(bad), bad).toBeNull();
    }
    expect(formatListingDate('2026-12-05')).toBe('05-12-2026');
  });
});

describe('browser resize geometry', () => {
  it('keeps the centred square (cover crop) of wide, tall and square pictures', () => {
    expect(coverCrop(900, 400)).toEqual({ sx: 250, sy: 0, side: 400 });
    expect(coverCrop(400, 1000)).toEqual({ sx: 0, sy: 300, side: 400 });
    expect(coverCrop(300, 300)).toEqual({ sx: 0, sy: 0, side: 300 });
  });
});

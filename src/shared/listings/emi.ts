/**
 * A home loan's monthly instalment (EMI) for the estimate on a home's page:
 *
 *     EMI = P · r · (1 + r)^n / ((1 + r)^n − 1)
 *
 * with P the amount borrowed, r the monthly rate (annual % / 12 / 100) and n the number of months.
 * At 0 % the loan is repaid in equal parts (P / n).
 */
export function monthlyEmi(principal: number, annualRatePercent: number, years: number): number {
  const months = Math.round(years * 12);
  if (!(principal > 0) || !(months > 0) || !(annualRatePercent >= 0)) return 0;
  const r = annualRatePercent / 12 / 100;
  if (r === 0) return principal / months;
  const growth = (1 + r) ** months;
  return (principal * r * growth) / (growth - 1);
}

/** The estimate's starting values: what banks in India usually lend, at a typical rate, over a usual term. */
export const EMI_DEFAULTS = { loanSharePercent: 80, ratePercent: 8.5, years: 20 } as const;

/** What the estimate's inputs accept (the page clamps to these). */
export const EMI_LIMITS = {
  loanSharePercent: { min: 10, max: 90, step: 5 },
  ratePercent: { min: 0, max: 20, step: 0.05 },
  years: { min: 1, max: 30, step: 1 },
} as const;

export interface EmiInput {
  loanSharePercent: number;
  ratePercent: number;
  years: number;
}

export interface EmiEstimate extends EmiInput {
  /** Rupees borrowed (whole). */
  loan: number;
  /** Rupees a month (whole, rounded). */
  emi: number;
  /** Interest paid over the term (whole rupees). */
  interest: number;
}

const clamp = (value: number, { min, max }: { min: number; max: number }) => Math.min(max, Math.max(min, value));

/** Values from a form or a link, each within its limits; a missing or unreadable one is its default. */
export function emiInput(raw: Partial<Record<keyof EmiInput, unknown>>): EmiInput {
  const read = (key: keyof EmiInput): number => {
    const value = raw[key];
    const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
    return Number.isFinite(number) ? clamp(number, EMI_LIMITS[key]) : EMI_DEFAULTS[key];
  };
  return { loanSharePercent: read('loanSharePercent'), ratePercent: read('ratePercent'), years: Math.round(read('years')) };
}

/** The estimate for a home of `price` rupees. */
export function emiEstimate(price: number, input: EmiInput): EmiEstimate {
  const loan = Math.round((price * input.loanSharePercent) / 100);
  const exact = monthlyEmi(loan, input.ratePercent, input.years);
  const months = Math.round(input.years * 12);
  return { ...input, loan, emi: Math.round(exact), interest: Math.max(0, Math.round(exact * months - loan)) };
}

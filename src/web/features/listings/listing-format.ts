// Indian digit grouping (12,50,000) for prices and areas, as visitors here read them.
const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/**
 * ₹12,50,000/- (SPEC.md §9: rupees with a trailing "/-"). Prices are whole rupees (issue 22 item 7):
 * one stored with paise before that rule is shown rounded.
 */
export function formatRupees(amount: number): string {
  return `₹${wholeRupees.format(Math.round(amount))}/-`;
}

/** 1,450 sq. ft */
export function formatSqft(squareFeet: number): string {
  return `${grouped.format(squareFeet)} sq. ft`;
}

const LAKH = 100_000;
const CRORE = 100 * LAKH;
const upToTwoDecimals = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/**
 * The short form for where space is short: ₹1.25 Cr, ₹62 L, ₹18,500 (below a lakh, in full). At most
 * two decimals, rounded; an amount that rounds up to 100 L is ₹1 Cr.
 */
export function formatRupeesShort(amount: number): string {
  const rupees = Math.round(amount);
  if (Math.abs(rupees) < LAKH) return `₹${wholeRupees.format(rupees)}`;
  const lakhs = Math.round((rupees / LAKH) * 100) / 100;
  if (Math.abs(lakhs) < 100) return `₹${upToTwoDecimals.format(lakhs)} L`;
  return `₹${upToTwoDecimals.format(Math.round((rupees / CRORE) * 100) / 100)} Cr`;
}

/** ₹6,552 per sq. ft (whole rupees); null without a price or an area. */
export function formatRupeesPerSqft(price: number | null, squareFeet: number): string | null {
  if (price === null || !(squareFeet > 0)) return null;
  return `₹${wholeRupees.format(Math.round(price / squareFeet))} per sq. ft`;
}

/** A number in Indian grouping, at most two decimals: 8.5, 1,00,000. */
export function formatNumber(value: number): string {
  return upToTwoDecimals.format(value);
}

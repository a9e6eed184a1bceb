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

// Indian digit grouping (12,50,000) for prices and areas, as visitors here read them.
const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** ₹12,50,000/- (SPEC.md §9: rupees with a trailing "/-"). */
export function formatRupees(amount: number): string {
  return `₹${grouped.format(amount)}/-`;
}

/** 1,450 sq. ft */
export function formatSqft(squareFeet: number): string {
  return `${grouped.format(squareFeet)} sq. ft`;
}

/** One measured figure with its budget and verdict. */
export interface Figure {
  group: string;
  name: string;
  value: number;
  unit: string;
  /** Human-readable budget, e.g. "≥ 0.5× ceiling". */
  budget: string;
  pass: boolean | null; // null: informational, no budget
  note?: string;
}

export function figure(group: string, name: string, value: number, unit: string, budget?: { text: string; pass: boolean }, note?: string): Figure {
  return { group, name, value, unit, budget: budget?.text ?? '—', pass: budget ? budget.pass : null, note };
}

export const atLeast = (value: number, min: number, text = `≥ ${min}`) => ({ text, pass: value >= min });
export const atMost = (value: number, max: number, text = `≤ ${max}`) => ({ text, pass: value <= max });

function format(value: number, unit: string): string {
  const digits = Math.abs(value) >= 100 || Number.isInteger(value) ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 })} ${unit}`.trim();
}

export function printTable(figures: Figure[]): void {
  const rows = figures.map((f) => [f.group, f.name, format(f.value, f.unit), f.budget, f.pass === null ? 'info' : f.pass ? 'PASS' : 'FAIL', f.note ?? '']);
  const header = ['group', 'figure', 'value', 'budget', 'verdict', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  rows.forEach((r) => console.log(line(r)));
}

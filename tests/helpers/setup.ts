import { afterEach, vi } from 'vitest';
import { loadStaffTexts } from '#web/lib/staff-text';

// Staff modules read the whole staff catalogue, as every staff page but the first has it (the rest is
// loaded before the page opens, features/dashboard/staff-pages.ts): so do the tests of those modules.
await loadStaffTexts();

// A stray console.error is a bug the test did not see: fail the test that caused it.
// Test files share a worker's modules (isolate: false, docs/decisions/0030-test-speed.md), and this
// file runs again before each of them: console.error is wrapped once, and each file starts with an
// empty list (as it did in a process of its own).
const errors: unknown[][] = ((globalThis as { __abodeConsoleErrors?: unknown[][] }).__abodeConsoleErrors ??= (() => {
  const list: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    list.push(args);
    original(...args);
  };
  return list;
})());
errors.length = 0;

afterEach(() => {
  vi.useRealTimers();
  if (errors.length > 0) {
    const first = errors.map((a) => a.map(String).join(' ')).join('\n');
    errors.length = 0;
    throw new Error(`console.error was called during the test:\n${first}`);
  }
});

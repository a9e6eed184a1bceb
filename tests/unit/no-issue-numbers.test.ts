// A reader of the repository cannot open an issue; they can open a decision record
// (docs/decisions/NNNN-*.md, indexed in docs/decisions/README.md) and the README. So a comment says
// the requirement itself and points at the record or the README section that holds it, and a test's
// name says the behaviour it checks. This lists every line of src/, tests/, bench/ and scripts/ that
// names an issue by its number (the word "issue" or "issues", then a number, with or without "#"),
// so a new one fails here. (The samples below are built, so that grep finds none in this file.)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src', 'tests', 'bench', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** This file: its allowances below quote the lines they allow. */
const SELF = 'tests/unit/no-issue-numbers.test.ts';
const ISSUE = 'issue';
const ISSUE_NUMBER = /\bissues?\s+#?\d+/i;

/**
 * Lines that name an issue inside code (a string the program uses, not a comment or a test's name),
 * left to the code's owners: each is its file and the exact text allowed there.
 */
const IN_CODE: ReadonlyArray<{ file: string; text: string }> = [];

function sourceFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && file !== SELF) found.push(file);
    }
  };
  for (const root of ROOTS) walk(root);
  return found.sort();
}

/** `file:line: text` of every line that names an issue by its number. */
export function issueNumbers(file: string, text = readFileSync(path.resolve(file), 'utf8')): string[] {
  const allowed = IN_CODE.filter((a) => a.file === file).map((a) => a.text);
  return text
    .split('\n')
    .map((line, i) => ({ line, at: i + 1 }))
    .filter(({ line }) => ISSUE_NUMBER.test(line) && !allowed.some((a) => line.includes(a)))
    .map(({ line, at }) => `${file}:${at}: ${line.trim()}`);
}

describe('no comment or test name points at an issue number', () => {
  it('finds the forms it refuses', () => {
    const sample = [
      `// I${ISSUE.slice(1)} 22 item 7: prices`,
      ` it('keeps it (${ISSUE} #13)', () => {`,
      `// since ${ISSUE}s 24 and 26`,
      '// decision 0014',
      '// ctx.addIssue({ code })',
    ];
    expect(issueNumbers('sample.ts', sample.join('\n'))).toEqual([
      `sample.ts:1: // I${ISSUE.slice(1)} 22 item 7: prices`,
      `sample.ts:2: it('keeps it (${ISSUE} #13)', () => {`,
      `sample.ts:3: // since ${ISSUE}s 24 and 26`,
    ]);
  });

  it('finds none in src/, tests/, bench/ and scripts/ (say the requirement and name its decision record or README section)', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => issueNumbers(file))).toEqual([]);
  });
});

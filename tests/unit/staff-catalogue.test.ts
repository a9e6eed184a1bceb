// Decision 0026: staff pages take their texts from one keyed catalogue (src/shared/i18n/messages/staff-en.ts
// and its area files). A staff module with English written in its markup (a JSX text, an aria-label,
// a title, a placeholder, a menu label) fails here, and so does a catalogue key no module uses.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { staffEn } from '#shared/i18n/messages/staff-en';
import { staffCore } from '#shared/i18n/messages/staff-en-core';
import { messageFormatter } from '#shared/i18n/message-format';

/**
 * Every module of the staff pages: the dashboard, each feature's staff/ folder, the designer and lib/page-data (with its load-failed panel).
 * Found, not listed, so a new staff module is checked from its first line.
 */
function staffModules(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.tsx') && /\/(staff|designer|dashboard)\//.test(file)) found.push(file);
    }
  };
  walk('src/web/features');
  // The staff pages' library module in src/web/lib (their loader, its error and empty states).
  found.push('src/web/lib/page-data.tsx', 'src/web/lib/load-failed.tsx');
  return found.sort();
}
const DONE = staffModules();
const TEXT_PROPS = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'okText', 'cancelText']);
const WORDS = /[A-Za-z]{2,}/;

/** English a person would read, written in the module rather than taken from the catalogue. */
function writtenTexts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.resolve(file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) found.push(node.text.trim());
    if (
      ts.isJsxAttribute(node) &&
      TEXT_PROPS.has(node.name.getText()) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      WORDS.test(node.initializer.text)
    ) {
      found.push(`${node.name.getText()}="${node.initializer.text}"`);
    }
    // Menu and table definitions: `label: 'Leads'` (a catalogue key is fine).
    if (ts.isPropertyAssignment(node) && TEXT_PROPS.has(node.name.getText()) && ts.isStringLiteral(node.initializer) && !(node.initializer.text in staffEn)) {
      found.push(`${node.name.getText()}: '${node.initializer.text}'`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the staff catalogue', () => {
  it.each(DONE)('%s writes no English of its own', (file) => {
    expect(writtenTexts(file)).toEqual([]);
  });

  it('finds English written in a module (the check above can fail)', () => {
    // A fixture, not a page: every page may be converted (leads-page.tsx, used here before, now is).
    expect(writtenTexts('tests/unit/staff-catalogue-fixture.tsx')).toEqual(["title: 'Written here'", 'aria-label="Written here"', 'Written here']);
  });

  it('has every key used by a done module, and formats each one', () => {
    const sources = DONE.map((file) => readFileSync(path.resolve(file), 'utf8')).join('\n');
    const unused = Object.keys(staffEn).filter((key) => !sources.includes(`'${key}'`));
    expect(unused).toEqual([]);
    const format = messageFormatter('en-IN', staffEn);
    expect(format.text('staff.nav.newLeads', { count: 1200 })).toBe(', 1,200 new');
    expect(format.text('staff.layout.signedInAs')).toBe('Signed in as ');
  });

  // The first page's modules (FIRST_PAGE_MODULES in features/dashboard/staff-pages.ts) open before the
  // rest of the catalogue is loaded: they, and the modules of src/web they import, use its first part only.
  it("the first page's modules use the keys of the catalogue's first part only", () => {
    const firstPage = ['src/web/features/dashboard/dashboard-layout.tsx', 'src/web/features/surveys/staff/campaigns-page.tsx'];
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const [, spec] of source.matchAll(/^import [^'"]*?['"]([^'"]+)['"]/gm)) {
        const base = spec!.startsWith('#web/') ? path.join('src/web', spec!.slice(5)) : spec!.startsWith('.') ? path.join(path.dirname(file), spec!) : null;
        if (!base) continue;
        const found = [`${base}.tsx`, `${base}.ts`, base].find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
        if (
          found &&
          !/^import type /m.test(
            source
              .slice(source.indexOf(spec!) - 200, source.indexOf(spec!))
              .split('\n')
              .pop() ?? '',
          )
        )
          walk(found);
      }
    };
    firstPage.forEach(walk);
    expect(seen.size).toBeGreaterThan(firstPage.length);
    const keys = [...seen].flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/'(staff\.[A-Za-z0-9.]+)'/g)].map((m) => m[1]!));
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((key) => key in staffEn && !(key in staffCore))).toEqual([]);
  });
});

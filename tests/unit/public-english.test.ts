// Decision 0040: the visitor's pages take their texts from the catalogues (src/shared/i18n/messages/en.ts
// and hi.ts), so a Hindi page (/hi/…) shows no English the studio did not write. A public module with
// English in its markup (a JSX text, an aria-label, a title, a placeholder, an option's label, a
// string handed to the page as text) fails here, as the staff pages' own check does
// (tests/unit/staff-catalogue.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { en } from '#shared/i18n/messages/en';

const STAFF = /\/(staff|designer|dashboard)\//;
/**
 * Staff modules outside staff/: lib's staff parts (the staff check reads page-data and load-failed),
 * and the staff's sign-in pages with the toast and the unsaved-changes prompt only they use. The
 * staff's pages are English (their catalogue, staff-en.ts, has no other language).
 */
const STAFF_ELSEWHERE =
  /^src\/web\/(features\/auth\/|lib\/(page-data|load-failed|staff-text|use-unsaved-changes)\.tsx?$|components\/toast\.tsx$|start-app\.tsx$)/;
/** Names that read the same in every language: the brands a visitor knows them by (and the product's own name). */
const NAMES = new Set(['Abode', 'WhatsApp', 'Instagram', 'Facebook', 'LinkedIn']);

/**
 * Every module a visitor's page is made of: each feature's files outside staff/, designer/ and
 * dashboard/, lib/, components/, app/ and the entries. Found, not listed, so a new one is checked
 * from its first line.
 */
function publicModules(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !STAFF.test(file) && !STAFF_ELSEWHERE.test(file)) found.push(file);
    }
  };
  for (const dir of ['src/web/features', 'src/web/lib', 'src/web/components', 'src/web/app']) walk(dir);
  found.push('src/web/entry-server.tsx', 'src/web/start-landing.tsx');
  return found.sort();
}

const TEXT_PROPS = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'legend', 'hint', 'submitLabel', 'eyebrow', 'description', 'intro']);
const WORDS = /[A-Za-z]{2,}/;

/** English a visitor would read, written in the module rather than taken from the catalogue. */
export function writtenTexts(file: string, text = readFileSync(path.resolve(file), 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const isText = (text: string) => WORDS.test(text) && !NAMES.has(text.trim()) && !(text in en);
  /** The literal texts an expression may give: 'a', `a ${b}`, c ? 'a' : 'b', a || 'b'. */
  const texts = (node: ts.Node | undefined): string[] => {
    if (!node) return [];
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return isText(node.text) ? [node.text] : [];
    if (ts.isTemplateExpression(node)) {
      const words = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('…');
      return isText(words) ? [words] : [];
    }
    if (ts.isConditionalExpression(node)) return [...texts(node.whenTrue), ...texts(node.whenFalse)];
    if (ts.isBinaryExpression(node) && /^(\|\||\?\?|&&)$/.test(node.operatorToken.getText())) return texts(node.right);
    if (ts.isParenthesizedExpression(node)) return texts(node.expression);
    return [];
  };
  const english = (node: ts.Node | undefined): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
    node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isText(node.text);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isText(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText()) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      for (const text of texts(value)) found.push(`${node.name.getText()}="${text}"`);
    }
    // A text in braces between tags: <p>{'Written here'}</p>, {busy ? 'Trying again…' : 'Try again'}.
    if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)))
      for (const text of texts(node.expression)) found.push(`{'${text}'}`);
    // Options and menus: `label: 'Any locality'` (a catalogue key is fine).
    if (ts.isPropertyAssignment(node) && TEXT_PROPS.has(node.name.getText().replace(/['"]/g, '')) && english(node.initializer)) {
      found.push(`${node.name.getText()}: '${node.initializer.text}'`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const MODULES = publicModules();

describe("the visitor's pages", () => {
  it('are found (lib, app, components and every feature)', () => {
    expect(MODULES).toContain('src/web/features/listings/listing-filters.tsx');
    expect(MODULES).toContain('src/web/lib/i18n.tsx');
    expect(MODULES).toContain('src/web/app/site-header.tsx');
    expect(MODULES.some((file) => STAFF.test(file))).toBe(false);
  });

  it.each(MODULES)('%s writes no English of its own', (file) => {
    expect(writtenTexts(file)).toEqual([]);
  });

  it('finds English planted in a public module (the check above can fail)', () => {
    const file = 'src/web/features/listings/listing-filters.tsx';
    const planted = readFileSync(file, 'utf8')
      .replace("label: t('filters.anyLocality')", "label: 'Any locality'")
      .replace("{t('filters.clear')}", 'Clear filters')
      .replace("placeholder={t('filters.any')}", 'placeholder="Any"')
      .replace("legend={t('filters.size')}", "legend={'Size (sq. ft)'}");
    expect(writtenTexts(file, planted)).toEqual(['Clear filters', 'placeholder="Any"', "label: 'Any locality'", 'legend="Size (sq. ft)"']);
  });
});

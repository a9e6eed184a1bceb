// Issue 27: staff pages take their texts from one keyed catalogue (src/shared/i18n/messages/staff-en.ts).
// Pages move there one by one; DONE lists those that have. A done module with English written in its
// markup (a JSX text, an aria-label, a title, a placeholder, a menu label) fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { staffEn } from '#shared/i18n/messages/staff-en';
import { messageFormatter } from '#shared/i18n/message-format';

// One line per module, grouped by area (staff-en-*.ts).
const DONE = [
  'src/web/features/dashboard/dashboard-layout.tsx',
  // leads, visits, privacy
  'src/web/features/leads/staff/leads-page.tsx',
  'src/web/features/leads/staff/lead-page.tsx',
  'src/web/features/visits/staff/visits-page.tsx',
  'src/web/features/visits/staff/lead-visits-card.tsx',
  'src/web/features/visits/staff/visit-actions.tsx',
  'src/web/features/privacy/staff/privacy-requests-page.tsx',
  'src/web/features/privacy/staff/lead-privacy-card.tsx',

  // listings, contact
  'src/web/features/listings/staff/decor-admin-page.tsx',
  'src/web/features/listings/staff/listing-admin.tsx',
  'src/web/features/listings/staff/listing-form.tsx',
  'src/web/features/listings/staff/listing-media.tsx',
  'src/web/features/listings/staff/listing-table.tsx',
  'src/web/features/listings/staff/project-admin-page.tsx',
  'src/web/features/listings/staff/studio-admin-page.tsx',
  'src/web/features/contact/staff/contact-responses-page.tsx',

  // results, responses, campaigns
  'src/web/features/results/staff/results-page.tsx',
  'src/web/features/results/staff/results-summary.tsx',
  'src/web/features/results/staff/results-view-page.tsx',
  'src/web/features/responses/staff/email-view-page.tsx',
  'src/web/features/responses/staff/survey-file-links.tsx',
  'src/web/features/responses/staff/survey-file-page.tsx',
  'src/web/features/surveys/staff/campaigns-page.tsx',

  // settings, notifications, auth, audit, consent
  'src/web/features/settings/staff/settings-page.tsx',
  'src/web/features/notifications/staff/mail-page.tsx',
  'src/web/features/notifications/staff/webhooks-page.tsx',
  'src/web/features/auth/staff/account-page.tsx',
  'src/web/features/auth/staff/staff-page.tsx',
  'src/web/features/audit/staff/audit-page.tsx',
  'src/web/features/consent/staff/newsletter-page.tsx',

  // designer
  'src/web/features/surveys/staff/designer-page.tsx',
  'src/web/features/surveys/designer/add-question-menu.tsx',
  'src/web/features/surveys/designer/campaign-designer.tsx',
  'src/web/features/surveys/designer/choices-editor.tsx',
  'src/web/features/surveys/designer/designer-field.tsx',
  'src/web/features/surveys/designer/element-properties.tsx',
  'src/web/features/surveys/designer/expression-field.tsx',
  'src/web/features/surveys/designer/json-editor.tsx',
  'src/web/features/surveys/designer/language-bar.tsx',
  'src/web/features/surveys/designer/localized-field.tsx',
  'src/web/features/surveys/designer/matching-settings.tsx',
  'src/web/features/surveys/designer/name-field.tsx',
  'src/web/features/surveys/designer/page-list.tsx',
  'src/web/features/surveys/designer/page-outline.tsx',
  'src/web/features/surveys/designer/page-properties.tsx',
  'src/web/features/surveys/designer/survey-designer.tsx',
  'src/web/features/surveys/designer/survey-preview.tsx',
  'src/web/features/surveys/designer/survey-properties.tsx',
  'src/web/features/surveys/designer/survey-size.tsx',
  'src/web/features/surveys/designer/type-icon.tsx',

];
const TEXT_PROPS = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'okText', 'cancelText']);
const WORDS = /[A-Za-z]{2,}/;

/** English a person would read, written in the module rather than taken from the catalogue. */
function writtenTexts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.resolve(file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText()) && node.initializer && ts.isStringLiteral(node.initializer) && WORDS.test(node.initializer.text)) {
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
});

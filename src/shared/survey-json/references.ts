/**
 * Where a SurveyJS definition names its questions, and how to follow a rename. Pure JSON work (no
 * survey-core): the designer runs it on every rename and the server on every save.
 *
 * A survey names a question in three ways:
 * - expressions: `{name}` inside conditions and expressions (`visibleIf`, `enableIf`, `requiredIf`,
 *   `choicesVisibleIf`, `defaultValueExpression`, calculated values, trigger and validator
 *   `expression`, …: every property ending in `If` or `Expression`, and `expression`);
 * - properties whose whole value is a question's name: `choicesFromQuestion`, trigger `fromName`,
 *   `gotoName`, `setToName`, a visible trigger's `questions`, and `valueName` (questions that share a value);
 * - `{name}` placeholders in any other text: titles, descriptions, html, `completedHtml`, in every
 *   locale of a localizable text.
 *
 * SurveyJS compares names case-insensitively, and so does everything here.
 */
import type { FieldError } from '../api-error';
import { isPlainObject } from '../json-object';

type Json = Record<string, unknown>;

export type ReferenceKind = 'expression' | 'property' | 'text';

export interface SurveyReference {
  /** The name as written (for `{panel.rooms}`, `rooms`). */
  name: string;
  kind: ReferenceKind;
  /** Where it is, for a person: `question "rank" › choicesFromQuestion`. */
  where: string;
}

/** Properties whose whole value names a question. */
const NAME_PROPERTIES = new Set(['choicesFromQuestion', 'fromName', 'gotoName', 'setToName', 'copyValueName', 'valueName']);
/** …of which these must name something that exists (`setToName` may create a variable; `valueName` defines a shared value). */
const MUST_EXIST = new Set(['choicesFromQuestion', 'fromName', 'gotoName', 'copyValueName', 'questions']);
/** Strings that are never text with placeholders: identifiers and values. */
const NOT_TEXT = new Set([
  'name',
  'type',
  'value',
  'defaultValue',
  'correctAnswer',
  'inputType',
  'locale',
  'cellType',
  'choicesOrder',
  'regex',
  'pattern',
  'mask',
]);
const ELEMENT_LISTS = new Set(['pages', 'elements', 'questions', 'templateElements', 'columns']);

// Text a person reads: a title that happens to equal the name is not a reference.
const KNOWN_TEXT = new Set([
  'title',
  'description',
  'html',
  'text',
  'placeholder',
  'completedHtml',
  'navigationTitle',
  'navigationDescription',
  'otherText',
  'commentText',
  'labelTrue',
  'labelFalse',
]);

export const isExpressionProperty = (key: string) => key.endsWith('If') || key.endsWith('Expression') || key === 'expression';

// SurveyJS's own variables (settings.expressionVariables and the text processor's values):
// `{row.x}`, `{item}`, `{pageno}`… name no question of the survey.
const BUILT_IN = new Set(
  [
    'survey',
    'self',
    'parent',
    'matrix',
    'composite',
    'item',
    'choice',
    'column',
    'row',
    'prevRow',
    'nextRow',
    'totalRow',
    'rowIndex',
    'visibleRowIndex',
    'rowValue',
    'rowName',
    'rowTitle',
    'panelIndex',
    'visiblePanelIndex',
    'pageno',
    'pagecount',
    'locale',
    'correctanswers',
    'incorrectanswers',
    'correctedanswers',
    'incorrectedanswers',
    'correctedanswercount',
    'incorrectedanswercount',
    'questioncount',
    'itemIndex',
    '$item',
  ].map((n) => n.toLowerCase()),
);
// `{panel.rooms}` inside a dynamic panel names the panel's own question `rooms`.
const PANEL_SCOPES = new Set(['panel', 'prevpanel', 'nextpanel', 'parentpanel']);
const SUFFIXES = ['-comment', '-unwrapped'];

const normalise = (name: string) => name.trim().toLowerCase();

interface Token {
  /** `panel.` or '' */
  scope: string;
  name: string;
  /** What follows the name inside the braces: `.field`, `[0]`, `-Comment`, spaces. */
  rest: string;
  lead: string;
}

/** The parts of `{ … }`'s content, or null when it names nothing (empty, a built-in, a row of a matrix). */
function parseToken(content: string): Token | null {
  const lead = /^\s*/.exec(content)?.[0] ?? '';
  let body = content.slice(lead.length);
  let scope = '';
  const scoped = /^([A-Za-z]+)\./.exec(body);
  if (scoped && PANEL_SCOPES.has(scoped[1]!.toLowerCase())) {
    scope = scoped[0];
    body = body.slice(scope.length);
  }
  const match = /^[^.[\]]*?(?=\s*$|[.[]|-comment\b|-unwrapped\b)/i.exec(body);
  const name = match?.[0] ?? '';
  if (name === '') return null;
  if (!scope && BUILT_IN.has(name.toLowerCase())) return null;
  return { scope, name, rest: body.slice(name.length), lead };
}

const TOKEN = /\{([^{}]*)\}/g;
// A text placeholder looks like a name (no colon, semicolon or inner space): `{color: red}` in an
// html element's CSS is not one.
const NAME_LIKE = /^[\p{L}\p{N}_$-]+$/u;

function tokensIn(text: string, kind: ReferenceKind): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const token = parseToken(match[1]!);
    if (!token) continue;
    // `{0}` in a message format, `{2}` in a pattern: not names.
    if (kind === 'text' && (!NAME_LIKE.test(token.name) || /^\d+$/.test(token.name))) continue;
    tokens.push(token);
  }
  return tokens;
}

/** How a container or element is called in `where`. */
function label(key: string, index: number, item: unknown): string {
  const name = isPlainObject(item) && typeof item.name === 'string' ? item.name : undefined;
  switch (key) {
    case 'pages':
      return name ? `page "${name}"` : `page ${index + 1}`;
    case 'elements':
    case 'questions':
    case 'templateElements':
      return name ? `question "${name}"` : `element ${index + 1}`;
    case 'columns':
      return name ? `column "${name}"` : `column ${index + 1}`;
    case 'calculatedValues':
      return name ? `calculated value "${name}"` : `calculated value ${index + 1}`;
    case 'triggers':
      return `trigger ${index + 1}`;
    case 'validators':
      return `validator ${index + 1}`;
    default:
      return `${key} ${index + 1}`;
  }
}

type Visit = (value: string, key: string, where: string, kind: ReferenceKind) => string;

/** Walks every string that may name a question; `visit` returns the (possibly rewritten) string. */
function walk(value: unknown, key: string, where: string, visit: Visit, textKey: string | null): unknown {
  if (typeof value === 'string') {
    if (NAME_PROPERTIES.has(key)) return visit(value, key, where, 'property');
    if (isExpressionProperty(key)) return visit(value, key, where, 'expression');
    if (textKey !== null) return visit(value, textKey, where, 'text');
    return value;
  }
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item, index) => {
      // A visible trigger's `questions` lists names.
      const at = isPlainObject(item) ? `${where ? `${where} › ` : ''}${label(key, index, item)}` : where;
      const updated = key === 'questions' && typeof item === 'string' ? visit(item, key, where, 'property') : walk(item, '', at, visit, null);
      if (updated !== item) changed = true;
      return updated;
    });
    return changed ? next : value;
  }
  if (!isPlainObject(value)) return value;
  let result: Json = value;
  for (const [k, item] of Object.entries(value)) {
    let updated: unknown;
    if (typeof item === 'string' || !isPlainObject(item) || Array.isArray(item)) {
      const text = typeof item === 'string' && !NOT_TEXT.has(k) && !NAME_PROPERTIES.has(k) && !isExpressionProperty(k) ? k : null;
      updated = Array.isArray(item) ? walk(item, k, where, visit, null) : walk(item, k, where, visit, text);
    } else if (!isExpressionProperty(k) && !NOT_TEXT.has(k) && !ELEMENT_LISTS.has(k) && isLocalizable(item)) {
      // { "default": "…", "de": "…" }: every locale is text.
      updated = mapValues(item, (text, locale) => visit(text, `${k} (${locale})`, where, 'text'));
    } else {
      updated = walk(item, k, where ? `${where} › ${k}` : k, visit, null);
    }
    if (updated !== item) {
      if (result === value) result = { ...value };
      result[k] = updated;
    }
  }
  return result;
}

function isLocalizable(value: Json): boolean {
  const entries = Object.values(value);
  return entries.length > 0 && entries.every((v) => typeof v === 'string');
}

function mapValues(object: Json, map: (text: string, key: string) => string): Json {
  let result = object;
  for (const [key, text] of Object.entries(object)) {
    const updated = map(text as string, key);
    if (updated !== text) {
      if (result === object) result = { ...object };
      result[key] = updated;
    }
  }
  return result;
}

const at = (where: string, key: string) => (where ? `${where} › ${key}` : key);

/** Every place the survey names a question (or a variable), in document order. */
export function findReferences(survey: Json): SurveyReference[] {
  const found: SurveyReference[] = [];
  walk(
    survey,
    '',
    '',
    (text, key, where, kind) => {
      if (kind === 'property') {
        if (text.trim() !== '') found.push({ name: text, kind, where: at(where, key) });
      } else {
        for (const token of tokensIn(text, kind)) found.push({ name: token.name, kind, where: at(where, key) });
      }
      return text;
    },
    null,
  );
  return found;
}

/** Lower-cased names a reference may point at: elements (anywhere), shared values, calculated values, trigger variables. */
export function definedNames(survey: Json): Set<string> {
  const names = new Set<string>();
  const visit = (value: unknown, key: string) => {
    if (Array.isArray(value)) {
      for (const item of value) {
        if (isPlainObject(item) && (ELEMENT_LISTS.has(key) || key === 'calculatedValues') && typeof item.name === 'string') names.add(normalise(item.name));
        visit(item, '');
      }
      return;
    }
    if (!isPlainObject(value)) return;
    for (const [k, item] of Object.entries(value)) {
      if ((k === 'valueName' || k === 'setToName') && typeof item === 'string') names.add(normalise(item));
      else if (k === 'name' && typeof item === 'string' && typeof value.type === 'string') names.add(normalise(item));
      else visit(item, k);
    }
  };
  visit(survey, '');
  return names;
}

function names(defined: Set<string>, name: string): boolean {
  const n = normalise(name);
  if (defined.has(n)) return true;
  const suffix = SUFFIXES.find((s) => n.endsWith(s));
  return suffix !== undefined && defined.has(n.slice(0, -suffix.length));
}

/**
 * References that point at nothing the survey defines. Name properties (`choicesFromQuestion`,
 * `fromName`, `gotoName`) must name a question; `{name}` in expressions and text must name a
 * question, a shared value, a calculated value, a trigger's variable or a SurveyJS variable.
 */
export function brokenReferences(survey: Json): SurveyReference[] {
  const defined = definedNames(survey);
  return findReferences(survey).filter((ref) => {
    if (ref.kind === 'property') {
      const key = ref.where.split(' › ').pop() ?? '';
      return MUST_EXIST.has(key) && !names(defined, ref.name);
    }
    return !names(defined, ref.name);
  });
}

/** One line per broken reference: `question "rank" › choicesFromQuestion names "car", which is not in the survey.` */
export function describeReference(ref: SurveyReference): string {
  return `${ref.where} names "${ref.name}", which is not in the survey.`;
}

export const BROKEN_REFERENCES_MESSAGE = 'The survey names questions it does not have. Fix each reference listed, then save again.';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface RenameResult<T> {
  survey: T;
  /** Every reference rewritten to the new name. */
  updated: SurveyReference[];
}

/**
 * Rewrites every reference to `oldName` so it names `newName` (the element's own `name` is the
 * caller's). `{old}`, `{old.field}`, `{old[0]}`, `{old-Comment}` and `{panel.old}` all follow.
 */
export function renameReferences<T extends Json>(survey: T, oldName: string, newName: string): RenameResult<T> {
  const updated: SurveyReference[] = [];
  const old = normalise(oldName);
  if (old === '' || oldName === newName) return { survey, updated };
  const token = new RegExp(`\\{([^{}]*)\\}`, 'g');
  const result = walk(
    survey,
    '',
    '',
    (text, key, where, kind) => {
      if (kind === 'property') {
        if (normalise(text) !== old) return text;
        updated.push({ name: text, kind, where: at(where, key) });
        return newName;
      }
      return text.replace(token, (whole, content: string) => {
        const parsed = parseToken(content);
        if (!parsed || normalise(parsed.name) !== old) return whole;
        if (kind === 'text' && !NAME_LIKE.test(parsed.name)) return whole;
        updated.push({ name: parsed.name, kind, where: at(where, key) });
        return `{${parsed.lead}${parsed.scope}${newName}${parsed.rest}}`;
      });
    },
    null,
  ) as T;
  return { survey: result, updated };
}

/**
 * Places that mention `name` but that a rename cannot follow, because nothing says they are a
 * reference: a quoted `'name'` inside an expression (an argument to a function such as
 * `countInArray`), or a property unknown to the designer whose whole value is the name. Shown to
 * staff before they rename.
 */
export function mentionsRenameCannotFollow(survey: Json, name: string): SurveyReference[] {
  const old = normalise(name);
  if (old === '') return [];
  const quoted = new RegExp(`(['"])\\s*${escapeRegExp(name.trim())}\\s*\\1`, 'i');
  const found: SurveyReference[] = [];
  const visit = (value: unknown, key: string, where: string) => {
    if (typeof value === 'string') {
      if (isExpressionProperty(key)) {
        if (quoted.test(value)) found.push({ name, kind: 'expression', where: at(where, key) });
      } else if (key !== '' && normalise(value) === old) {
        found.push({ name, kind: 'property', where: at(where, key) });
      }
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (isPlainObject(item)) visit(item, '', `${where ? `${where} › ` : ''}${label(key, index, item)}`);
        else if (Array.isArray(item)) visit(item, key, where);
      });
      return;
    }
    if (!isPlainObject(value)) return;
    for (const [k, item] of Object.entries(value)) {
      // Names, values and text a person reads are not references; the rest may be.
      if (NAME_PROPERTIES.has(k) || NOT_TEXT.has(k) || KNOWN_TEXT.has(k)) continue;
      visit(item, k, isPlainObject(item) ? at(where, k) : where);
    }
  };
  visit(survey, '', '');
  return found;
}

/**
 * The broken references of a survey given as JSON text, as the field errors of a refused save
 * (`field: "questions"`, one per reference). Text that is not a JSON object has none: its own
 * check answers it.
 */
export function referenceErrors(questions: string): FieldError[] {
  let survey: unknown;
  try {
    survey = JSON.parse(questions);
  } catch {
    return [];
  }
  if (!isPlainObject(survey)) return [];
  return brokenReferences(survey).map((ref) => ({ field: 'questions', message: describeReference(ref) }));
}

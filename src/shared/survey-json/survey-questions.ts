/**
 * THE reader of a survey's JSON (SurveyJS definition), for the server and the web alike: which
 * questions a survey has, in which order, with which titles (in the survey's locale, the default
 * text as fallback) and types, and how each value an answer holds reads for a person. The
 * campaign's `questioncolumns`, the .xlsx export, the staff results table, the visitor's /result
 * page and the designer all read a survey through this module, so they agree.
 *
 * It builds a survey-core Model once per survey (SurveyJS itself decides what is a question:
 * unknown types are dropped, `"Paneldynamic"` is a dynamic panel, html and image hold no answer)
 * and turns it into plain formatters, so formatting a row costs no Model. survey-core is heavy:
 * public landing pages must not import this module (only /startsurvey and /result, which load
 * survey-core anyway, and staff pages).
 *
 * API:
 * - `readSurvey(definition, { locale? })` → `{ locale, questions, columns }`. `definition` is the
 *   JSON text or the parsed object (text that is not a JSON object reads as an empty survey).
 *   `locale` overrides the survey's own `"locale"` (the visitor's, on /result).
 *   - `questions: SurveyQuestion[]`: every question that holds an answer, in survey order, nested
 *     panels included; a matrix or dynamic panel is one question. `{ name, valueName, title, type }`,
 *     `type` in SurveyJS's lower case (`paneldynamic`).
 *   - `columns: AnswerColumn[]`: what a results table or export shows, in order: each question,
 *     then its comment box when it has one (`"<valueName>-Comment"`, titled "Title — comment"), then
 *     the calculated values marked `includeIntoResult`. `column.format(answers)` → `AnswerCell`.
 * - `questionNames(definition)`: the names for the campaign's `questioncolumns` (server-side).
 * - `parseAnswers(text)`: stored answer JSON → an answers object (`{}` when unreadable).
 * - `cellText(cell)`: an `AnswerCell` as table text; `plainCell(value)`: any value made readable.
 */
import {
  Model,
  QuestionBooleanModel,
  QuestionFileModel,
  QuestionMatrixDropdownModelBase,
  QuestionMatrixDynamicModel,
  QuestionMatrixModel,
  QuestionMultipleTextModel,
  QuestionPanelDynamicModel,
  QuestionRatingModel,
  QuestionSelectBase,
  QuestionSignaturePadModel,
  QuestionTextModel,
  settings,
  type ItemValue,
  type MatrixDropdownColumn,
  type Question,
} from 'survey-core';
import { surveyFileIdOf } from '#shared/responses/survey-files.contract';
import { isPlainObject } from '../json-object';
import { NESTING_LIMIT, nestedDeeperThan } from '../text-rules';
import { CONTENT_TYPES } from './content-elements';
import './custom-properties';

/** One cell: text, a number, a date (UTC components are the local date/time the visitor typed) or empty. */
export type AnswerCell = string | number | Date | null;

export type SurveyAnswerData = Record<string, unknown>;

export interface SurveyQuestion {
  /** The question's name. */
  name: string;
  /** The key of its answer: `valueName` when set, else the name. */
  valueName: string;
  /** Its title in the survey's locale (default text as fallback), or its name when it has none. */
  title: string;
  /** SurveyJS's type, lower case: `text`, `checkbox`, `paneldynamic`, … */
  type: string;
}

export interface AnswerColumn {
  /** The key of the value in the answers. */
  key: string;
  /** Unique per survey: the question's name, `<name>-Comment`, or the calculated value's name. */
  name: string;
  /** The header a person reads. */
  title: string;
  kind: 'question' | 'comment' | 'calculated';
  format: (answers: SurveyAnswerData) => AnswerCell;
  /** For a `file` question: the files its answer refers to (uploaded on their own). */
  files?: (answers: SurveyAnswerData) => SurveyFileRef[];
}

/** A file a visitor attached: its id (for the staff file page), its name and type as the answer keeps them. */
export interface SurveyFileRef {
  fileId: string;
  name: string;
  type: string;
}

/**
 * The uploaded files a `file` question's answer refers to. Files kept inside the answer itself
 * (data: URLs, from before uploads went on their own) have no id and are left out: their name still
 * shows in the cell text.
 */
export function fileRefs(value: unknown): SurveyFileRef[] {
  const files = Array.isArray(value) ? value : isEmpty(value) ? [] : [value];
  const refs: SurveyFileRef[] = [];
  for (const file of files) {
    if (!isPlainObject(file)) continue;
    const fileId = surveyFileIdOf(file.content);
    if (!fileId) continue;
    refs.push({ fileId, name: typeof file.name === 'string' && file.name ? file.name : 'file', type: typeof file.type === 'string' ? file.type : '' });
  }
  return refs;
}

export interface SurveyReading {
  /** The locale the texts are in ('' is the default). */
  locale: string;
  questions: SurveyQuestion[];
  columns: AnswerColumn[];
}

// Content elements hold no answer.
const NO_VALUE_TYPES = CONTENT_TYPES;
const COMMENT_SUFFIX = settings.commentSuffix;
const SIGNED = 'signed';

/**
 * Stored answers (JSON text) as an object; anything unreadable is no answers, and so are answers
 * nested past the door's limit (stored before it was enforced): every reader of
 * answers recurses, and such a row must not break the results for all the others.
 */
export function parseAnswers(text: string): SurveyAnswerData {
  const value = parseObject(text);
  return nestedDeeperThan(value, NESTING_LIMIT) ? {} : value;
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : {};
  } catch {
    return {};
  }
}

function parseDefinition(definition: unknown): Record<string, unknown> {
  if (typeof definition !== 'string') return isPlainObject(definition) ? definition : {};
  return parseObject(definition);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function key(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** Anything, made readable without knowing its question. */
export function plainCell(value: unknown): AnswerCell {
  if (isEmpty(value)) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value))
    return (
      value
        .map((v) => cellText(plainCell(v)))
        .filter(Boolean)
        .join(', ') || null
    );
  if (isPlainObject(value)) {
    const parts = Object.entries(value)
      .filter(([, v]) => !isEmpty(v))
      .map(([k, v]) => `${k}: ${cellText(plainCell(v))}`);
    return parts.join('; ') || null;
  }
  return String(value);
}

/** The text shown in a table cell. Dates are shown as the visitor typed them (UTC components). */
export function cellText(cell: AnswerCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) {
    const iso = cell.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  }
  return String(cell);
}

/** "2026-03-01" or "2026-03-01T10:30" as a Date with those UTC components; anything else stays text. */
function dateCell(value: unknown): AnswerCell {
  if (typeof value !== 'string') return plainCell(value);
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!m) return value;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)));
  return Number.isNaN(date.getTime()) ? value : date;
}

function numberCell(value: unknown): AnswerCell {
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return plainCell(value);
}

/** Item texts (in the survey's locale) keyed by value. */
function itemTexts(items: readonly ItemValue[] | undefined): Map<string, string> {
  const texts = new Map<string, string>();
  for (const item of items ?? []) if (!texts.has(key(item.value))) texts.set(key(item.value), item.text || key(item.value));
  return texts;
}

/**
 * How a value reads. `composite` values (matrices, dynamic panels, multiple text) are lists of
 * their own: inside another one they are bracketed, so a person can tell which row is whose.
 */
interface Formatter {
  format: (value: unknown, answers: SurveyAnswerData) => AnswerCell;
  composite: boolean;
}

const simple = (format: Formatter['format']): Formatter => ({ format, composite: false });
const composite = (format: Formatter['format']): Formatter => ({ format, composite: true });
const PLAIN = simple((value) => plainCell(value));

/** A value nested inside a composite one: its text, bracketed when it is itself a list. */
function nestedText(f: Formatter, value: unknown, answers: SurveyAnswerData): string {
  const text = cellText(f.format(value, answers));
  return f.composite && text !== '' ? `[${text}]` : text;
}

/** "label: text" pairs in the definition's order, then any keys the definition does not know. */
function pairs(value: Record<string, unknown>, labels: Map<string, string>, text: (k: string, v: unknown) => string, sep: string, join = ': '): string | null {
  const keys = [...labels.keys()].filter((k) => k in value);
  for (const k of Object.keys(value)) if (!labels.has(k)) keys.push(k);
  const parts = keys
    .filter((k) => !isEmpty(value[k]))
    .map((k) => [labels.get(k) ?? k, text(k, value[k])] as const)
    .filter(([, t]) => t !== '')
    .map(([label, t]) => `${label}${join}${t}`);
  return parts.join(sep) || null;
}

/** Choice-based questions: values become their texts; "other" shows the visitor's own text. */
function choiceFormatter(q: QuestionSelectBase, fallback?: readonly ItemValue[]): Formatter {
  const texts = itemTexts([...q.choices, ...q.visibleChoices, ...(q.choices.length === 0 ? (fallback ?? []) : [])]);
  for (const item of [q.otherItem, q.noneItem, q.refuseItem, q.dontKnowItem]) {
    if (item && !texts.has(key(item.value))) texts.set(key(item.value), item.text);
  }
  const otherValue = key(q.otherItem?.value ?? 'other');
  const otherKey = q.getValueName() + COMMENT_SUFFIX;
  // With a comment box of its own, the "-Comment" value is that box's, shown in its own column.
  const otherComment = !q.hasComment;
  const one = (value: unknown, answers: SurveyAnswerData): string => {
    const k = key(value);
    const text = texts.get(k) ?? cellText(plainCell(value));
    if (k === otherValue && otherComment) {
      const comment = answers[otherKey];
      return typeof comment === 'string' && comment.trim() ? `${text}: ${comment.trim()}` : text;
    }
    return text;
  };
  return simple((value, answers) => {
    if (isEmpty(value)) return null;
    if (Array.isArray(value))
      return (
        value
          .map((v) => one(v, answers))
          .filter(Boolean)
          .join(', ') || null
      );
    return one(value, answers);
  });
}

function booleanFormatter(q: QuestionBooleanModel): Formatter {
  const yes = q.getValueTrue();
  const no = q.getValueFalse();
  const labelTrue = q.labelTrue || 'Yes';
  const labelFalse = q.labelFalse || 'No';
  return simple((value) => {
    if (isEmpty(value)) return null;
    if (value === yes) return labelTrue;
    if (value === no) return labelFalse;
    return plainCell(value);
  });
}

/** A matrixdropdown/matrixdynamic row ({column: value}) as "Column = text, …". */
function matrixRowText(q: QuestionMatrixDropdownModelBase): (row: unknown, answers: SurveyAnswerData) => string {
  const columns = (q.columns as MatrixDropdownColumn[]).map((c) => ({
    name: c.name,
    title: c.title || c.name,
    f: formatterFor(c.templateQuestion, q.choices),
  }));
  const titles = new Map(columns.map((c) => [c.name, c.title]));
  const formats = new Map(columns.map((c) => [c.name, c.f]));
  return (row, answers) => {
    if (!isPlainObject(row)) return cellText(plainCell(row));
    return pairs(row, titles, (k, v) => nestedText(formats.get(k) ?? PLAIN, v, answers), ', ', ' = ') ?? '';
  };
}

/** A dynamic panel: "Panel 1: Title: text, …; Panel 2: …", nested lists bracketed. */
function panelDynamicFormatter(q: QuestionPanelDynamicModel): Formatter {
  const template = q.template.questions
    .filter((t) => !NO_VALUE_TYPES.has(t.getType()))
    .map((t) => ({ key: t.getValueName(), title: t.title || t.name, f: formatterFor(t) }));
  return composite((value) => {
    if (!Array.isArray(value)) return plainCell(value);
    const panels = value
      .map((panel, i) => {
        if (!isPlainObject(panel)) return null;
        const parts = template
          .map((t) => [t.title, nestedText(t.f, panel[t.key], panel)] as const)
          .filter(([, text]) => text !== '')
          .map(([title, text]) => `${title}: ${text}`);
        return parts.length > 0 ? `Panel ${i + 1}: ${parts.join(', ')}` : null;
      })
      .filter(Boolean);
    return panels.join('; ') || null;
  });
}

/** How one question's value reads; `fallbackChoices` are a matrix's choices for its cells. */
function formatterFor(q: Question, fallbackChoices?: readonly ItemValue[]): Formatter {
  if (q instanceof QuestionBooleanModel) return booleanFormatter(q);
  if (q instanceof QuestionSelectBase) return choiceFormatter(q, fallbackChoices);
  if (q instanceof QuestionRatingModel) {
    const texts = itemTexts(q.rateValues);
    return simple((value) => (isEmpty(value) ? null : (texts.get(key(value)) ?? numberCell(value))));
  }
  if (q instanceof QuestionTextModel) {
    const inputType = q.inputType;
    if (inputType === 'date' || inputType === 'datetime-local') return simple((value) => dateCell(value));
    if (inputType === 'number' || inputType === 'range') return simple((value) => numberCell(value));
    return PLAIN;
  }
  if (q instanceof QuestionMatrixModel) {
    const rows = itemTexts(q.rows);
    const cols = itemTexts(q.columns);
    const colText = (v: unknown) => (Array.isArray(v) ? v.map((x) => cols.get(key(x)) ?? key(x)).join(', ') : (cols.get(key(v)) ?? cellText(plainCell(v))));
    return composite((value) => (isPlainObject(value) ? pairs(value, rows, (_k, v) => colText(v), '; ') : plainCell(value)));
  }
  if (q instanceof QuestionMatrixDynamicModel) {
    const rowText = matrixRowText(q);
    return composite((value, answers) => {
      if (!Array.isArray(value)) return plainCell(value);
      const rows = value.map((row, i) => [i + 1, rowText(row, answers)] as const).filter(([, text]) => text !== '');
      return rows.map(([n, text]) => `Row ${n}: ${text}`).join('; ') || null;
    });
  }
  if (q instanceof QuestionMatrixDropdownModelBase) {
    const rows = itemTexts(q.rows);
    const rowText = matrixRowText(q);
    return composite((value, answers) => (isPlainObject(value) ? pairs(value, rows, (_k, v) => rowText(v, answers), '; ') : plainCell(value)));
  }
  if (q instanceof QuestionMultipleTextModel) {
    const items = new Map(q.items.map((item) => [item.name, item.title || item.name]));
    return composite((value) => (isPlainObject(value) ? pairs(value, items, (_k, v) => cellText(plainCell(v)), '; ') : plainCell(value)));
  }
  if (q instanceof QuestionPanelDynamicModel) return panelDynamicFormatter(q);
  if (q instanceof QuestionFileModel) {
    return simple((value) => {
      const files = Array.isArray(value) ? value : isEmpty(value) ? [] : [value];
      return files.map((f) => (isPlainObject(f) && typeof f.name === 'string' ? f.name : cellText(plainCell(f)))).join(', ') || null;
    });
  }
  if (q instanceof QuestionSignaturePadModel) return simple((value) => (isEmpty(value) ? null : SIGNED));
  return PLAIN;
}

function buildModel(definition: unknown, locale?: string): Model {
  const model = new Model(parseDefinition(definition));
  if (locale !== undefined) model.locale = locale;
  return model;
}

/** The questions that hold an answer, in survey order (html and image elements hold none). */
function valueQuestions(model: Model): Question[] {
  return model.getAllQuestions(false, false, false).filter((q) => q.name !== '' && !NO_VALUE_TYPES.has(q.getType()));
}

/** Which questions, in which order, with which titles and types, and the columns of its answers. */
export function readSurvey(definition: unknown, options: { locale?: string } = {}): SurveyReading {
  const model = buildModel(definition, options.locale);
  const questions: SurveyQuestion[] = [];
  const columns: AnswerColumn[] = [];
  for (const q of valueQuestions(model)) {
    const valueName = q.getValueName();
    const title = q.title || q.name;
    questions.push({ name: q.name, valueName, title, type: q.getType() });
    const { format } = formatterFor(q);
    const column: AnswerColumn = { key: valueName, name: q.name, title, kind: 'question', format: (answers) => format(answers[valueName], answers) };
    if (q instanceof QuestionFileModel) column.files = (answers) => fileRefs(answers[valueName]);
    columns.push(column);
    if (q.hasComment) {
      const commentKey = valueName + COMMENT_SUFFIX;
      columns.push({
        key: commentKey,
        name: q.name + COMMENT_SUFFIX,
        title: `${title} — comment`,
        kind: 'comment',
        format: (answers) => plainCell(answers[commentKey]),
      });
    }
  }
  for (const calculated of model.calculatedValues) {
    if (!calculated.includeIntoResult || !calculated.name) continue;
    const name = calculated.name;
    columns.push({ key: name, name, title: name, kind: 'calculated', format: (answers) => plainCell(answers[name]) });
  }
  return { locale: model.locale, questions, columns };
}

/** The campaign's `questioncolumns`: the names of the questions that hold an answer, in order. */
export function questionNames(definition: unknown): string[] {
  return [...new Set(valueQuestions(buildModel(definition)).map((q) => q.name))];
}

// ---------------------------------------------------------------------------------------------
// Summaries (the staff results page): which figures fit each question.

/** A choice as the survey shows it: its stored value and its text. */
export interface SummaryChoice {
  value: string | number | boolean;
  text: string;
}

/**
 * The figures that fit a question: `choices` (select questions; `multiple` when several can be
 * picked), `boolean`, `rating`, `number` (text inputs of type number or range), `matrix` (one
 * choice per row) or `text` (everything else: the latest answers, as they read in the table).
 */
export type SummaryKind =
  | { kind: 'choices'; choices: SummaryChoice[]; multiple: boolean }
  | { kind: 'boolean'; choices: [SummaryChoice, SummaryChoice] }
  | { kind: 'rating'; values: SummaryChoice[] }
  | { kind: 'number' }
  | { kind: 'matrix'; rows: SummaryChoice[]; columns: SummaryChoice[] }
  | { kind: 'text' };

export type SummaryQuestion = SurveyQuestion &
  SummaryKind & {
    /** Its answer as a table shows it (the `text` kind's latest answers). */
    format: (answers: SurveyAnswerData) => AnswerCell;
  };

export interface SummaryReading {
  questions: SummaryQuestion[];
  /** The survey's pages in order, titled (or named, or numbered) for the funnel. */
  pages: string[];
}

const choiceList = (items: readonly ItemValue[]): SummaryChoice[] => {
  const seen = new Set<string>();
  const out: SummaryChoice[] = [];
  for (const item of items) {
    const value: unknown = item.value;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    if (seen.has(key(value))) continue;
    seen.add(key(value));
    out.push({ value, text: item.text || key(value) });
  }
  return out;
};

function summaryKind(q: Question): SummaryKind {
  if (q instanceof QuestionBooleanModel) {
    const yes: unknown = q.getValueTrue();
    const no: unknown = q.getValueFalse();
    const scalar = (v: unknown, fallback: boolean) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : fallback);
    return {
      kind: 'boolean',
      choices: [
        { value: scalar(yes, true), text: q.labelTrue || 'Yes' },
        { value: scalar(no, false), text: q.labelFalse || 'No' },
      ],
    };
  }
  // Ranking orders every choice: counting picks would say nothing.
  if (q instanceof QuestionSelectBase && q.getType() !== 'ranking') {
    // visibleChoices adds "other", "none" and the like when the survey shows them.
    const type = q.getType();
    const multiple = type === 'checkbox' || type === 'tagbox' || (type === 'imagepicker' && Boolean((q as { multiSelect?: boolean }).multiSelect));
    return { kind: 'choices', choices: choiceList([...q.choices, ...q.visibleChoices]), multiple };
  }
  if (q instanceof QuestionRatingModel) return { kind: 'rating', values: choiceList(q.visibleRateValues) };
  if (q instanceof QuestionTextModel && (q.inputType === 'number' || q.inputType === 'range')) return { kind: 'number' };
  if (q instanceof QuestionMatrixModel) return { kind: 'matrix', rows: choiceList(q.rows), columns: choiceList(q.columns) };
  return { kind: 'text' };
}

/** Each question with the figures that fit it, and the survey's pages (for the funnel). */
export function readSurveySummary(definition: unknown): SummaryReading {
  const model = buildModel(definition);
  const questions = valueQuestions(model).map((q): SummaryQuestion => {
    const valueName = q.getValueName();
    const { format } = formatterFor(q);
    return {
      name: q.name,
      valueName,
      title: q.title || q.name,
      type: q.getType(),
      ...summaryKind(q),
      format: (answers) => format(answers[valueName], answers),
    };
  });
  const pages = model.pages.map((page, i) => page.title || page.name || `Page ${i + 1}`);
  return { questions, pages };
}

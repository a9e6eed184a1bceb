/**
 * Turns SurveyJS answers into values a person can read (choice texts, "row: column" for matrices,
 * Yes/No for booleans, dates as dates), straight from the survey's JSON definition, without
 * survey-core: the .xlsx export runs it for every row, the staff tables and the visitor's result
 * page use it too, and none of them should pay for a survey Model.
 */

type Json = Record<string, unknown>;

/** One cell: text, a number, a date (UTC components are the local date/time the visitor typed) or empty. */
export type AnswerCell = string | number | Date | null;

export type SurveyAnswerData = Record<string, unknown>;

export interface AnswerColumn {
  /** The question's name: the key of its answer. */
  name: string;
  /** The question's title, or its name when it has none. */
  title: string;
  format: (answers: SurveyAnswerData) => AnswerCell;
}

const NO_VALUE_TYPES = new Set(['html', 'image']);
const PANEL_TYPES = new Set(['panel', 'flowpanel']);
const COMMENT_SUFFIX = '-Comment';

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A localizable string: plain text, or {default, en, …}. */
function locText(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (!isObject(value)) return undefined;
  for (const key of ['default', 'en']) if (typeof value[key] === 'string' && value[key]) return value[key];
  return Object.values(value).find((v): v is string => typeof v === 'string' && v !== '');
}

function key(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** SurveyJS item lists: "value", "value|text", numbers, or {value, text}. Keyed by the value. */
function itemTexts(list: unknown): Map<string, string> {
  const texts = new Map<string, string>();
  if (!Array.isArray(list)) return texts;
  for (const item of list) {
    if (typeof item === 'string') {
      const bar = item.indexOf('|');
      if (bar >= 0) texts.set(item.slice(0, bar), item.slice(bar + 1) || item.slice(0, bar));
      else texts.set(item, item);
    } else if (typeof item === 'number' || typeof item === 'boolean') {
      texts.set(String(item), String(item));
    } else if (isObject(item)) {
      const value = item.value ?? item.name;
      if (value === undefined) continue;
      texts.set(key(value), locText(item.text) ?? locText(item.title) ?? String(value));
    }
  }
  return texts;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Anything, made readable without knowing its question. */
export function plainCell(value: unknown): AnswerCell {
  if (isEmpty(value)) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((v) => cellText(plainCell(v))).filter(Boolean).join(', ') || null;
  if (isObject(value)) {
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

type ValueFormatter = (value: unknown, answers: SurveyAnswerData) => AnswerCell;

/** Choice-based questions: values become their texts; "other" shows the visitor's own text. */
function choiceFormatter(q: Json, name: string): ValueFormatter {
  const texts = itemTexts(q.choices);
  const special = new Map<string, string>([
    ['other', locText(q.otherText) ?? 'Other'],
    ['none', locText(q.noneText) ?? 'None'],
    ['refused', locText(q.refuseText) ?? 'Refuse to answer'],
    ['dontknow', locText(q.dontKnowText) ?? "Don't know"],
  ]);
  const one = (value: unknown, answers: SurveyAnswerData): string => {
    const k = key(value);
    if (k === 'other' && !texts.has(k)) {
      const comment = answers[name + COMMENT_SUFFIX];
      const label = special.get('other')!;
      return typeof comment === 'string' && comment.trim() ? `${label}: ${comment.trim()}` : label;
    }
    return texts.get(k) ?? special.get(k) ?? cellText(plainCell(value));
  };
  return (value, answers) => {
    if (isEmpty(value)) return null;
    if (Array.isArray(value)) return value.map((v) => one(v, answers)).filter(Boolean).join(', ') || null;
    return one(value, answers);
  };
}

/** A matrix cell: the column's choices, else the matrix's, else the value itself. */
function cellFormatter(column: Json, matrix: Json): (value: unknown) => string {
  const own = itemTexts(column.choices);
  const shared = itemTexts(matrix.choices);
  const cellType = String(column.cellType ?? matrix.cellType ?? 'dropdown');
  if (cellType === 'boolean') return (v) => cellText(booleanFormatter(column)(v, {}));
  return (value) => {
    const one = (v: unknown) => own.get(key(v)) ?? shared.get(key(v)) ?? cellText(plainCell(v));
    return Array.isArray(value) ? value.map(one).join(', ') : one(value);
  };
}

function booleanFormatter(q: Json): ValueFormatter {
  const yes = q.valueTrue ?? true;
  const no = q.valueFalse ?? false;
  return (value) => {
    if (isEmpty(value)) return null;
    if (value === yes) return 'Yes';
    if (value === no) return 'No';
    return plainCell(value);
  };
}

/** A matrixdropdown/matrixdynamic row ({column: value}) as "Column = text, …". */
function matrixRowText(q: Json): (row: unknown) => string {
  const cols = columnsOf(q);
  const titles = new Map(cols.map((c) => [c.name, c.title]));
  const formats = new Map(cols.map((c) => [c.name, c.format]));
  return (row) => {
    if (!isObject(row)) return cellText(plainCell(row));
    const text = (k: string, v: unknown) => (formats.get(k) ?? ((x: unknown) => cellText(plainCell(x))))(v);
    return pairs(row, titles, text, ', ', ' = ') ?? '';
  };
}

function columnsOf(q: Json): Array<{ name: string; title: string; format: (v: unknown) => string }> {
  if (!Array.isArray(q.columns)) return [];
  return q.columns.filter(isObject).map((c) => {
    const name = String(c.name ?? c.value ?? '');
    return { name, title: locText(c.title) ?? locText(c.text) ?? name, format: cellFormatter(c, q) };
  });
}

/** "label: text" pairs in the definition's order, then any keys the definition does not know. */
function pairs(
  value: Json,
  labels: Map<string, string>,
  text: (k: string, v: unknown) => string,
  sep: string,
  join = ': ',
): string | null {
  const keys = [...labels.keys()].filter((k) => k in value);
  for (const k of Object.keys(value)) if (!labels.has(k)) keys.push(k);
  const parts = keys
    .filter((k) => !isEmpty(value[k]))
    .map((k) => [labels.get(k) ?? k, text(k, value[k])] as const)
    .filter(([, t]) => t !== '')
    .map(([label, t]) => `${label}${join}${t}`);
  return parts.join(sep) || null;
}

function formatterFor(q: Json, name: string): ValueFormatter {
  const type = String(q.type);
  switch (type) {
    case 'radiogroup':
    case 'dropdown':
    case 'checkbox':
    case 'tagbox':
    case 'ranking':
    case 'imagepicker':
    case 'buttongroup':
      return choiceFormatter(q, name);
    case 'boolean':
      return booleanFormatter(q);
    case 'rating': {
      const texts = itemTexts(q.rateValues);
      return (value) => (isEmpty(value) ? null : (texts.get(key(value)) ?? numberCell(value)));
    }
    case 'text': {
      const inputType = String(q.inputType ?? 'text');
      if (inputType === 'date' || inputType === 'datetime-local') return (value) => dateCell(value);
      if (inputType === 'number' || inputType === 'range') return (value) => numberCell(value);
      return (value) => plainCell(value);
    }
    case 'matrix': {
      const rows = itemTexts(q.rows);
      const cols = itemTexts(q.columns);
      const colText = (v: unknown) => (Array.isArray(v) ? v.map((x) => cols.get(key(x)) ?? key(x)).join(', ') : (cols.get(key(v)) ?? cellText(plainCell(v))));
      return (value) => (isObject(value) ? pairs(value, rows, (_k, v) => colText(v), '; ') : plainCell(value));
    }
    case 'matrixdropdown': {
      const rows = itemTexts(q.rows);
      const rowText = matrixRowText(q);
      return (value) => (isObject(value) ? pairs(value, rows, (_k, v) => rowText(v), '; ') : plainCell(value));
    }
    case 'matrixdynamic': {
      const rowText = matrixRowText(q);
      return (value) => {
        if (!Array.isArray(value)) return plainCell(value);
        const rows = value.map((row, i) => [i + 1, rowText(row)] as const).filter(([, text]) => text !== '');
        return rows.map(([n, text]) => `${n}: ${text}`).join('; ') || null;
      };
    }
    case 'multipletext': {
      const items = itemTexts(q.items);
      return (value) => (isObject(value) ? pairs(value, items, (_k, v) => cellText(plainCell(v)), '; ') : plainCell(value));
    }
    case 'paneldynamic': {
      const template = questionsIn(Array.isArray(q.templateElements) ? q.templateElements : Array.isArray(q.questions) ? q.questions : []);
      return (value) => {
        if (!Array.isArray(value)) return plainCell(value);
        const panels = value
          .map((panel, i) => {
            if (!isObject(panel)) return null;
            const parts = template
              .map((t) => [t.title, cellText(t.format(panel))] as const)
              .filter(([, text]) => text !== '')
              .map(([title, text]) => `${title}: ${text}`);
            return parts.length > 0 ? `${i + 1}: ${parts.join(', ')}` : null;
          })
          .filter(Boolean);
        return panels.join('; ') || null;
      };
    }
    case 'file':
      return (value) => {
        const files = Array.isArray(value) ? value : isEmpty(value) ? [] : [value];
        return files.map((f) => (isObject(f) && typeof f.name === 'string' ? f.name : cellText(plainCell(f)))).join(', ') || null;
      };
    case 'signaturepad':
      return (value) => (isEmpty(value) ? null : '(signature)');
    default:
      return (value) => plainCell(value);
  }
}

/** The questions of a list of elements, in order, looking inside panels. */
function questionsIn(elements: unknown[]): AnswerColumn[] {
  const found: AnswerColumn[] = [];
  for (const element of elements) {
    if (!isObject(element) || typeof element.type !== 'string') continue;
    if (PANEL_TYPES.has(element.type)) {
      found.push(...questionsIn(Array.isArray(element.elements) ? element.elements : Array.isArray(element.questions) ? element.questions : []));
      continue;
    }
    if (NO_VALUE_TYPES.has(element.type) || typeof element.name !== 'string' || element.name === '') continue;
    const name = element.name;
    const dataKey = typeof element.valueName === 'string' && element.valueName ? element.valueName : name;
    const format = formatterFor(element, name);
    found.push({ name, title: locText(element.title) ?? name, format: (answers) => format(answers[dataKey], answers) });
  }
  return found;
}

/** Every question of a SurveyJS definition (object or JSON text), in order, nested panels included. */
export function surveyQuestions(survey: unknown): AnswerColumn[] {
  let json = survey;
  if (typeof json === 'string') {
    try {
      json = JSON.parse(json);
    } catch {
      return [];
    }
  }
  if (!isObject(json)) return [];
  const pages = Array.isArray(json.pages) ? json.pages.filter(isObject) : [json];
  return pages.flatMap((page) => questionsIn(Array.isArray(page.elements) ? page.elements : Array.isArray(page.questions) ? page.questions : []));
}

/**
 * The columns of a campaign's answers: one per name in `questioncolumns` (the server's list), with
 * the definition's title and formatter; a name the definition does not describe shows its raw value.
 */
export function answerColumns(questions: unknown, questioncolumns: string): AnswerColumn[] {
  const described = new Map(surveyQuestions(questions).map((q) => [q.name, q]));
  return questioncolumns
    .split(',')
    .filter(Boolean)
    .map((name) => described.get(name) ?? { name, title: name, format: (answers: SurveyAnswerData) => plainCell(answers[name]) });
}

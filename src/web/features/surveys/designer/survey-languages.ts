/**
 * The survey's languages in the designer (docs/decisions/0026-languages.md). The default
 * texts are edited as before; a second language is edited beside them, and every write of that
 * language goes through `setLocalizedText` on the survey's JSON text, so what is saved changes only
 * in that string's bytes (SurveyJS's own `{"default": …, "hi": …}` form).
 */
import { DEFAULT_LANGUAGE, LANGUAGES } from '#shared/i18n/languages';
import { removeLocale, setLocalizedText, surveyLocales, type JsonPath } from '#shared/survey-json/localized-text';
import type { Selection } from './designer-selection';
import { isJsonObject, replaceAt, type JsonObject, type JsonValue, type SurveyJson } from './survey-json';

/** The languages staff can add from the designer: the site's languages besides English. */
export const ADDABLE_LOCALES: readonly string[] = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

/** "Hindi", "German": the language's name in English (the designer is in English). */
export function languageName(locale: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

/**
 * The languages the survey is edited in besides its default texts: those its texts carry and those
 * staff added in this session (an added language writes nothing until a text is translated).
 * `mainLocale` (the survey's own `locale`, edited as the main texts) is left out.
 */
export function surveyLanguages(questions: string, added: readonly string[], mainLocale: string): string[] {
  const found = new Set([...surveyLocales(questions), ...added]);
  found.delete(mainLocale);
  return [...found].sort();
}

/** The `locale` text of a localizable value, '' when it has none (no fallback: staff see what is missing). */
export function translationOf(value: JsonValue | undefined, locale: string): string {
  if (!isJsonObject(value)) return '';
  const text = value[locale];
  return typeof text === 'string' ? text : '';
}

/** The value at `path`, or undefined. */
function valueAt(root: JsonValue, path: JsonPath): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const step of path) {
    if (Array.isArray(node) && typeof step === 'number') node = node[step];
    else if (isJsonObject(node ?? null) && typeof step === 'string') node = (node as JsonObject)[step];
    else return undefined;
  }
  return node;
}

/** A copy of `root` with the value at `path` replaced; everything off the path is shared, keys keep their order. */
function replaceAtPath(root: JsonValue, path: JsonPath, value: JsonValue): JsonValue {
  if (path.length === 0) return value;
  const [step, ...rest] = path;
  if (Array.isArray(root) && typeof step === 'number') return replaceAt(root, step, replaceAtPath(root[step]!, rest, value));
  if (isJsonObject(root) && typeof step === 'string') return { ...root, [step]: replaceAtPath(root[step]!, rest, value) };
  throw new RangeError(`No value at ${JSON.stringify(path)}`);
}

/**
 * The survey with the `locale` text at `path` set ('' removes it), written through the JSON text
 * (`setLocalizedText`) of the question, page or list that holds it: every other byte of the saved
 * survey stays as it was, and the rest of the document is not rebuilt.
 */
export function setTranslation(doc: SurveyJson, path: JsonPath, locale: string, text: string): SurveyJson {
  // The text's owner: the object holding it, or the list of a choice written as a plain string.
  let anchor = path.slice(0, -1);
  if (!isJsonObject(valueAt(doc, anchor) ?? null)) anchor = path.slice(0, Math.max(0, path.length - 2));
  const owner = valueAt(doc, anchor);
  if (owner === undefined) throw new RangeError(`No value at ${JSON.stringify(anchor)}`);
  const json = JSON.stringify(owner);
  const next = setLocalizedText(json, path.slice(anchor.length), locale, text);
  return next === json ? doc : (replaceAtPath(doc, anchor, JSON.parse(next) as JsonValue) as SurveyJson);
}

/** The survey without `locale` in any of its texts (a text left with its default alone is a plain string again). */
export function withoutLanguage(doc: SurveyJson, locale: string): SurveyJson {
  const json = JSON.stringify(doc);
  const next = removeLocale(json, locale);
  return next === json ? doc : (JSON.parse(next) as SurveyJson);
}

/** What to select, and which field to focus, to edit the `locale` text at `path`; null when the designer has no field for it. */
export function locateText(doc: SurveyJson, path: JsonPath, locale: string): { selection: Selection; focus: string } | null {
  if (path.length === 1 && (path[0] === 'title' || path[0] === 'description'))
    return { selection: { kind: 'survey', page: 0 }, focus: `#survey-prop-${path[0]}-${locale}` };
  let rest = [...path];
  let page = 0;
  if (Array.isArray(doc.pages)) {
    if (rest[0] !== 'pages' || typeof rest[1] !== 'number') return null;
    page = rest[1];
    rest = rest.slice(2);
  } else if (rest[0] !== 'elements' && rest[0] !== 'questions') return null;
  const indices: number[] = [];
  while ((rest[0] === 'elements' || rest[0] === 'questions') && typeof rest[1] === 'number') {
    indices.push(rest[1]);
    rest = rest.slice(2);
  }
  const [key, index, last] = rest;
  if (indices.length === 0) {
    if (rest.length !== 1 || (key !== 'title' && key !== 'description')) return null;
    return { selection: { kind: 'page', page }, focus: `#page-prop-${key}-${locale}` };
  }
  const selection: Selection = { kind: 'element', path: { page, indices } };
  if (rest.length === 1 && typeof key === 'string') return { selection, focus: `#prop-${key}-${locale}` };
  if (rest.length === 3 && typeof index === 'number' && last === 'text') {
    if (key === 'validators') return { selection, focus: `#prop-validators-${index}-${locale}` };
    if (key === 'choices' || key === 'rows' || key === 'columns') return { selection, focus: `[data-focus="prop-${key}-${index}-text-${locale}"]` };
  }
  return null;
}

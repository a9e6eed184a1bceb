import { isJsonObject, stringProperty, type JsonObject, type JsonValue, type SurveyJson } from './survey-json';
import { allElements, isPanel, pagesOf, samePath, updateElement, type ElementPath } from './survey-structure';

/**
 * Element names are the keys of the answers and the columns of the results, so they must be unique
 * across the whole survey, panels included (SurveyJS compares them case-insensitively).
 */

const normalise = (name: string) => name.trim().toLowerCase();

export function elementNames(doc: SurveyJson, except?: ElementPath): Set<string> {
  const names = new Set<string>();
  for (const { path, element } of allElements(doc)) {
    if (except && samePath(path, except)) continue;
    const name = stringProperty(element, 'name');
    if (name) names.add(normalise(name));
  }
  return names;
}

export function pageNames(doc: SurveyJson, exceptIndex?: number): Set<string> {
  const names = new Set<string>();
  pagesOf(doc).forEach((page, index) => {
    const name = isJsonObject(page) && index !== exceptIndex ? stringProperty(page, 'name') : undefined;
    if (name) names.add(normalise(name));
  });
  return names;
}

/** `prefix` followed by the next number after the highest one in use (question1, question2, …). */
export function nextName(prefix: string, taken: Set<string>): string {
  const pattern = new RegExp(`^${prefix}(\\d+)$`, 'i');
  let highest = 0;
  for (const name of taken) {
    const match = pattern.exec(name);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  let n = highest + 1;
  while (taken.has(normalise(`${prefix}${n}`))) n += 1;
  return `${prefix}${n}`;
}

export function namePrefix(element: JsonObject): string {
  return isPanel(element) ? 'panel' : 'question';
}

/** The names of all question elements (not panels), in order, nested ones included: the campaign's questioncolumns. */
export function questionNames(doc: SurveyJson): string[] {
  return allElements(doc)
    .filter(({ element }) => !isPanel(element))
    .map(({ element }) => stringProperty(element, 'name'))
    .filter((name): name is string => Boolean(name));
}

const FORBIDDEN = /[{}[\]]/;

/** Why `name` cannot be this element's name, or null when it can. */
export function elementNameProblem(doc: SurveyJson, path: ElementPath, name: string): string | null {
  if (name.trim() === '') return 'A name is required.';
  if (name !== name.trim()) return 'A name cannot start or end with a space.';
  if (FORBIDDEN.test(name)) return 'A name cannot contain { } [ or ].';
  if (elementNames(doc, path).has(normalise(name))) return `Another question or panel is already named "${name}".`;
  return null;
}

export function pageNameProblem(doc: SurveyJson, pageIndex: number, name: string): string | null {
  if (name.trim() === '') return 'A page name is required.';
  if (name !== name.trim()) return 'A name cannot start or end with a space.';
  if (pageNames(doc, pageIndex).has(normalise(name))) return `Another page is already named "${name}".`;
  return null;
}

// Properties whose text is an expression that may refer to elements as {name}, and trigger
// properties that hold an element name as-is.
const isExpressionKey = (key: string) => key.endsWith('If') || key.endsWith('Expression') || key === 'expression';
const NAME_KEYS = new Set(['setToName', 'fromName', 'gotoName', 'copyValueName']);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function renameReferences(value: JsonValue, oldName: string, newName: string, counter: { count: number }): JsonValue {
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const updated = renameReferences(item, oldName, newName, counter);
      if (updated !== item) changed = true;
      return updated;
    });
    return changed ? next : value;
  }
  if (!isJsonObject(value)) return value;
  // {name}, {name.field}, {name[0]}: SurveyJS variable names are case-insensitive.
  const reference = new RegExp(`\\{(\\s*)${escapeRegExp(oldName)}(?=\\s*[}.[])`, 'gi');
  let result: JsonObject = value;
  for (const [key, item] of Object.entries(value)) {
    let updated: JsonValue = item;
    if (typeof item === 'string' && isExpressionKey(key)) {
      updated = item.replace(reference, (_match, space: string) => `{${space}${newName}`);
    } else if (typeof item === 'string' && NAME_KEYS.has(key) && normalise(item) === normalise(oldName)) {
      updated = newName;
    } else if (typeof item === 'object' && item !== null) {
      updated = renameReferences(item, oldName, newName, counter);
    }
    if (updated !== item) {
      if (typeof item === 'string') counter.count += 1;
      if (result === value) result = { ...value };
      result[key] = updated;
    }
  }
  return result;
}

/**
 * Renames an element and rewrites the conditions and triggers that refer to it, so a rename does
 * not silently break a visibleIf elsewhere. Returns how many properties were rewritten.
 */
export function renameElement(doc: SurveyJson, path: ElementPath, newName: string): { doc: SurveyJson; references: number } {
  let oldName: string | undefined;
  const renamed = updateElement(doc, path, (element) => {
    oldName = stringProperty(element, 'name');
    return { ...element, name: newName };
  });
  if (!oldName || oldName === newName) return { doc: renamed, references: 0 };
  const counter = { count: 0 };
  const updated = renameReferences(renamed, oldName, newName, counter) as SurveyJson;
  return { doc: updated, references: counter.count };
}

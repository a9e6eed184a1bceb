import { isContentType } from '#shared/survey-json/content-elements';
import { renameReferences, type SurveyReference } from '#shared/survey-json/references';
import { isJsonObject, stringProperty, type JsonObject, type SurveyJson } from './survey-json';
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

/**
 * The names of the elements that hold an answer (not panels, not html or image), in order, nested
 * ones included: what conditions can name. The campaign's questioncolumns come from
 * shared/survey-json/survey-questions (survey-core), loaded when saving.
 */
export function questionNames(doc: SurveyJson): string[] {
  return allElements(doc)
    .filter(({ element }) => !isPanel(element) && !isContentType(element.type))
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

/**
 * Renames an element and every reference to it (conditions, expressions, triggers,
 * choicesFromQuestion, valueName, `{name}` in any text and locale: see shared/survey-json/references),
 * so a rename never silently breaks the survey. Returns the references it rewrote.
 */
export function renameElement(doc: SurveyJson, path: ElementPath, newName: string): { doc: SurveyJson; updated: SurveyReference[] } {
  let oldName: string | undefined;
  const renamed = updateElement(doc, path, (element) => {
    oldName = stringProperty(element, 'name');
    return { ...element, name: newName };
  });
  if (!oldName || oldName === newName) return { doc: renamed, updated: [] };
  const { survey, updated } = renameReferences(renamed, oldName, newName);
  return { doc: survey, updated };
}

/** What the rename toast says it updated: "2 conditions or expressions and 1 question reference". */
export function describeUpdated(updated: readonly SurveyReference[]): string {
  const counts = { expression: 0, property: 0, text: 0 };
  for (const ref of updated) counts[ref.kind] += 1;
  const parts = [
    counts.expression && `${counts.expression} condition${counts.expression === 1 ? '' : 's'} or expression${counts.expression === 1 ? '' : 's'}`,
    counts.property && `${counts.property} question reference${counts.property === 1 ? '' : 's'}`,
    counts.text && `${counts.text} text${counts.text === 1 ? '' : 's'}`,
  ].filter((part): part is string => Boolean(part));
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

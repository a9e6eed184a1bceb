import { isJsonObject, replaceAt, type JsonObject, type JsonValue, type SurveyJson } from './survey-json';

/**
 * Where things live in a survey. A survey holds `pages`; a page or a panel holds its elements in
 * `elements` (SurveyJS also accepts the older `questions`). A survey without `pages` but with
 * top-level `elements` is one implicit page: elements are edited in place and the survey is only
 * converted to `pages` when staff change pages themselves.
 */

/** A page, or a panel inside a page: `indices` walks down through panels (empty for the page). */
export interface ContainerRef {
  page: number;
  indices: number[];
}

/** An element (question or panel): the last index is its position in its container. */
export type ElementPath = ContainerRef;

export function samePath(a: ContainerRef, b: ContainerRef): boolean {
  return a.page === b.page && a.indices.length === b.indices.length && a.indices.every((n, i) => n === b.indices[i]);
}

/** A stable text form of a path (React keys, DOM data attributes). */
export function pathKey(path: ContainerRef): string {
  return [path.page, ...path.indices].join('.');
}

export function parentOf(path: ElementPath): ContainerRef {
  return { page: path.page, indices: path.indices.slice(0, -1) };
}

export function lastIndex(path: ElementPath): number {
  return path.indices[path.indices.length - 1] ?? 0;
}

export function childPath(container: ContainerRef, index: number): ElementPath {
  return { page: container.page, indices: [...container.indices, index] };
}

/** True when `inner` is `outer` or lies inside it. */
export function isWithin(inner: ContainerRef, outer: ContainerRef): boolean {
  return inner.page === outer.page && outer.indices.length <= inner.indices.length && outer.indices.every((n, i) => n === inner.indices[i]);
}

/** The key a container keeps its elements under. */
function elementsKey(container: JsonObject): 'elements' | 'questions' {
  return !Array.isArray(container.elements) && Array.isArray(container.questions) ? 'questions' : 'elements';
}

export function childrenOf(container: JsonObject): JsonValue[] {
  const list = container[elementsKey(container)];
  return Array.isArray(list) ? list : [];
}

export function withChildren(container: JsonObject, children: JsonValue[]): JsonObject {
  return { ...container, [elementsKey(container)]: children };
}

function hasExplicitPages(doc: SurveyJson): boolean {
  return Array.isArray(doc.pages);
}

function hasImplicitPage(doc: SurveyJson): boolean {
  return !hasExplicitPages(doc) && (Array.isArray(doc.elements) || Array.isArray(doc.questions));
}

/** The page objects, in order (the survey itself stands for its implicit page). Non-object entries are skipped by callers, indices stay raw. */
export function pagesOf(doc: SurveyJson): JsonValue[] {
  if (Array.isArray(doc.pages)) return doc.pages;
  return hasImplicitPage(doc) ? [doc] : [];
}

export function pageAt(doc: SurveyJson, index: number): JsonObject | undefined {
  const page = pagesOf(doc)[index];
  return isJsonObject(page) ? page : undefined;
}

/** Turns a survey with top-level elements into one with `pages` (before page-level edits). */
export function ensurePages(doc: SurveyJson): SurveyJson {
  if (hasExplicitPages(doc)) return doc;
  const key = elementsKey(doc);
  const elements = Array.isArray(doc[key]) ? doc[key] : [];
  const converted: SurveyJson = {};
  let placed = false;
  for (const [name, value] of Object.entries(doc)) {
    if (name === 'elements' || name === 'questions') {
      if (name === key && !placed) {
        converted.pages = [{ name: 'page1', elements }];
        placed = true;
      } else if (name !== key) converted[name] = value;
      continue;
    }
    converted[name] = value;
  }
  if (!placed) converted.pages = [];
  return converted;
}

function updateWithin(container: JsonObject, indices: number[], update: (target: JsonObject) => JsonObject): JsonObject {
  if (indices.length === 0) return update(container);
  const [index, ...rest] = indices as [number, ...number[]];
  const children = childrenOf(container);
  const child = children[index];
  if (!isJsonObject(child)) throw new RangeError(`No element at index ${index}`);
  return withChildren(container, replaceAt(children, index, updateWithin(child, rest, update)));
}

function findWithin(container: JsonObject, indices: number[]): JsonObject | undefined {
  let current: JsonObject | undefined = container;
  for (const index of indices) {
    const child: JsonValue | undefined = current ? childrenOf(current)[index] : undefined;
    current = isJsonObject(child) ? child : undefined;
  }
  return current;
}

function updatePage(doc: SurveyJson, pageIndex: number, update: (page: JsonObject) => JsonObject): SurveyJson {
  if (!hasExplicitPages(doc)) {
    if (pageIndex !== 0 || !hasImplicitPage(doc)) throw new RangeError(`No page at index ${pageIndex}`);
    // The implicit page is the survey itself: only its elements list may change through here.
    return update(doc);
  }
  const pages = doc.pages as JsonValue[];
  const page = pages[pageIndex];
  if (!isJsonObject(page)) throw new RangeError(`No page at index ${pageIndex}`);
  return { ...doc, pages: replaceAt(pages, pageIndex, update(page)) };
}

/**
 * Where a page, panel or question lies in the JSON (`['pages', 0, 'elements', 2]`), for the
 * functions that edit the JSON text itself (`#shared/survey-json/localized-text`).
 */
export function jsonPathOf(doc: SurveyJson, ref: ContainerRef): Array<string | number> {
  const path: Array<string | number> = hasExplicitPages(doc) ? ['pages', ref.page] : [];
  let container = pageAt(doc, ref.page);
  for (const index of ref.indices) {
    if (!container) throw new RangeError(`No element at index ${index}`);
    path.push(elementsKey(container), index);
    const child: JsonValue | undefined = childrenOf(container)[index];
    container = isJsonObject(child) ? child : undefined;
  }
  return path;
}

export function getContainer(doc: SurveyJson, ref: ContainerRef): JsonObject | undefined {
  const page = pageAt(doc, ref.page);
  return page ? findWithin(page, ref.indices) : undefined;
}

export function getElement(doc: SurveyJson, path: ElementPath): JsonObject | undefined {
  return path.indices.length === 0 ? undefined : getContainer(doc, path);
}

export function updateContainer(doc: SurveyJson, ref: ContainerRef, update: (container: JsonObject) => JsonObject): SurveyJson {
  return updatePage(doc, ref.page, (page) => updateWithin(page, ref.indices, update));
}

export function updateElement(doc: SurveyJson, path: ElementPath, update: (element: JsonObject) => JsonObject): SurveyJson {
  if (path.indices.length === 0) throw new RangeError('An element path needs at least one index');
  return updateContainer(doc, path, update);
}

export function isPanel(element: JsonObject): boolean {
  return element.type === 'panel';
}

export interface ElementEntry {
  path: ElementPath;
  element: JsonObject;
  depth: number;
}

/** Every element inside a container, depth first, panels before their contents. */
export function elementsWithin(container: JsonObject, ref: ContainerRef, depth = 0): ElementEntry[] {
  const entries: ElementEntry[] = [];
  childrenOf(container).forEach((child, index) => {
    if (!isJsonObject(child)) return;
    const path = childPath(ref, index);
    entries.push({ path, element: child, depth });
    if (isPanel(child)) entries.push(...elementsWithin(child, path, depth + 1));
  });
  return entries;
}

/** Every element of the survey, page by page, depth first. */
export function allElements(doc: SurveyJson): ElementEntry[] {
  return pagesOf(doc).flatMap((page, index) => (isJsonObject(page) ? elementsWithin(page, { page: index, indices: [] }) : []));
}

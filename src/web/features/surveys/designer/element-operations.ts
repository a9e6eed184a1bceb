import { elementNames, namePrefix, nextName } from './element-names';
import { newElement, type QuestionType } from './question-types';
import {
  editLocale,
  insertAt,
  isJsonObject,
  readText,
  removeAt,
  stringProperty,
  withProperty,
  type JsonObject,
  type JsonValue,
  type SurveyJson,
} from './survey-json';
import {
  childPath,
  childrenOf,
  elementsWithin,
  ensurePages,
  getContainer,
  getElement,
  isPanel,
  isWithin,
  lastIndex,
  pageAt,
  pagesOf,
  parentOf,
  updateContainer,
  updateElement,
  withChildren,
  type ContainerRef,
  type ElementPath,
} from './survey-structure';

export interface ElementResult {
  doc: SurveyJson;
  path: ElementPath;
}

/** Inserts `element` into a container (at the end when `index` is omitted). */
export function insertElement(doc: SurveyJson, container: ContainerRef, element: JsonObject, index?: number): ElementResult {
  // A survey with no pages at all gets its first page here.
  const base = pagesOf(doc).length === 0 ? { ...ensurePages(doc), pages: [{ name: 'page1', elements: [] }] } : doc;
  const target = getContainer(base, container);
  if (!target || (container.indices.length > 0 && !isPanel(target))) throw new RangeError('No such page or panel');
  const at = Math.max(0, Math.min(index ?? childrenOf(target).length, childrenOf(target).length));
  const updated = updateContainer(base, container, (c) => withChildren(c, insertAt(childrenOf(c), at, element)));
  return { doc: updated, path: childPath(container, at) };
}

/** Adds a new element of `type` with a fresh unique name. */
export function addElement(doc: SurveyJson, type: QuestionType, container: ContainerRef, index?: number): ElementResult {
  const prefix = type === 'panel' ? 'panel' : 'question';
  return insertElement(doc, container, newElement(type, nextName(prefix, elementNames(doc))), index);
}

/** A deep copy whose name, and the names of everything inside it, are new and unique. */
function renamedCopy(element: JsonObject, taken: Set<string>): JsonObject {
  const name = nextName(namePrefix(element), taken);
  taken.add(name.toLowerCase());
  let copy: JsonObject = withProperty(element, 'name', name);
  if (isPanel(element)) {
    copy = withChildren(
      copy,
      childrenOf(element).map((child) => (isJsonObject(child) ? renamedCopy(child, taken) : child)),
    );
  }
  return structuredClone(copy);
}

/** Copies an element right after itself. */
export function duplicateElement(doc: SurveyJson, path: ElementPath): ElementResult {
  const element = getElement(doc, path);
  if (!element) throw new RangeError('No such element');
  return insertElement(doc, parentOf(path), renamedCopy(element, elementNames(doc)), lastIndex(path) + 1);
}

export function deleteElement(doc: SurveyJson, path: ElementPath): SurveyJson {
  if (!getElement(doc, path)) throw new RangeError('No such element');
  return updateContainer(doc, parentOf(path), (c) => withChildren(c, removeAt(childrenOf(c), lastIndex(path))));
}

/** Where a container's path points once the element at `removed` is taken out of the survey. */
function afterRemoval(ref: ContainerRef, removed: ElementPath): ContainerRef {
  const parent = parentOf(removed);
  const depth = parent.indices.length;
  if (ref.page !== removed.page || ref.indices.length <= depth || !isWithin(ref, parent)) return ref;
  const indices = ref.indices.slice();
  if ((indices[depth] ?? 0) > lastIndex(removed)) indices[depth] = (indices[depth] ?? 0) - 1;
  return { page: ref.page, indices };
}

/**
 * Moves an element into `container` at `index` (an index in the container as it is before the
 * move). Refuses to move a panel into itself.
 */
export function moveElement(doc: SurveyJson, from: ElementPath, container: ContainerRef, index: number): ElementResult {
  const element = getElement(doc, from);
  if (!element) throw new RangeError('No such element');
  if (isWithin(container, from)) throw new RangeError('A panel cannot be moved into itself');
  const sameContainer = container.page === from.page && parentOf(from).indices.join() === container.indices.join();
  const target = afterRemoval(container, from);
  const at = sameContainer && index > lastIndex(from) ? index - 1 : index;
  return insertElement(deleteElement(doc, from), target, element, at);
}

export type Direction = 'up' | 'down';

/**
 * One step up or down for keyboard users: swaps with the neighbour; at the edge of a panel it
 * steps out of the panel, and at the edge of a page it goes to the neighbouring page.
 * Returns null when there is nowhere to go.
 */
export function stepElement(doc: SurveyJson, path: ElementPath, direction: Direction): ElementResult | null {
  const parent = parentOf(path);
  const container = getContainer(doc, parent);
  if (!container) return null;
  const index = lastIndex(path);
  const count = childrenOf(container).length;
  if (direction === 'up' && index > 0) return moveElement(doc, path, parent, index - 1);
  if (direction === 'down' && index < count - 1) return moveElement(doc, path, parent, index + 2);
  if (parent.indices.length > 0) {
    const panelIndex = lastIndex(parent);
    return moveElement(doc, path, parentOf(parent), direction === 'up' ? panelIndex : panelIndex + 1);
  }
  const pageIndex = direction === 'up' ? path.page - 1 : path.page + 1;
  const page = pageAt(doc, pageIndex);
  if (!page) return null;
  return moveElement(doc, path, { page: pageIndex, indices: [] }, direction === 'up' ? childrenOf(page).length : 0);
}

export function canStep(doc: SurveyJson, path: ElementPath, direction: Direction): boolean {
  const index = lastIndex(path);
  const container = getContainer(doc, parentOf(path));
  if (!container) return false;
  if (direction === 'up' ? index > 0 : index < childrenOf(container).length - 1) return true;
  if (path.indices.length > 1) return true;
  return Boolean(pageAt(doc, direction === 'up' ? path.page - 1 : path.page + 1));
}

/** Sets a property of an element (undefined removes it). */
export function setElementProperty(doc: SurveyJson, path: ElementPath, key: string, value: JsonValue | undefined): SurveyJson {
  return updateElement(doc, path, (element) => withProperty(element, key, value));
}

export interface MoveTarget {
  container: ContainerRef;
  label: string;
  depth: number;
}

/** The pages and panels an element can be moved into (not itself, not inside itself). */
export function moveTargets(doc: SurveyJson, path: ElementPath): MoveTarget[] {
  const targets: MoveTarget[] = [];
  const locale = editLocale(doc);
  pagesOf(doc).forEach((page, pageIndex) => {
    if (!isJsonObject(page)) return;
    const ref = { page: pageIndex, indices: [] };
    targets.push({ container: ref, label: readText(page.title, locale) || stringProperty(page, 'name') || `Page ${pageIndex + 1}`, depth: 0 });
    for (const entry of elementsWithin(page, ref)) {
      if (!isPanel(entry.element) || isWithin(entry.path, path)) continue;
      const label = readText(entry.element.title, locale) || stringProperty(entry.element, 'name') || 'Panel';
      targets.push({ container: entry.path, label, depth: entry.depth + 1 });
    }
  });
  return targets;
}

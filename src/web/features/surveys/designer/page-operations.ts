import { nextName, pageNames } from './element-names';
import { insertAt, isJsonObject, moveItem, removeAt, replaceAt, withProperty, type JsonValue, type SurveyJson } from './survey-json';
import { ensurePages } from './survey-structure';

function pagesList(doc: SurveyJson): JsonValue[] {
  return doc.pages as JsonValue[];
}

/** Adds an empty page with a fresh unique name (at the end when `index` is omitted). */
export function addPage(doc: SurveyJson, index?: number): { doc: SurveyJson; index: number } {
  const paged = ensurePages(doc);
  const pages = pagesList(paged);
  const at = Math.max(0, Math.min(index ?? pages.length, pages.length));
  const page = { name: nextName('page', pageNames(paged)), elements: [] };
  return { doc: { ...paged, pages: insertAt(pages, at, page) }, index: at };
}

export function movePage(doc: SurveyJson, from: number, to: number): SurveyJson {
  const paged = ensurePages(doc);
  const pages = pagesList(paged);
  if (from < 0 || from >= pages.length || to < 0 || to >= pages.length) throw new RangeError('No such page');
  return { ...paged, pages: moveItem(pages, from, to) };
}

export function deletePage(doc: SurveyJson, index: number): SurveyJson {
  const paged = ensurePages(doc);
  const pages = pagesList(paged);
  if (index < 0 || index >= pages.length) throw new RangeError('No such page');
  return { ...paged, pages: removeAt(pages, index) };
}

/** Sets a page property (name, title, description, visibleIf…); undefined removes it. */
export function setPageProperty(doc: SurveyJson, index: number, key: string, value: JsonValue | undefined): SurveyJson {
  const paged = ensurePages(doc);
  const pages = pagesList(paged);
  const page = pages[index];
  if (!isJsonObject(page)) throw new RangeError('No such page');
  return { ...paged, pages: replaceAt(pages, index, withProperty(page, key, value)) };
}

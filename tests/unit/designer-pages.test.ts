import { describe, expect, it } from 'vitest';
import { pageNameProblem } from '#web/features/surveys/designer/element-names';
import { addPage, deletePage, movePage, setPageProperty } from '#web/features/surveys/designer/page-operations';
import type { JsonObject, SurveyJson } from '#web/features/surveys/designer/survey-json';
import { ensurePages, pagesOf } from '#web/features/surveys/designer/survey-structure';

const pageNamesOf = (doc: SurveyJson) => pagesOf(doc).map((p) => (p as JsonObject).name);

const survey = (): SurveyJson => ({
  title: 'S',
  pages: [
    { name: 'page1', elements: [{ type: 'text', name: 'a' }] },
    { name: 'details', title: 'Details', elements: [] },
    { name: 'page3', elements: [] },
  ],
  completedHtml: '<p>Done</p>',
});

describe('pages', () => {
  it('adds an empty page with the next free name, at the end or at a position', () => {
    const end = addPage(survey());
    expect(end.index).toBe(3);
    expect((end.doc.pages as JsonObject[])[3]).toEqual({ name: 'page4', elements: [] });
    const second = addPage(survey(), 1);
    expect(pageNamesOf(second.doc)).toEqual(['page1', 'page4', 'details', 'page3']);
    expect(Object.keys(second.doc)).toEqual(['title', 'pages', 'completedHtml']);
  });

  it('renames (name and title) and describes a page, and removes a cleared title', () => {
    let doc = setPageProperty(survey(), 1, 'name', 'budget');
    doc = setPageProperty(doc, 1, 'title', 'Your budget');
    doc = setPageProperty(doc, 1, 'description', 'Money matters');
    expect((doc.pages as JsonObject[])[1]).toEqual({ name: 'budget', title: 'Your budget', elements: [], description: 'Money matters' });
    expect((setPageProperty(doc, 1, 'title', undefined).pages as JsonObject[])[1]).not.toHaveProperty('title');
  });

  it('checks page names: required, no padding, unique (case-insensitive) among pages', () => {
    expect(pageNameProblem(survey(), 0, '')).toMatch(/required/);
    expect(pageNameProblem(survey(), 0, ' x')).toMatch(/space/);
    expect(pageNameProblem(survey(), 0, 'DETAILS')).toMatch(/already named/);
    expect(pageNameProblem(survey(), 1, 'details')).toBeNull();
    expect(pageNameProblem(survey(), 0, 'a')).toBeNull(); // pages and questions have separate names
  });

  it('reorders pages', () => {
    expect(pageNamesOf(movePage(survey(), 0, 2))).toEqual(['details', 'page3', 'page1']);
    expect(pageNamesOf(movePage(survey(), 2, 1))).toEqual(['page1', 'page3', 'details']);
    expect(() => movePage(survey(), 0, 3)).toThrow(RangeError);
  });

  it('deletes a page with its questions', () => {
    expect(pageNamesOf(deletePage(survey(), 0))).toEqual(['details', 'page3']);
    expect(() => deletePage(survey(), 5)).toThrow(RangeError);
  });

  it('turns a flat survey into pages, in the place of its elements, when pages are edited', () => {
    const flat: SurveyJson = { title: 'Flat', elements: [{ type: 'text', name: 'q' }], showQuestionNumbers: false };
    expect(ensurePages(flat)).toEqual({ title: 'Flat', pages: [{ name: 'page1', elements: [{ type: 'text', name: 'q' }] }], showQuestionNumbers: false });
    expect(Object.keys(ensurePages(flat))).toEqual(['title', 'pages', 'showQuestionNumbers']);
    const added = addPage(flat);
    expect(pageNamesOf(added.doc)).toEqual(['page1', 'page2']);
    const legacy: SurveyJson = { questions: [{ type: 'text', name: 'q' }] };
    expect(setPageProperty(legacy, 0, 'title', 'Only page')).toEqual({
      pages: [{ name: 'page1', elements: [{ type: 'text', name: 'q' }], title: 'Only page' }],
    });
  });

  it('treats a survey with neither pages nor elements as having no pages', () => {
    expect(pagesOf({ title: 'x' })).toEqual([]);
    expect(addPage({ title: 'x' }).doc).toEqual({ title: 'x', pages: [{ name: 'page1', elements: [] }] });
  });
});

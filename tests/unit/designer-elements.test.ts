import { describe, expect, it } from 'vitest';
import {
  addElement,
  canStep,
  deleteElement,
  duplicateElement,
  insertElement,
  moveElement,
  moveTargets,
  setElementProperty,
  stepElement,
} from '#web/features/surveys/designer/element-operations';
import { QUESTION_TYPES, convertibleTypes } from '#web/features/surveys/designer/question-types';
import type { JsonObject, SurveyJson } from '#web/features/surveys/designer/survey-json';
import { allElements, getElement, pathKey } from '#web/features/surveys/designer/survey-structure';

/** Names of the elements, page by page, panels with their contents in brackets. */
function outline(doc: SurveyJson): string {
  const render = (elements: unknown): string =>
    (elements as JsonObject[]).map((e) => (e.type === 'panel' ? `${String(e.name)}[${render(e.elements ?? e.questions ?? [])}]` : String(e.name))).join(' ');
  const pages = Array.isArray(doc.pages) ? (doc.pages as JsonObject[]) : [doc];
  return pages.map((p) => render(p.elements ?? p.questions ?? [])).join(' | ');
}

const survey = (): SurveyJson => ({
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'a' },
        {
          type: 'panel',
          name: 'box',
          elements: [
            { type: 'text', name: 'b' },
            { type: 'panel', name: 'inner', elements: [{ type: 'text', name: 'c' }] },
          ],
        },
        { type: 'text', name: 'd' },
      ],
    },
    { name: 'p2', elements: [{ type: 'text', name: 'e' }] },
    { name: 'p3', elements: [] },
  ],
});

describe('adding elements', () => {
  it('creates every supported type with a unique generated name and starting content', () => {
    let doc: SurveyJson = { pages: [{ name: 'page1', elements: [] }] };
    for (const type of QUESTION_TYPES) doc = addElement(doc, type, { page: 0, indices: [] }).doc;
    const elements = allElements(doc).map((e) => e.element);
    expect(elements.map((e) => e.type)).toEqual([...QUESTION_TYPES]);
    expect(elements.map((e) => e.name)).toEqual([
      'question1',
      'question2',
      'question3',
      'question4',
      'question5',
      'question6',
      'question7',
      'question8',
      'question9',
      'question10',
      'panel1',
    ]);
    expect(elements.find((e) => e.type === 'radiogroup')?.choices).toEqual(['Item 1', 'Item 2', 'Item 3']);
    expect(elements.find((e) => e.type === 'matrix')).toMatchObject({ rows: ['Row 1', 'Row 2'], columns: ['Column 1', 'Column 2', 'Column 3'] });
    expect(elements.find((e) => e.type === 'panel')?.elements).toEqual([]);
  });

  it('adds inside a nested panel at a given position, names unique across panels', () => {
    const { doc, path } = addElement(survey(), 'text', { page: 0, indices: [1, 1] }, 0);
    expect(outline(doc)).toBe('a box[b inner[question1 c]] d | e | ');
    expect(pathKey(path)).toBe('0.1.1.0');
    const next = addElement({ pages: [{ elements: [{ type: 'panel', name: 'x', elements: [{ type: 'text', name: 'Question7' }] }] }] }, 'text', {
      page: 0,
      indices: [],
    });
    expect(getElement(next.doc, next.path)?.name).toBe('question8');
  });

  it('gives a survey without pages its first page', () => {
    const { doc, path } = addElement({ title: 'Empty' }, 'boolean', { page: 0, indices: [] });
    expect(doc).toEqual({ title: 'Empty', pages: [{ name: 'page1', elements: [{ type: 'boolean', name: 'question1' }] }] });
    expect(pathKey(path)).toBe('0.0');
  });

  it('adds to a flat survey in place, keeping its top-level elements', () => {
    const { doc } = addElement({ elements: [{ type: 'text', name: 'question1' }] }, 'comment', { page: 0, indices: [] });
    expect(doc).toEqual({
      elements: [
        { type: 'text', name: 'question1' },
        { type: 'comment', name: 'question2' },
      ],
    });
  });

  it('refuses a container that does not exist', () => {
    expect(() => addElement(survey(), 'text', { page: 7, indices: [] })).toThrow(RangeError);
    expect(() => addElement(survey(), 'text', { page: 0, indices: [0] })).toThrow(RangeError);
  });
});

describe('duplicating', () => {
  it('copies a question right after itself with a fresh name and every other property', () => {
    const doc: SurveyJson = {
      pages: [{ elements: [{ type: 'checkbox', name: 'question3', title: 'Pick', choices: [{ value: 1, text: 'One' }], 'x-custom': { deep: [1] } }] }],
    };
    const { doc: copy, path } = duplicateElement(doc, { page: 0, indices: [0] });
    expect(pathKey(path)).toBe('0.1');
    expect(getElement(copy, path)).toEqual({
      type: 'checkbox',
      name: 'question4',
      title: 'Pick',
      choices: [{ value: 1, text: 'One' }],
      'x-custom': { deep: [1] },
    });
    // A deep copy: editing the copy later must not reach the original.
    expect(getElement(copy, path)?.choices).not.toBe(getElement(copy, { page: 0, indices: [0] })?.choices);
  });

  it('renames everything inside a duplicated panel so names stay unique', () => {
    const { doc } = duplicateElement(survey(), { page: 0, indices: [1] });
    expect(outline(doc)).toBe('a box[b inner[c]] panel1[question1 panel2[question2]] d | e | ');
    const names = allElements(doc).map((e) => String(e.element.name).toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('moving', () => {
  it('reorders within a page', () => {
    expect(outline(moveElement(survey(), { page: 0, indices: [0] }, { page: 0, indices: [] }, 3).doc)).toBe('box[b inner[c]] d a | e | ');
    expect(outline(moveElement(survey(), { page: 0, indices: [2] }, { page: 0, indices: [] }, 0).doc)).toBe('d a box[b inner[c]] | e | ');
  });

  it('moves between pages and into and out of panels, returning the new path', () => {
    const toPage = moveElement(survey(), { page: 0, indices: [0] }, { page: 2, indices: [] }, 0);
    expect(outline(toPage.doc)).toBe('box[b inner[c]] d | e | a');
    expect(pathKey(toPage.path)).toBe('2.0');
    const intoInner = moveElement(survey(), { page: 0, indices: [0] }, { page: 0, indices: [1, 1] }, 1);
    expect(outline(intoInner.doc)).toBe('box[b inner[c a]] d | e | ');
    expect(pathKey(intoInner.path)).toBe('0.0.1.1');
    const outOfPanel = moveElement(survey(), { page: 0, indices: [1, 1, 0] }, { page: 1, indices: [] }, 1);
    expect(outline(outOfPanel.doc)).toBe('a box[b inner[]] d | e c | ');
  });

  it('refuses to move a panel into itself or its own panels', () => {
    expect(() => moveElement(survey(), { page: 0, indices: [1] }, { page: 0, indices: [1] }, 0)).toThrow(RangeError);
    expect(() => moveElement(survey(), { page: 0, indices: [1] }, { page: 0, indices: [1, 1] }, 0)).toThrow(RangeError);
  });

  it('steps up and down for keyboard users: past neighbours, out of panels, across pages', () => {
    let result = stepElement(survey(), { page: 0, indices: [2] }, 'up')!;
    expect(outline(result.doc)).toBe('a d box[b inner[c]] | e | ');
    result = stepElement(survey(), { page: 0, indices: [1, 0] }, 'up')!;
    expect(outline(result.doc)).toBe('a b box[inner[c]] d | e | ');
    expect(pathKey(result.path)).toBe('0.1');
    result = stepElement(survey(), { page: 0, indices: [1, 1, 0] }, 'down')!;
    expect(outline(result.doc)).toBe('a box[b inner[] c] d | e | ');
    result = stepElement(survey(), { page: 0, indices: [2] }, 'down')!;
    expect(outline(result.doc)).toBe('a box[b inner[c]] | d e | ');
    expect(pathKey(result.path)).toBe('1.0');
    result = stepElement(survey(), { page: 1, indices: [0] }, 'up')!;
    expect(outline(result.doc)).toBe('a box[b inner[c]] d e |  | ');
    expect(pathKey(result.path)).toBe('0.3');
    result = stepElement(survey(), { page: 1, indices: [0] }, 'down')!;
    expect(outline(result.doc)).toBe('a box[b inner[c]] d |  | e');
  });

  it('says when there is nowhere to go', () => {
    expect(stepElement(survey(), { page: 0, indices: [0] }, 'up')).toBeNull();
    expect(canStep(survey(), { page: 0, indices: [0] }, 'up')).toBe(false);
    expect(canStep(survey(), { page: 0, indices: [1, 0] }, 'up')).toBe(true);
    const last = { pages: [{ elements: [{ type: 'text', name: 'a' }] }] };
    expect(stepElement(last, { page: 0, indices: [0] }, 'down')).toBeNull();
    expect(canStep(last, { page: 0, indices: [0] }, 'down')).toBe(false);
  });

  it('offers pages and panels as move targets, never the element itself or its contents', () => {
    const targets = moveTargets(survey(), { page: 0, indices: [1] });
    expect(targets.map((t) => `${'-'.repeat(t.depth)}${t.label}`)).toEqual(['p1', 'p2', 'p3']);
    const forA = moveTargets(survey(), { page: 0, indices: [0] });
    expect(forA.map((t) => `${'-'.repeat(t.depth)}${t.label}`)).toEqual(['p1', '-box', '--inner', 'p2', 'p3']);
  });
});

describe('deleting and editing properties', () => {
  it('deletes a question or a whole panel', () => {
    expect(outline(deleteElement(survey(), { page: 0, indices: [1, 0] }))).toBe('a box[inner[c]] d | e | ');
    expect(outline(deleteElement(survey(), { page: 0, indices: [1] }))).toBe('a d | e | ');
    expect(() => deleteElement(survey(), { page: 0, indices: [9] })).toThrow(RangeError);
  });

  it('sets a property in place and removes it with undefined, never mutating the input', () => {
    const doc = survey();
    const frozen = JSON.stringify(doc);
    const edited = setElementProperty(doc, { page: 0, indices: [1, 1, 0] }, 'visibleIf', '{a} = 1');
    expect(getElement(edited, { page: 0, indices: [1, 1, 0] })).toEqual({ type: 'text', name: 'c', visibleIf: '{a} = 1' });
    expect(JSON.stringify(doc)).toBe(frozen);
    const cleared = setElementProperty(edited, { page: 0, indices: [1, 1, 0] }, 'visibleIf', undefined);
    expect(cleared).toEqual(doc);
    // Untouched branches are shared, not copied.
    expect((cleared.pages as JsonObject[])[1]).toBe((doc.pages as JsonObject[])[1]);
  });

  it('switches only between compatible types', () => {
    expect(convertibleTypes('radiogroup')).toContain('tagbox');
    expect(convertibleTypes('text')).toEqual(['text', 'comment']);
    expect(convertibleTypes('matrix')).toEqual([]);
  });

  it('inserts a given element at a clamped position', () => {
    const { path } = insertElement(survey(), { page: 1, indices: [] }, { type: 'text', name: 'z' }, 99);
    expect(pathKey(path)).toBe('1.1');
  });
});

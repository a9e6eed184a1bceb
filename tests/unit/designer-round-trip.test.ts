import { Model } from 'survey-core';
import { describe, expect, it } from 'vitest';
import { setItemText, updateItem } from '#web/features/surveys/designer/choice-items';
import { questionNames, renameElement } from '#web/features/surveys/designer/element-names';
import { questionNames as serverQuestionNames } from '#shared/survey-json/survey-questions';
import { addElement, deleteElement, duplicateElement, setElementProperty, stepElement } from '#web/features/surveys/designer/element-operations';
import { formatSurveyJson, parseSurveyJson } from '#web/features/surveys/designer/json-text';
import { addPage, deletePage, setPageProperty } from '#web/features/surveys/designer/page-operations';
import { isJsonObject, type JsonObject, type JsonValue, type SurveyJson } from '#web/features/surveys/designer/survey-json';
import { allElements, pathKey, type ElementPath } from '#web/features/surveys/designer/survey-structure';
import { FIXTURES, fixtureText } from './designer-fixtures';

/** Loads a fixture the way the designer does: from the stored text. */
function load(name: string): SurveyJson {
  const result = parseSurveyJson(fixtureText(name));
  if (!result.ok) throw new Error(result.error.message);
  return result.doc;
}

/** What the server would store. */
const save = (doc: SurveyJson) => JSON.stringify(doc);

/** A plain copy of the fixture, changed by hand: the expected result of an operation. */
function expected(name: string, change: (copy: JsonObject) => void): string {
  const copy = JSON.parse(fixtureText(name)) as JsonObject;
  change(copy);
  return JSON.stringify(copy);
}

/** Walks a path by hand (independently of the designer's own helpers). */
function containerList(container: JsonObject): JsonValue[] {
  return (Array.isArray(container.elements) ? container.elements : container.questions) as JsonValue[];
}
function pageByHand(doc: JsonObject, index: number): JsonObject {
  return (Array.isArray(doc.pages) ? doc.pages[index] : doc) as JsonObject;
}
function elementByHand(doc: JsonObject, path: ElementPath): JsonObject {
  let current = pageByHand(doc, path.page);
  for (const index of path.indices) current = containerList(current)[index] as JsonObject;
  return current;
}

const names = Object.keys(FIXTURES);

describe.each(names)('round trip: %s', (name) => {
  it('loads and saves the stored text unchanged, byte for byte', () => {
    expect(formatSurveyJson(load(name))).toBe(fixtureText(name));
    expect(save(load(name))).toBe(JSON.stringify(FIXTURES[name]));
  });

  it('changes only the title when any one element gets a new title', () => {
    const doc = load(name);
    const entries = allElements(doc);
    expect(entries.length).toBeGreaterThan(0);
    for (const { path, element } of entries) {
      const title = isJsonObject(element.title ?? null) ? { ...(element.title as JsonObject), default: 'Edited' } : 'Edited';
      const edited = setElementProperty(doc, path, 'title', title);
      expect(save(edited), pathKey(path)).toBe(expected(name, (copy) => void (elementByHand(copy, path).title = title)));
    }
  });

  it('changes only isRequired and description when they are edited', () => {
    const doc = load(name);
    const { path } = allElements(doc).at(-1)!;
    let edited = setElementProperty(doc, path, 'isRequired', true);
    edited = setElementProperty(edited, path, 'description', 'Helpful words');
    expect(save(edited)).toBe(
      expected(name, (copy) => {
        const element = elementByHand(copy, path);
        element.isRequired = true;
        element.description = 'Helpful words';
      }),
    );
    expect(save(setElementProperty(setElementProperty(edited, path, 'description', undefined), path, 'isRequired', undefined))).toBe(
      expected(name, (copy) => {
        const element = elementByHand(copy, path);
        delete element.description;
        delete element.isRequired;
      }),
    );
  });

  it('adds a question at the end of the last page and nothing else', () => {
    const doc = load(name);
    const pages = Array.isArray(doc.pages) ? doc.pages.length : 1;
    const { doc: edited, path } = addElement(doc, 'radiogroup', { page: pages - 1, indices: [] });
    const added = elementByHand(edited, path);
    expect(added.type).toBe('radiogroup');
    expect(save(edited)).toBe(expected(name, (copy) => void containerList(pageByHand(copy, pages - 1)).push(added)));
  });

  it('gets back the original after duplicate then delete, and after down then up', () => {
    const doc = load(name);
    for (const { path } of allElements(doc)) {
      const duplicated = duplicateElement(doc, path);
      expect(save(deleteElement(duplicated.doc, duplicated.path))).toBe(save(doc));
      const down = stepElement(doc, path, 'down');
      if (down) {
        const back = stepElement(down.doc, down.path, 'up');
        // Stepping down out of a panel and back up lands just before the panel, not inside it.
        if (path.indices.length === 1 || back?.path.indices.length === path.indices.length) {
          expect(back && save(back.doc), pathKey(path)).toBe(save(doc));
        }
      }
    }
  });

  it('changes one choice text without touching the other choices', () => {
    const doc = load(name);
    const entry = allElements(doc).find(({ element }) => Array.isArray(element.choices) && element.choices.length > 1);
    if (!entry) return;
    const choices = entry.element.choices as JsonValue[];
    const edited = setElementProperty(
      doc,
      entry.path,
      'choices',
      updateItem(choices, 1, (item) => setItemText(item, 'Renamed choice')),
    );
    expect(save(edited)).toBe(
      expected(name, (copy) => {
        const list = elementByHand(copy, entry.path).choices as JsonValue[];
        const item = list[1] as JsonValue;
        if (isJsonObject(item)) item.text = isJsonObject(item.text ?? null) ? { ...(item.text as JsonObject), default: 'Renamed choice' } : 'Renamed choice';
        else list[1] = { value: item, text: 'Renamed choice' };
      }),
    );
  });

  it('keeps the survey intact when a page is added and deleted again, or retitled', () => {
    const doc = load(name);
    if (!Array.isArray(doc.pages)) return; // a flat survey becomes paged: covered in designer-pages
    const added = addPage(doc);
    expect(save(deletePage(added.doc, added.index))).toBe(save(doc));
    const retitled = setPageProperty(doc, 0, 'description', 'New words');
    expect(save(retitled)).toBe(expected(name, (copy) => void ((copy.pages as JsonObject[])[0]!.description = 'New words')));
  });

  it('survives the JSON tab: format, parse, same document', () => {
    const doc = load(name);
    const again = parseSurveyJson(formatSurveyJson(doc));
    expect(again.ok && again.doc).toEqual(doc);
  });

  it('saves a definition the real runner loads with the same questions', () => {
    const doc = setElementProperty(load(name), allElements(load(name))[0]!.path, 'title', 'Edited');
    const model = new Model(JSON.parse(save(doc)));
    // The designer's names (what conditions can name) are the questions that hold an answer, as the server's columns.
    expect(
      model
        .getAllQuestions()
        .filter((q) => !['html', 'image'].includes(q.getType()))
        .map((q) => q.name),
    ).toEqual(questionNames(doc));
    expect(questionNames(doc)).toEqual(serverQuestionNames(save(doc)));
    expect(model.getAllQuestions()[0]?.title).toBe('Edited');
  });
});

describe('round trip: renames', () => {
  it('renames a question and the conditions and triggers that refer to it, nothing else', () => {
    const doc = load('homeBuyerSurvey');
    const intent = allElements(doc).find(({ element }) => element.name === 'intent')!;
    const { doc: renamed, updated } = renameElement(doc, intent.path, 'purpose');
    expect(save(renamed)).toBe(
      expected('homeBuyerSurvey', (copy) => {
        elementByHand(copy, intent.path).name = 'purpose';
        const pages = copy.pages as JsonObject[];
        pages[1]!.visibleIf = "{purpose} <> 'just-browsing'";
        const triggers = copy.triggers as JsonObject[];
        triggers[0]!.expression = "{purpose} = 'just-browsing'";
        triggers[1]!.expression = "{purpose} = 'rent'";
        const panel = elementByHand(copy, { page: 1, indices: [1] });
        panel.enableIf = "{purpose} = 'buy'";
        const budget = elementByHand(copy, { page: 1, indices: [1, 0] });
        budget.requiredIf = "{purpose} = 'buy'";
      }),
    );
    expect(updated).toHaveLength(5);
  });
});

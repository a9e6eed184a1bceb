import { describe, expect, it } from 'vitest';
import {
  addItem,
  duplicateItemValues,
  itemText,
  itemValue,
  itemsFromLines,
  itemsToLines,
  moveItemTo,
  removeItem,
  setItemText,
  setItemValue,
  updateItem,
} from '#web/features/surveys/designer/choice-items';
import type { JsonValue } from '#web/features/surveys/designer/survey-json';

const choices = (): JsonValue[] => ['Item 1', 2, { value: 'c', text: 'See', visibleIf: '{x} = 1' }, { value: 'd', text: { default: 'Dee', hi: 'डी' } }];

describe('choices', () => {
  it('reads value and text from every item form', () => {
    expect(choices().map(itemValue)).toEqual(['Item 1', '2', 'c', 'd']);
    expect(choices().map((item) => itemText(item))).toEqual(['', '', 'See', 'Dee']);
  });

  it('edits a value keeping its form: strings stay strings, numbers stay numbers', () => {
    expect(setItemValue('Item 1', 'Item one')).toBe('Item one');
    expect(setItemValue(2, '5')).toBe(5);
    expect(setItemValue(2, 'five')).toBe('five');
    expect(setItemValue({ value: 'c', text: 'See', visibleIf: '{x} = 1' }, 'sea')).toEqual({ value: 'sea', text: 'See', visibleIf: '{x} = 1' });
  });

  it('edits a text: bare values become objects, cleared texts collapse back, translations stay', () => {
    expect(setItemText('Item 1', 'First')).toEqual({ value: 'Item 1', text: 'First' });
    expect(setItemText({ value: 'a', text: 'A' }, '')).toBe('a');
    expect(setItemText({ value: 'c', text: 'See', visibleIf: '{x} = 1' }, '')).toEqual({ value: 'c', visibleIf: '{x} = 1' });
    expect(setItemText({ value: 'd', text: { default: 'Dee', hi: 'डी' } }, 'D')).toEqual({ value: 'd', text: { default: 'D', hi: 'डी' } });
  });

  it('adds, removes and reorders items', () => {
    expect(addItem(['Item 1', 'Item 2'])).toEqual(['Item 1', 'Item 2', 'Item 3']);
    expect(addItem(['Item 3', 'x'])).toEqual(['Item 3', 'x', 'Item 4']);
    expect(addItem(['Row 1'], 'Row')).toEqual(['Row 1', 'Row 2']);
    expect(removeItem(choices(), 1)).toEqual(['Item 1', { value: 'c', text: 'See', visibleIf: '{x} = 1' }, { value: 'd', text: { default: 'Dee', hi: 'डी' } }]);
    expect(moveItemTo(choices(), 0, 3).map(itemValue)).toEqual(['2', 'c', 'd', 'Item 1']);
    expect(moveItemTo(choices(), 3, 2).map(itemValue)).toEqual(['Item 1', '2', 'd', 'c']);
    expect(updateItem(choices(), 1, (item) => setItemValue(item, '3'))[1]).toBe(3);
    expect(() => removeItem(choices(), 4)).toThrow(RangeError);
    expect(() => moveItemTo(choices(), 0, 4)).toThrow(RangeError);
  });

  it('finds duplicated values', () => {
    expect(duplicateItemValues(['a', { value: 'a', text: 'A' }, 'b', 1, '1'])).toEqual(['a', '1']);
    expect(duplicateItemValues(choices())).toEqual([]);
  });

  it('edits as lines of "value|text", keeping the extra properties of the items it recognises', () => {
    expect(itemsToLines(choices())).toBe('Item 1\n2\nc|See\nd|Dee');
    expect(itemsFromLines('c|Sea\n\n  new one  \nd|Dee\n2', choices())).toEqual([
      { value: 'c', text: 'Sea', visibleIf: '{x} = 1' },
      'new one',
      { value: 'd', text: { default: 'Dee', hi: 'डी' } },
      2,
    ]);
  });
});

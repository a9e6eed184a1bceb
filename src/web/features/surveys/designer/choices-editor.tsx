import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Input, Tooltip } from 'antd';
import { useState } from 'react';
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
} from './choice-items';
import type { Translation } from './localized-field';
import { isJsonObject, type JsonValue } from './survey-json';
import { translationOf } from './survey-languages';

interface ChoicesEditorProps {
  id: string;
  /** "Choices", "Rows", "Columns". */
  label: string;
  /** The singular used in new items and button labels: "Item" → "Item 4", "Add item". */
  itemLabel: string;
  items: readonly JsonValue[];
  /** `mergeKey` groups keystrokes into one undo step. */
  onChange: (items: JsonValue[], mergeKey?: string) => void;
  requestFocus: (selector: string) => void;
  /** The locale whose texts are edited ('' = default). */
  locale?: string;
  /** With a second language on: each item's text in it, under the default text. */
  translation?: Translation & { onChange: (index: number, text: string) => void };
}

/** Value/text rows with add, remove and reorder buttons, or all of them as lines of text. */
export function ChoicesEditor({ id, label, itemLabel, items, onChange, requestFocus, locale = '', translation }: ChoicesEditorProps) {
  const [lines, setLines] = useState<string | null>(null);
  const duplicates = new Set(duplicateItemValues(items));
  const noun = itemLabel.toLowerCase();

  const move = (from: number, to: number, control: 'up' | 'down') => {
    onChange(moveItemTo(items, from, to));
    const target = (to === 0 && control === 'up') || (to === items.length - 1 && control === 'down') ? 'value' : control;
    requestFocus(`[data-focus="${id}-${to}-${target}"]`);
  };

  const remove = (index: number) => {
    onChange(removeItem(items, index));
    const next = Math.min(index, items.length - 2);
    requestFocus(next >= 0 ? `[data-focus="${id}-${next}-value"]` : `[data-focus="${id}-add"]`);
  };

  const add = () => {
    onChange(addItem(items, itemLabel));
    requestFocus(`[data-focus="${id}-${items.length}-value"]`);
  };

  if (lines !== null) {
    const apply = () => {
      onChange(itemsFromLines(lines, items, locale));
      setLines(null);
      requestFocus(`[data-focus="${id}-lines"]`);
    };
    return (
      <fieldset className="designer-choices">
        <legend className="designer-field__label">{label}</legend>
        <label className="designer-choices__lines-label" htmlFor={`${id}-lines`}>
          One per line. Write <code>value|text</code> to show a text other than the stored value.
        </label>
        <Input.TextArea
          id={`${id}-lines`}
          className="designer-mono"
          value={lines}
          autoSize={{ minRows: 4, maxRows: 14 }}
          spellCheck={false}
          onChange={(event) => setLines(event.target.value)}
        />
        <div className="designer-choices__actions">
          <Button type="primary" size="small" onClick={apply}>
            Apply
          </Button>
          <Button size="small" onClick={() => setLines(null)}>
            Cancel
          </Button>
        </div>
      </fieldset>
    );
  }

  return (
    <fieldset className="designer-choices">
      <legend className="designer-field__label">{label}</legend>
      {items.length > 0 && (
        <div className="designer-choices__head" aria-hidden="true">
          <span>Value (stored)</span>
          <span>{translation ? `Text (${translation.mainName}, ${translation.name} below)` : 'Text (shown)'}</span>
        </div>
      )}
      <ol className="designer-choices__list">
        {items.map((item, index) => {
          const value = itemValue(item);
          const position = `${noun} ${index + 1}`;
          return (
            <li key={index} className="designer-choices__row">
              <Input
                size="small"
                className="designer-mono"
                value={value}
                data-focus={`${id}-${index}-value`}
                aria-label={`Value of ${position}`}
                status={duplicates.has(value) ? 'warning' : undefined}
                onChange={(event) => onChange(updateItem(items, index, (it) => setItemValue(it, event.target.value)), `${id}-${index}-value`)}
              />
              {/* Grows with the text, so a long choice is read whole; Enter does not add a line. */}
              <Input.TextArea
                size="small"
                autoSize={{ minRows: 1, maxRows: 5 }}
                value={itemText(item, locale)}
                placeholder={value}
                aria-label={`Text of ${position}`}
                onPressEnter={(event) => event.preventDefault()}
                onChange={(event) => onChange(updateItem(items, index, (it) => setItemText(it, event.target.value, locale)), `${id}-${index}-text`)}
              />
              {translation && (
                <>
                  <span className="designer-choices__language" aria-hidden="true">
                    {translation.name}
                  </span>
                  <Input.TextArea
                    size="small"
                    className="designer-choices__translation"
                    autoSize={{ minRows: 1, maxRows: 5 }}
                    lang={translation.locale}
                    value={translationOf(isJsonObject(item) ? item.text : undefined, translation.locale)}
                    placeholder={itemText(item, locale) || value}
                    data-focus={`${id}-${index}-text-${translation.locale}`}
                    aria-label={`Text of ${position} (${translation.name})`}
                    onPressEnter={(event) => event.preventDefault()}
                    onChange={(event) => translation.onChange(index, event.target.value)}
                  />
                </>
              )}
              <span className="designer-choices__tools">
                <Tooltip title="Move up">
                  <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={`Move ${position} up`} disabled={index === 0} data-focus={`${id}-${index}-up`} onClick={() => move(index, index - 1, 'up')} />
                </Tooltip>
                <Tooltip title="Move down">
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={`Move ${position} down`}
                    disabled={index === items.length - 1}
                    data-focus={`${id}-${index}-down`}
                    onClick={() => move(index, index + 1, 'down')}
                  />
                </Tooltip>
                <Tooltip title="Remove">
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`Remove ${position}`} onClick={() => remove(index)} />
                </Tooltip>
              </span>
            </li>
          );
        })}
      </ol>
      {duplicates.size > 0 && (
        <p className="designer-field__warning" role="status">
          Two {noun}s share the value {[...duplicates].map((v) => `"${v}"`).join(', ')}: answers could not tell them apart.
        </p>
      )}
      <div className="designer-choices__actions">
        <Button size="small" icon={<PlusOutlined />} data-focus={`${id}-add`} onClick={add}>
          Add {noun}
        </Button>
        <Button size="small" type="text" icon={<UnorderedListOutlined />} data-focus={`${id}-lines`} onClick={() => setLines(itemsToLines(items, locale))}>
          Edit as text
        </Button>
      </div>
    </fieldset>
  );
}

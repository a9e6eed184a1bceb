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
import { staffText } from '#web/lib/staff-text';
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
          {staffText('staff.designer.choices.linesBefore')}
          <code>{staffText('staff.designer.choices.linesCode')}</code>
          {staffText('staff.designer.choices.linesAfter')}
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
            {staffText('staff.designer.choices.apply')}
          </Button>
          <Button size="small" onClick={() => setLines(null)}>
            {staffText('staff.designer.choices.cancel')}
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
          <span>{staffText('staff.designer.choices.valueHead')}</span>
          <span>
            {translation
              ? staffText('staff.designer.choices.textHeadTranslated', { mainName: translation.mainName, name: translation.name })
              : staffText('staff.designer.choices.textHead')}
          </span>
        </div>
      )}
      <ol className="designer-choices__list">
        {items.map((item, index) => {
          const value = itemValue(item);
          const position = staffText('staff.designer.choices.position', { noun, number: String(index + 1) });
          return (
            <li key={index} className="designer-choices__row">
              <Input
                size="small"
                className="designer-mono"
                value={value}
                data-focus={`${id}-${index}-value`}
                aria-label={staffText('staff.designer.choices.value', { position })}
                status={duplicates.has(value) ? 'warning' : undefined}
                onChange={(event) =>
                  onChange(
                    updateItem(items, index, (it) => setItemValue(it, event.target.value)),
                    `${id}-${index}-value`,
                  )
                }
              />
              {/* Grows with the text, so a long choice is read whole; Enter does not add a line. */}
              <Input.TextArea
                size="small"
                autoSize={{ minRows: 1, maxRows: 5 }}
                value={itemText(item, locale)}
                placeholder={value}
                aria-label={staffText('staff.designer.choices.text', { position })}
                onPressEnter={(event) => event.preventDefault()}
                onChange={(event) =>
                  onChange(
                    updateItem(items, index, (it) => setItemText(it, event.target.value, locale)),
                    `${id}-${index}-text`,
                  )
                }
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
                    aria-label={staffText('staff.designer.choices.textIn', { position, name: translation.name })}
                    onPressEnter={(event) => event.preventDefault()}
                    onChange={(event) => translation.onChange(index, event.target.value)}
                  />
                </>
              )}
              <span className="designer-choices__tools">
                <Tooltip title={staffText('staff.designer.choices.moveUpTip')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={staffText('staff.designer.choices.moveUp', { position })}
                    disabled={index === 0}
                    data-focus={`${id}-${index}-up`}
                    onClick={() => move(index, index - 1, 'up')}
                  />
                </Tooltip>
                <Tooltip title={staffText('staff.designer.choices.moveDownTip')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={staffText('staff.designer.choices.moveDown', { position })}
                    disabled={index === items.length - 1}
                    data-focus={`${id}-${index}-down`}
                    onClick={() => move(index, index + 1, 'down')}
                  />
                </Tooltip>
                <Tooltip title={staffText('staff.designer.choices.removeTip')}>
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={staffText('staff.designer.choices.remove', { position })}
                    onClick={() => remove(index)}
                  />
                </Tooltip>
              </span>
            </li>
          );
        })}
      </ol>
      {duplicates.size > 0 && (
        <p className="designer-field__warning" role="status">
          {staffText('staff.designer.choices.duplicates', { noun, values: [...duplicates].map((v) => `"${v}"`).join(', ') })}
        </p>
      )}
      <div className="designer-choices__actions">
        <Button size="small" icon={<PlusOutlined />} data-focus={`${id}-add`} onClick={add}>
          {staffText('staff.designer.choices.add', { noun })}
        </Button>
        <Button size="small" type="text" icon={<UnorderedListOutlined />} data-focus={`${id}-lines`} onClick={() => setLines(itemsToLines(items, locale))}>
          {staffText('staff.designer.choices.asText')}
        </Button>
      </div>
    </fieldset>
  );
}

import { Alert, App, InputNumber, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { staffText } from '#web/lib/staff-text';
import { ChoicesEditor } from './choices-editor';
import { DesignerField } from './designer-field';
import type { EditDocument } from './designer-selection';
import { mentionsRenameCannotFollow } from '#shared/survey-json/references';
import { describeUpdated, elementNameProblem, renameElement } from './element-names';
import { moveElement, moveTargets, setElementProperty } from './element-operations';
import { MatchingSettings } from './matching-settings';
import { ExpressionField } from './expression-field';
import { LocalizedField, type Translation } from './localized-field';
import { NameField } from './name-field';
import { CHOICE_TYPES, convertibleTypes, isKnownType, OTHER_OPTION_TYPES, TEXT_INPUT_TYPES, TYPE_LABELS, typeLabel } from './question-types';
import {
  editLocale,
  isJsonObject,
  numberProperty,
  readText,
  replaceAt,
  stringProperty,
  translationLocales,
  writeText,
  type JsonObject,
  type JsonValue,
  type SurveyJson,
} from './survey-json';
import { setTranslation, translationOf } from './survey-languages';
import { childrenOf, getContainer, getElement as getElementIn, isPanel, jsonPathOf, parentOf, pathKey, samePath, type ElementPath } from './survey-structure';
import { TypeIcon } from './type-icon';

interface ElementPropertiesProps {
  doc: SurveyJson;
  path: ElementPath;
  element: JsonObject;
  edit: EditDocument;
  requestFocus: (selector: string) => void;
  /** The second language edited beside the default texts, if any. */
  translation?: Translation | null;
}

/** The property panel of one question or panel. */
export function ElementProperties({ doc, path, element, edit, requestFocus, translation = null }: ElementPropertiesProps) {
  const { message } = App.useApp();
  const key = pathKey(path);
  const id = (name: string) => `prop-${name}`;
  const type = element.type;
  const name = stringProperty(element, 'name') ?? '';
  const panel = isPanel(element);
  const locale = editLocale(doc);

  const set = (property: string, value: JsonValue | undefined, merge = true) =>
    edit((current) => setElementProperty(current, path, property, value), merge ? { mergeKey: `${property}:${key}` } : undefined);

  /** The second language's text at `subPath` of this element (written through the JSON text). */
  const translate = (subPath: Array<string | number>, mergeKey: string) =>
    translation
      ? (text: string) =>
          edit((current) => setTranslation(current, [...jsonPathOf(current, path), ...subPath], translation.locale, text), {
            mergeKey: `${mergeKey}:${key}:${translation.locale}`,
          })
      : undefined;

  /** A localizable text: `read`/`write` give its raw value and store a new one. */
  const localizedField = (
    fieldId: string,
    label: string,
    raw: JsonValue | undefined,
    write: (value: JsonValue | undefined) => void,
    subPath: Array<string | number>,
    options: { multiline?: boolean; placeholder?: string; help?: string } = {},
  ) => {
    const locales = translationLocales(raw, locale).filter((l) => l !== translation?.locale);
    const help = [options.help, locales.length ? staffText('staff.designer.element.translationsKept', { locales: locales.join(', ') }) : '']
      .filter(Boolean)
      .join(' ');
    const onTranslate = translate(subPath, fieldId);
    return (
      <LocalizedField
        id={fieldId}
        label={label}
        value={readText(raw, locale)}
        onChange={(text) => write(writeText(raw, text, locale))}
        multiline={options.multiline}
        placeholder={options.placeholder}
        help={help || undefined}
        translation={translation && onTranslate ? { ...translation, value: translationOf(raw, translation.locale), onChange: onTranslate } : null}
      />
    );
  };

  const textProperty = (property: string, label: string, options: { multiline?: boolean; placeholder?: string; help?: string } = {}) =>
    localizedField(id(property), label, element[property], (value) => set(property, value), [property], options);

  /** The messages of the element's validators (`validators[i].text`), each in every language. */
  const validatorMessages = () => {
    const validators = Array.isArray(element.validators) ? element.validators : [];
    return validators.map((validator, index) => {
      if (!isJsonObject(validator)) return null;
      const kind = stringProperty(validator, 'type') ?? 'check';
      return (
        <div key={index}>
          {localizedField(
            id(`validators-${index}`),
            staffText('staff.designer.element.validatorMessage', { number: String(index + 1), kind }),
            validator.text,
            (value) =>
              edit(
                (current) => {
                  const list = setElementValidator(current, path, index, value);
                  return setElementProperty(current, path, 'validators', list);
                },
                { mergeKey: `validators-${index}:${key}` },
              ),
            ['validators', index, 'text'],
            { multiline: true },
          )}
        </div>
      );
    });
  };

  const itemsProperty = (property: string, label: string, itemLabel: string) => {
    const items = Array.isArray(element[property]) ? (element[property] as JsonValue[]) : [];
    return (
      <ChoicesEditor
        id={id(property)}
        label={label}
        itemLabel={itemLabel}
        items={items}
        locale={locale}
        translation={
          translation
            ? { ...translation, onChange: (index: number, text: string) => translate([property, index, 'text'], `${property}-${index}-text`)?.(text) }
            : undefined
        }
        requestFocus={requestFocus}
        onChange={(next, mergeKey) =>
          edit((current) => setElementProperty(current, path, property, next), mergeKey ? { mergeKey: `${mergeKey}:${key}` } : undefined)
        }
      />
    );
  };

  const switchProperty = (property: string, label: string, help?: string) => (
    <div className="designer-switch">
      <Switch
        id={id(property)}
        size="small"
        checked={element[property] === true}
        aria-describedby={help ? `${id(property)}-help` : undefined}
        onChange={(on) => set(property, on ? true : undefined, false)}
      />
      <label htmlFor={id(property)}>{label}</label>
      {help && (
        <p className="designer-field__help" id={`${id(property)}-help`}>
          {help}
        </p>
      )}
    </div>
  );

  // Mentions a rename cannot follow (a quoted name in an expression, an unknown property) are
  // named while the new name is typed, before it is committed.
  const left = mentionsRenameCannotFollow(doc, name);
  const renameWarning = left.length
    ? staffText('staff.designer.element.renameWarning', { name, count: left.length, places: left.map((ref) => ref.where).join('; ') })
    : null;

  const rename = (newName: string) => {
    const { doc: renamed, updated } = renameElement(doc, path, newName);
    edit(renamed);
    const kept = left.length ? staffText('staff.designer.element.renameKept', { name, count: left.length }) : '';
    if (updated.length > 0 || kept) {
      void message.info(
        staffText('staff.designer.element.renamed', {
          newName,
          updated: updated.length ? staffText('staff.designer.element.renamedUpdated', { what: describeUpdated(updated), name }) : '',
          kept,
        }),
      );
    }
  };

  const conversions = convertibleTypes(type);
  const targets = moveTargets(doc, path);
  const parent = parentOf(path);
  const currentTarget = targets.findIndex((t) => samePath(t.container, parent));

  return (
    <div className="designer-properties">
      <div className="designer-properties__head">
        <TypeIcon type={type} />
        <div>
          <h2 id="designer-properties-heading" className="designer-properties__title" tabIndex={-1}>
            {readText(element.title, locale) || name || staffText('staff.designer.element.untitled')}
          </h2>
          <p className="designer-properties__subtitle">{staffText('staff.designer.element.settings', { type: typeLabel(type) })}</p>
        </div>
      </div>

      {conversions.length > 0 && (
        <DesignerField id={id('type')} label={staffText('staff.designer.element.type')}>
          <Select
            id={id('type')}
            value={type as string}
            options={conversions.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            onChange={(next: string) => set('type', next, false)}
          />
        </DesignerField>
      )}

      {textProperty('title', staffText(panel ? 'staff.designer.element.panelTitle' : 'staff.designer.element.question'), {
        multiline: true,
        placeholder: name,
        help: panel ? undefined : staffText('staff.designer.element.questionHelp'),
      })}
      <NameField
        key={`name:${key}`}
        id={id('name')}
        label={staffText('staff.designer.element.name')}
        value={name}
        help={staffText('staff.designer.element.nameHelp')}
        problem={(candidate) => elementNameProblem(doc, path, candidate)}
        onCommit={rename}
        renameWarning={renameWarning}
      />
      {textProperty('description', staffText('staff.designer.element.description'), {
        multiline: true,
        help: staffText('staff.designer.element.descriptionHelp'),
      })}
      {!panel && switchProperty('isRequired', staffText('staff.designer.element.required'), staffText('staff.designer.element.requiredHelp'))}
      {!panel &&
        (element.isRequired === true || element.requiredErrorText !== undefined) &&
        textProperty('requiredErrorText', staffText('staff.designer.element.requiredText'), {
          placeholder: staffText('staff.designer.element.requiredTextPlaceholder'),
        })}
      {!panel && validatorMessages()}
      {/* README "Channels": the answer comes from the survey link's ?<name>= (e.g. ?ref=abc), usually hidden from the visitor. */}
      {!panel &&
        switchProperty(
          'fromLink',
          staffText('staff.designer.element.fromLink'),
          staffText('staff.designer.element.fromLinkHelp', { name: typeof element.name === 'string' ? element.name : '' }),
        )}
      {!panel && element.fromLink === true && (
        <div className="designer-switch">
          <Switch id={id('hiddenFromLink')} size="small" checked={element.visible === false} onChange={(on) => set('visible', on ? false : undefined, false)} />
          <label htmlFor={id('hiddenFromLink')}>{staffText('staff.designer.element.fromLinkHidden')}</label>
        </div>
      )}

      {type === 'text' && <TextSettings element={element} id={id} set={set} />}
      {(type === 'text' || type === 'comment') && textProperty(placeholderKey(element, 'placeHolder'), staffText('staff.designer.element.placeholder'))}
      {(type === 'dropdown' || type === 'tagbox') &&
        textProperty(placeholderKey(element, 'optionsCaption'), staffText('staff.designer.element.placeholder'), {
          placeholder: staffText('staff.designer.element.selectPlaceholder'),
        })}

      {typeof type === 'string' &&
        CHOICE_TYPES.includes(type) &&
        itemsProperty('choices', staffText('staff.designer.element.choices'), staffText('staff.designer.element.choice'))}
      {typeof type === 'string' && OTHER_OPTION_TYPES.includes(type) && (
        <>
          {switchProperty(otherKey(element), staffText('staff.designer.element.other'), staffText('staff.designer.element.otherHelp'))}
          {element[otherKey(element)] === true &&
            textProperty('otherText', staffText('staff.designer.element.otherText'), { placeholder: staffText('staff.designer.element.otherTextPlaceholder') })}
        </>
      )}

      {type === 'rating' && <RatingSettings element={element} id={id} edit={edit} path={path} textProperty={textProperty} />}

      {type === 'boolean' && (
        <>
          {textProperty('labelTrue', staffText('staff.designer.element.labelTrue'), { placeholder: staffText('staff.designer.element.labelTruePlaceholder') })}
          {textProperty('labelFalse', staffText('staff.designer.element.labelFalse'), {
            placeholder: staffText('staff.designer.element.labelFalsePlaceholder'),
          })}
        </>
      )}

      {type === 'matrix' && (
        <>
          {itemsProperty('rows', staffText('staff.designer.element.rows'), staffText('staff.designer.element.row'))}
          {itemsProperty('columns', staffText('staff.designer.element.columns'), staffText('staff.designer.element.column'))}
        </>
      )}

      {!panel && <MatchingSettings element={element} id={id} set={set} />}

      {!isKnownType(type) && <Alert type="info" showIcon title={staffText('staff.designer.element.unknownType', { type: typeLabel(type) })} />}

      <ExpressionField
        key={`visibleIf:${key}`}
        id={id('visibleIf')}
        label={staffText('staff.designer.element.visibleIf')}
        doc={doc}
        owner={{ kind: 'element', name }}
        value={stringProperty(element, 'visibleIf') ?? ''}
        onCommit={(expression) => set('visibleIf', expression || undefined)}
      />

      <DesignerField id={id('move')} label={staffText('staff.designer.element.move')} help={staffText('staff.designer.element.moveHelp')}>
        <Select
          id={id('move')}
          value={currentTarget}
          aria-describedby={`${id('move')}-help`}
          options={targets.map((target, index) => ({
            value: index,
            label: `${'\u2003'.repeat(target.depth)}${staffText(target.depth > 0 ? 'staff.designer.element.movePanel' : 'staff.designer.element.movePage', { label: target.label })}`,
          }))}
          onChange={(index: number) => {
            const target = targets[index];
            if (!target) return;
            const container = getContainer(doc, target.container);
            const result = moveElement(doc, path, target.container, container ? childrenOf(container).length : 0);
            edit(result.doc, { select: { kind: 'element', path: result.path } });
            requestFocus(`#${id('move')}`);
          }}
        />
      </DesignerField>
    </div>
  );
}

/** The element's validators with validator `index`'s `text` replaced (the list as it is in `doc`). */
function setElementValidator(doc: SurveyJson, path: ElementPath, index: number, text: JsonValue | undefined): JsonValue[] {
  const element = getElementIn(doc, path);
  const list = element && Array.isArray(element.validators) ? element.validators : [];
  const validator = list[index];
  if (!isJsonObject(validator)) throw new RangeError('No such validator');
  const { text: _old, ...rest } = validator;
  return replaceAt(list, index, text === undefined ? rest : { ...validator, text });
}

/** Older definitions use placeHolder / optionsCaption: edit the key the element already has. */
function placeholderKey(element: JsonObject, legacy: string): string {
  return !('placeholder' in element) && legacy in element ? legacy : 'placeholder';
}

/** `hasOther` is the older name of `showOtherItem`. */
function otherKey(element: JsonObject): string {
  return !('showOtherItem' in element) && 'hasOther' in element ? 'hasOther' : 'showOtherItem';
}

type SetProperty = (property: string, value: JsonValue | undefined, merge?: boolean) => void;

function TextSettings({ element, id, set }: { element: JsonObject; id: (name: string) => string; set: SetProperty }) {
  const current = stringProperty(element, 'inputType') ?? 'text';
  const options: Array<{ value: string; label: string }> = TEXT_INPUT_TYPES.map((t) => ({ value: t.value, label: t.label }));
  if (!options.some((o) => o.value === current)) options.push({ value: current, label: current });
  return (
    <DesignerField id={id('inputType')} label={staffText('staff.designer.element.inputType')} help={staffText('staff.designer.element.inputTypeHelp')}>
      <Select
        id={id('inputType')}
        value={current}
        options={options}
        aria-describedby={`${id('inputType')}-help`}
        onChange={(value: string) => set('inputType', value === 'text' ? undefined : value, false)}
      />
    </DesignerField>
  );
}

interface RatingSettingsProps {
  element: JsonObject;
  id: (name: string) => string;
  edit: EditDocument;
  path: ElementPath;
  textProperty: (property: string, label: string, options?: { placeholder?: string }) => ReactNode;
}

function RatingSettings({ element, id, edit, path, textProperty }: RatingSettingsProps) {
  const min = numberProperty(element, 'rateMin') ?? 1;
  const max = numberProperty(element, 'rateMax') ?? 5;
  const step = numberProperty(element, 'rateStep') ?? 1;
  const custom = Array.isArray(element.rateValues) && element.rateValues.length > 0;
  const error = min >= max ? staffText('staff.designer.element.rateRange') : null;

  const setRange = (property: 'rateMin' | 'rateMax', value: number | null) => {
    if (value === null) return;
    edit(
      (current) => {
        let next = setElementProperty(current, path, property, value);
        // rateCount, when present, would otherwise cut the scale short: keep it in step.
        if ('rateCount' in element) {
          const low = property === 'rateMin' ? value : min;
          const high = property === 'rateMax' ? value : max;
          if (high > low) next = setElementProperty(next, path, 'rateCount', Math.floor((high - low) / step) + 1);
        }
        return next;
      },
      { mergeKey: `${property}:${pathKey(path)}` },
    );
  };

  return (
    <>
      {custom && <Alert type="info" showIcon title={staffText('staff.designer.element.rateValues')} />}
      <div className="designer-pair">
        <DesignerField id={id('rateMin')} label={staffText('staff.designer.element.rateMin')} error={error}>
          <InputNumber id={id('rateMin')} value={min} precision={0} disabled={custom} onChange={(value) => setRange('rateMin', value)} />
        </DesignerField>
        <DesignerField id={id('rateMax')} label={staffText('staff.designer.element.rateMax')}>
          <InputNumber id={id('rateMax')} value={max} precision={0} disabled={custom} onChange={(value) => setRange('rateMax', value)} />
        </DesignerField>
      </div>
      {textProperty('minRateDescription', staffText('staff.designer.element.rateMinLabel'), {
        placeholder: staffText('staff.designer.element.rateMinPlaceholder'),
      })}
      {textProperty('maxRateDescription', staffText('staff.designer.element.rateMaxLabel'), {
        placeholder: staffText('staff.designer.element.rateMaxPlaceholder'),
      })}
    </>
  );
}

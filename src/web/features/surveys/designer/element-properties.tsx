import { Alert, App, InputNumber, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { ChoicesEditor } from './choices-editor';
import { DesignerField } from './designer-field';
import type { EditDocument } from './designer-selection';
import { mentionsRenameCannotFollow } from '#shared/survey/references';
import { describeUpdated, elementNameProblem, renameElement } from './element-names';
import { moveElement, moveTargets, setElementProperty } from './element-operations';
import { MatchingSettings } from './matching-settings';
import { ExpressionField } from './expression-field';
import { LocalizedField, type Translation } from './localized-field';
import { NameField } from './name-field';
import { CHOICE_TYPES, convertibleTypes, isKnownType, OTHER_OPTION_TYPES, TEXT_INPUT_TYPES, TYPE_LABELS, typeLabel } from './question-types';
import { editLocale, isJsonObject, numberProperty, readText, replaceAt, stringProperty, translationLocales, writeText, type JsonObject, type JsonValue, type SurveyJson } from './survey-json';
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
          edit((current) => setTranslation(current, [...jsonPathOf(current, path), ...subPath], translation.locale, text), { mergeKey: `${mergeKey}:${key}:${translation.locale}` })
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
    const help = [options.help, locales.length ? `Translations (${locales.join(', ')}) are kept; edit them in the JSON tab.` : ''].filter(Boolean).join(' ');
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
            `Message when check ${index + 1} (${kind}) fails`,
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
        onChange={(next, mergeKey) => edit((current) => setElementProperty(current, path, property, next), mergeKey ? { mergeKey: `${mergeKey}:${key}` } : undefined)}
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
    ? `Renaming keeps "${name}" in ${left.length === 1 ? 'a place that is not a known reference' : `${left.length} places that are not known references`}: ${left.map((ref) => ref.where).join('; ')}.`
    : null;

  const rename = (newName: string) => {
    const { doc: renamed, updated } = renameElement(doc, path, newName);
    edit(renamed);
    const kept = left.length ? ` "${name}" stays in ${left.length} place${left.length === 1 ? '' : 's'} it could not follow.` : '';
    if (updated.length > 0 || kept) {
      void message.info(`Renamed to "${newName}"${updated.length ? ` and updated ${describeUpdated(updated)} that named "${name}"` : ''}.${kept}`);
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
            {readText(element.title, locale) || name || 'Untitled'}
          </h2>
          <p className="designer-properties__subtitle">{typeLabel(type)} settings</p>
        </div>
      </div>

      {conversions.length > 0 && (
        <DesignerField id={id('type')} label="Question type">
          <Select
            id={id('type')}
            value={type as string}
            options={conversions.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            onChange={(next: string) => set('type', next, false)}
          />
        </DesignerField>
      )}

      {textProperty('title', panel ? 'Panel title' : 'Question', { multiline: true, placeholder: name, help: panel ? undefined : 'What the visitor reads. Empty shows the name.' })}
      <NameField
        key={`name:${key}`}
        id={id('name')}
        label="Name (answer key)"
        value={name}
        help="Unique in the survey; results, conditions and texts use it. Renaming updates them."
        problem={(candidate) => elementNameProblem(doc, path, candidate)}
        onCommit={rename}
        renameWarning={renameWarning}
      />
      {textProperty('description', 'Description', { multiline: true, help: 'Optional help shown under the title.' })}
      {!panel && switchProperty('isRequired', 'Required', 'The visitor must answer before going on.')}
      {!panel && (element.isRequired === true || element.requiredErrorText !== undefined) &&
        textProperty('requiredErrorText', 'Message when left unanswered', { placeholder: 'Response required.' })}
      {!panel && validatorMessages()}

      {type === 'text' && <TextSettings element={element} id={id} set={set} />}
      {(type === 'text' || type === 'comment') && textProperty(placeholderKey(element, 'placeHolder'), 'Placeholder')}
      {(type === 'dropdown' || type === 'tagbox') && textProperty(placeholderKey(element, 'optionsCaption'), 'Placeholder', { placeholder: 'Select…' })}

      {typeof type === 'string' && CHOICE_TYPES.includes(type) && itemsProperty('choices', 'Choices', 'Choice')}
      {typeof type === 'string' && OTHER_OPTION_TYPES.includes(type) && (
        <>
          {switchProperty(otherKey(element), 'Offer an "Other" answer', 'Adds an option with a text box for anything not listed.')}
          {element[otherKey(element)] === true && textProperty('otherText', 'Text of the "Other" option', { placeholder: 'Other (describe)' })}
        </>
      )}

      {type === 'rating' && <RatingSettings element={element} id={id} edit={edit} path={path} textProperty={textProperty} />}

      {type === 'boolean' && (
        <>
          {textProperty('labelTrue', 'Label for yes', { placeholder: 'Yes' })}
          {textProperty('labelFalse', 'Label for no', { placeholder: 'No' })}
        </>
      )}

      {type === 'matrix' && (
        <>
          {itemsProperty('rows', 'Rows (statements)', 'Row')}
          {itemsProperty('columns', 'Columns (answers)', 'Column')}
        </>
      )}

      {!panel && <MatchingSettings element={element} id={id} set={set} />}

      {!isKnownType(type) && (
        <Alert type="info" showIcon title={`The designer edits the common settings of "${typeLabel(type)}" elements. Everything else is in the JSON tab, and is kept as it is.`} />
      )}

      <ExpressionField
        key={`visibleIf:${key}`}
        id={id('visibleIf')}
        label="Visible if"
        doc={doc}
        owner={{ kind: 'element', name }}
        value={stringProperty(element, 'visibleIf') ?? ''}
        onCommit={(expression) => set('visibleIf', expression || undefined)}
      />

      <DesignerField id={id('move')} label="Place in" help="Move it to another page or into a panel.">
        <Select
          id={id('move')}
          value={currentTarget}
          aria-describedby={`${id('move')}-help`}
          options={targets.map((target, index) => ({ value: index, label: `${'\u2003'.repeat(target.depth)}${target.depth > 0 ? 'Panel: ' : 'Page: '}${target.label}` }))}
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
    <DesignerField id={id('inputType')} label="Input type" help="Phones show the matching keyboard; e-mail and number are checked.">
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
  const error = min >= max ? 'The lowest value must be below the highest.' : null;

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
      {custom && <Alert type="info" showIcon title="This rating uses its own list of values (rateValues); edit it in the JSON tab." />}
      <div className="designer-pair">
        <DesignerField id={id('rateMin')} label="Lowest value" error={error}>
          <InputNumber id={id('rateMin')} value={min} precision={0} disabled={custom} onChange={(value) => setRange('rateMin', value)} />
        </DesignerField>
        <DesignerField id={id('rateMax')} label="Highest value">
          <InputNumber id={id('rateMax')} value={max} precision={0} disabled={custom} onChange={(value) => setRange('rateMax', value)} />
        </DesignerField>
      </div>
      {textProperty('minRateDescription', 'Label of the lowest value', { placeholder: 'e.g. Not at all' })}
      {textProperty('maxRateDescription', 'Label of the highest value', { placeholder: 'e.g. Very much' })}
    </>
  );
}

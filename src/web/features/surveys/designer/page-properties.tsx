import { Input } from 'antd';
import { describedBy, DesignerField } from './designer-field';
import type { EditDocument } from './designer-selection';
import { pageNameProblem } from './element-names';
import { ExpressionField } from './expression-field';
import { NameField } from './name-field';
import { setPageProperty } from './page-operations';
import { editLocale, readText, stringProperty, translationLocales, writeText, type JsonObject, type SurveyJson } from './survey-json';

interface PagePropertiesProps {
  doc: SurveyJson;
  index: number;
  page: JsonObject;
  edit: EditDocument;
}

/** The property panel of a page: name, title, description, condition. */
export function PageProperties({ doc, index, page, edit }: PagePropertiesProps) {
  const name = stringProperty(page, 'name') ?? '';
  const locale = editLocale(doc);
  const text = (property: 'title' | 'description', label: string, help: string) => {
    const locales = translationLocales(page[property], locale);
    const fullHelp = locales.length ? `${help} Translations (${locales.join(', ')}) are kept.` : help;
    const id = `page-prop-${property}`;
    const props = {
      id,
      value: readText(page[property], locale),
      'aria-describedby': describedBy(id, fullHelp),
      onChange: (event: { target: { value: string } }) =>
        edit((current) => setPageProperty(current, index, property, writeText(page[property], event.target.value, locale)), { mergeKey: `page-${property}:${index}` }),
    };
    return (
      <DesignerField id={id} label={label} help={fullHelp}>
        {property === 'title' ? <Input {...props} /> : <Input.TextArea {...props} autoSize={{ minRows: 2, maxRows: 8 }} />}
      </DesignerField>
    );
  };

  return (
    <div className="designer-properties">
      <div className="designer-properties__head">
        <span className="designer-page-number" aria-hidden="true">
          {index + 1}
        </span>
        <div>
          <h2 id="designer-properties-heading" className="designer-properties__title" tabIndex={-1}>
            {readText(page.title, locale) || name || `Page ${index + 1}`}
          </h2>
          <p className="designer-properties__subtitle">Page settings</p>
        </div>
      </div>
      {text('title', 'Page title', 'Shown at the top of the page. Empty shows nothing.')}
      <NameField
        key={`page-name:${index}`}
        id="page-prop-name"
        label="Page name"
        value={name}
        help="Unique among the pages."
        problem={(candidate) => pageNameProblem(doc, index, candidate)}
        onCommit={(newName) => edit(setPageProperty(doc, index, 'name', newName))}
      />
      {text('description', 'Description', 'Optional words under the page title.')}
      <ExpressionField
        key={`page-visibleIf:${index}`}
        id="page-prop-visibleIf"
        label="Show this page if"
        doc={doc}
        owner={{ kind: 'page', name }}
        value={stringProperty(page, 'visibleIf') ?? ''}
        onCommit={(expression) => edit((current) => setPageProperty(current, index, 'visibleIf', expression || undefined), { mergeKey: `page-visibleIf:${index}` })}
      />
    </div>
  );
}

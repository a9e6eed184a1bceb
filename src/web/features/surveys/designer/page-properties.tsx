import { staffText } from '#web/lib/staff-text';
import type { EditDocument } from './designer-selection';
import { pageNameProblem } from './element-names';
import { ExpressionField } from './expression-field';
import { LocalizedField, type Translation } from './localized-field';
import { NameField } from './name-field';
import { setPageProperty } from './page-operations';
import { editLocale, readText, stringProperty, translationLocales, writeText, type JsonObject, type SurveyJson } from './survey-json';
import { setTranslation, translationOf } from './survey-languages';
import { ensurePages } from './survey-structure';

interface PagePropertiesProps {
  doc: SurveyJson;
  index: number;
  page: JsonObject;
  edit: EditDocument;
  /** The second language edited beside the default texts, if any. */
  translation?: Translation | null;
}

/** The property panel of a page: name, title, description, condition. */
export function PageProperties({ doc, index, page, edit, translation = null }: PagePropertiesProps) {
  const name = stringProperty(page, 'name') ?? '';
  const locale = editLocale(doc);
  const text = (property: 'title' | 'description', label: string, help: string) => {
    const raw = page[property];
    const locales = translationLocales(raw, locale).filter((l) => l !== translation?.locale);
    const fullHelp = locales.length ? staffText('staff.designer.translationsKept', { help, locales: locales.join(', ') }) : help;
    const mergeKey = `page-${property}:${index}`;
    return (
      <LocalizedField
        id={`page-prop-${property}`}
        label={label}
        value={readText(raw, locale)}
        multiline={property === 'description'}
        help={fullHelp}
        onChange={(value) => edit((current) => setPageProperty(current, index, property, writeText(page[property], value, locale)), { mergeKey })}
        translation={
          translation
            ? {
                ...translation,
                value: translationOf(raw, translation.locale),
                onChange: (value) =>
                  edit((current) => setTranslation(ensurePages(current), ['pages', index, property], translation.locale, value), {
                    mergeKey: `${mergeKey}:${translation.locale}`,
                  }),
              }
            : null
        }
      />
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
            {readText(page.title, locale) || name || staffText('staff.designer.pageProps.untitled', { number: String(index + 1) })}
          </h2>
          <p className="designer-properties__subtitle">{staffText('staff.designer.pageProps.subtitle')}</p>
        </div>
      </div>
      {text('title', staffText('staff.designer.pageProps.title'), staffText('staff.designer.pageProps.titleHelp'))}
      <NameField
        key={`page-name:${index}`}
        id="page-prop-name"
        label={staffText('staff.designer.pageProps.name')}
        value={name}
        help={staffText('staff.designer.pageProps.nameHelp')}
        problem={(candidate) => pageNameProblem(doc, index, candidate)}
        onCommit={(newName) => edit(setPageProperty(doc, index, 'name', newName))}
      />
      {text('description', staffText('staff.designer.pageProps.description'), staffText('staff.designer.pageProps.descriptionHelp'))}
      <ExpressionField
        key={`page-visibleIf:${index}`}
        id="page-prop-visibleIf"
        label={staffText('staff.designer.pageProps.visibleIf')}
        doc={doc}
        owner={{ kind: 'page', name }}
        value={stringProperty(page, 'visibleIf') ?? ''}
        onCommit={(expression) =>
          edit((current) => setPageProperty(current, index, 'visibleIf', expression || undefined), { mergeKey: `page-visibleIf:${index}` })
        }
      />
    </div>
  );
}

import { staffText } from '#web/lib/staff-text';
import type { EditDocument } from './designer-selection';
import { LocalizedField, type Translation } from './localized-field';
import { editLocale, readText, translationLocales, withProperty, writeText, type SurveyJson } from './survey-json';
import { setTranslation, translationOf } from './survey-languages';

interface SurveyPropertiesProps {
  doc: SurveyJson;
  edit: EditDocument;
  /** The second language edited beside the default texts, if any. */
  translation?: Translation | null;
}

/** The survey's own texts: its title and description, shown above the first page. */
export function SurveyProperties({ doc, edit, translation = null }: SurveyPropertiesProps) {
  const locale = editLocale(doc);
  const text = (property: 'title' | 'description', label: string, help: string) => {
    const raw = doc[property];
    const locales = translationLocales(raw, locale).filter((l) => l !== translation?.locale);
    const fullHelp = locales.length ? staffText('staff.designer.translationsKept', { help, locales: locales.join(', ') }) : help;
    return (
      <LocalizedField
        id={`survey-prop-${property}`}
        label={label}
        value={readText(raw, locale)}
        multiline={property === 'description'}
        help={fullHelp}
        onChange={(value) =>
          edit((current) => withProperty(current, property, writeText(current[property], value, locale)), { mergeKey: `survey-${property}` })
        }
        translation={
          translation
            ? {
                ...translation,
                value: translationOf(raw, translation.locale),
                onChange: (value) =>
                  edit((current) => setTranslation(current, [property], translation.locale, value), { mergeKey: `survey-${property}:${translation.locale}` }),
              }
            : null
        }
      />
    );
  };

  return (
    <div className="designer-properties">
      <div className="designer-properties__head">
        <div>
          <h2 id="designer-properties-heading" className="designer-properties__title" tabIndex={-1}>
            {readText(doc.title, locale) || staffText('staff.designer.survey.untitled')}
          </h2>
          <p className="designer-properties__subtitle">{staffText('staff.designer.survey.subtitle')}</p>
        </div>
      </div>
      {text('title', staffText('staff.designer.survey.title'), staffText('staff.designer.survey.titleHelp'))}
      {text('description', staffText('staff.designer.survey.description'), staffText('staff.designer.survey.descriptionHelp'))}
    </div>
  );
}

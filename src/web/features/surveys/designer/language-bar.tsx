import { DeleteOutlined, GlobalOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Switch } from 'antd';
import { staffText } from '#web/lib/staff-text';
import { languageName } from './survey-languages';

interface LanguageBarProps {
  /** The main texts' language: "English". */
  mainName: string;
  /** The survey's other languages (found in its texts or added now). */
  languages: readonly string[];
  /** Untranslated texts per language. */
  counts: Readonly<Record<string, number>>;
  /** Languages staff can add that the survey does not have yet. */
  addable: readonly string[];
  /** The language shown beside the default texts. */
  side: string | null;
  onSide: (locale: string | null) => void;
  onAdd: (locale: string) => void;
  onRemove: (locale: string) => void;
  onNext: (locale: string) => void;
  /** A locked campaign: languages can be looked at, not added or removed. */
  locked: boolean;
}

/**
 * The survey's languages: the default texts, each other language with its count of
 * untranslated texts, a switch to edit it beside the default texts, a jump to the next untranslated
 * text, and buttons to add or remove a language.
 */
export function LanguageBar({ mainName, languages, counts, addable, side, onSide, onAdd, onRemove, onNext, locked }: LanguageBarProps) {
  return (
    <section className="designer-languages" aria-labelledby="designer-languages-heading">
      <h2 id="designer-languages-heading" className="designer-languages__title" tabIndex={-1}>
        <GlobalOutlined aria-hidden="true" /> {staffText('staff.designer.languages.title')}
      </h2>
      <ul className="designer-languages__list">
        <li className="designer-languages__item">
          <span>
            <strong>{mainName}</strong> <span className="designer-languages__count">{staffText('staff.designer.languages.default')}</span>
          </span>
        </li>
        {languages.map((locale) => {
          const name = languageName(locale);
          const count = counts[locale] ?? 0;
          const switchId = `designer-language-side-${locale}`;
          return (
            <li key={locale} className="designer-languages__item">
              <span role="status" data-language-count={locale}>
                <strong>{name}</strong>:{' '}
                <span className={count > 0 ? 'designer-languages__count is-missing' : 'designer-languages__count'}>
                  {count === 0
                    ? staffText('staff.designer.languages.allTranslated')
                    : staffText('staff.designer.languages.untranslated', { count: String(count) })}
                </span>
              </span>
              <span className="designer-languages__side">
                <Switch id={switchId} size="small" checked={side === locale} onChange={(on) => onSide(on ? locale : null)} />
                <label htmlFor={switchId}>{staffText('staff.designer.languages.sideBySide', { name })}</label>
              </span>
              <Button size="small" icon={<SearchOutlined />} disabled={count === 0} onClick={() => onNext(locale)}>
                {staffText('staff.designer.languages.next')}
              </Button>
              <Button size="small" type="text" danger icon={<DeleteOutlined />} disabled={locked} onClick={() => onRemove(locale)}>
                {staffText('staff.designer.languages.remove', { name })}
              </Button>
            </li>
          );
        })}
      </ul>
      {addable.map((locale) => (
        <Button key={locale} size="small" icon={<PlusOutlined />} disabled={locked} data-focus={`add-language-${locale}`} onClick={() => onAdd(locale)}>
          {staffText('staff.designer.languages.add', { name: languageName(locale) })}
        </Button>
      ))}
    </section>
  );
}

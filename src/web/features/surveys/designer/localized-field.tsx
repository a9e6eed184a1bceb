import { Input } from 'antd';
import { staffText } from '#web/lib/staff-text';
import { describedBy, DesignerField } from './designer-field';

/** The second language edited beside the default texts. */
export interface Translation {
  locale: string;
  /** "Hindi". */
  name: string;
  /** The main texts' language: "English". */
  mainName: string;
}

interface LocalizedFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  multiline?: boolean;
  placeholder?: string;
  help?: string;
  /** With a second language on: its text beside the default one. */
  translation?: (Translation & { value: string; onChange: (text: string) => void }) | null;
}

/**
 * A localizable text (title, description, placeholder, message). With a second language on, the
 * default text and the translation stand side by side (stacked on a phone), each labelled with its
 * language ("Question (Hindi)"); an empty translation of a text says so.
 */
export function LocalizedField({ id, label, value, onChange, multiline, placeholder, help, translation }: LocalizedFieldProps) {
  const control = (props: {
    id: string;
    value: string;
    placeholder?: string;
    lang?: string;
    'aria-describedby'?: string;
    onChange: (text: string) => void;
  }) => {
    const common = { ...props, onChange: (event: { target: { value: string } }) => props.onChange(event.target.value) };
    return multiline ? <Input.TextArea {...common} autoSize={{ minRows: 2, maxRows: 8 }} /> : <Input {...common} />;
  };
  if (!translation) {
    return (
      <DesignerField id={id} label={label} help={help || undefined}>
        {control({ id, value, placeholder, 'aria-describedby': describedBy(id, help), onChange })}
      </DesignerField>
    );
  }
  const sideId = `${id}-${translation.locale}`;
  const missing = translation.value === '' && value.trim() !== '';
  return (
    <div className="designer-field designer-lang-field">
      <div className="designer-lang-pair">
        <div className="designer-lang-pair__side">
          <label className="designer-field__label" htmlFor={id}>
            {label} <span className="designer-lang-pair__language">{staffText('staff.designer.field.language', { name: translation.mainName })}</span>
          </label>
          {control({ id, value, placeholder, 'aria-describedby': describedBy(id, help), onChange })}
        </div>
        <div className="designer-lang-pair__side">
          <label className="designer-field__label" htmlFor={sideId}>
            {label} <span className="designer-lang-pair__language">{staffText('staff.designer.field.language', { name: translation.name })}</span>
          </label>
          {control({
            id: sideId,
            value: translation.value,
            placeholder: value || undefined,
            lang: translation.locale,
            'aria-describedby': missing ? `${sideId}-missing` : undefined,
            onChange: translation.onChange,
          })}
          {missing && (
            <p className="designer-lang-pair__missing" id={`${sideId}-missing`}>
              {staffText('staff.designer.field.notTranslated')}
            </p>
          )}
        </div>
      </div>
      {help && (
        <p className="designer-field__help" id={`${id}-help`}>
          {help}
        </p>
      )}
    </div>
  );
}

import { useEffect, useId, useRef, type ReactNode } from 'react';

interface BaseProps {
  label: ReactNode;
  name: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  hint?: ReactNode;
  required?: boolean;
  /** Hide the label visually but keep it for screen readers. */
  hideLabel?: boolean;
  className?: string;
}

type InputProps = BaseProps & {
  as?: 'input';
  type?: 'text' | 'email' | 'tel' | 'password' | 'number' | 'search';
  autoComplete?: string;
  placeholder?: string;
  inputMode?: 'email' | 'text' | 'tel' | 'numeric';
};
type TextareaProps = BaseProps & { as: 'textarea'; rows?: number; placeholder?: string };
type SelectProps = BaseProps & {
  as: 'select';
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The empty choice's text, in the page's language. */ placeholder: string;
};

export type TextFieldProps = InputProps | TextareaProps | SelectProps;

/** A labelled form field whose error is announced and tied to the control (aria-describedby). */
export function TextField(props: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.hint ? hintId : null, props.error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>(null);
  // A server-rendered page can be typed into before it is hydrated: keep what the visitor entered
  // (hydration leaves the field showing it while the state still holds the server's value).
  const { value, onChange } = props;
  useEffect(() => {
    const entered = ref.current?.value;
    if (entered !== undefined && entered !== value) onChange(entered);
    // Once, on mount: later changes arrive through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const common = {
    ref,
    id,
    name: props.name,
    value: props.value,
    required: props.required,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy,
    onBlur: props.onBlur,
  };

  let control: ReactNode;
  if (props.as === 'textarea') {
    control = <textarea {...common} rows={props.rows ?? 5} placeholder={props.placeholder} onChange={(e) => props.onChange(e.target.value)} />;
  } else if (props.as === 'select') {
    control = (
      <select {...common} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{props.placeholder}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        inputMode={props.inputMode}
        onChange={(e) => props.onChange(e.target.value)}
      />
    );
  }

  return (
    <div className={['field', props.error ? 'field--invalid' : '', props.className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={props.hideLabel ? 'visually-hidden' : 'field__label'}>
        {props.label}
        {props.required && !props.hideLabel ? <span aria-hidden="true"> *</span> : null}
      </label>
      {control}
      {props.hint ? (
        <p id={hintId} className="field__hint">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={errorId} className="field__error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

import type { ReactNode } from 'react';

interface DesignerFieldProps {
  id: string;
  label: string;
  children: ReactNode;
  /** Shown under the control and linked to it (aria-describedby `${id}-help`). */
  help?: ReactNode;
  error?: string | null;
  warning?: string | null;
}

/** A labelled property control with its help, error or warning text. */
export function DesignerField({ id, label, children, help, error, warning }: DesignerFieldProps) {
  return (
    <div className="designer-field">
      <label className="designer-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p className="designer-field__error" id={`${id}-help`} role="alert">
          {error}
        </p>
      ) : warning ? (
        <p className="designer-field__warning" id={`${id}-help`}>
          {warning}
        </p>
      ) : help ? (
        <p className="designer-field__help" id={`${id}-help`}>
          {help}
        </p>
      ) : null}
    </div>
  );
}

/** aria-describedby for a control inside a DesignerField that has help, error or warning. */
export function describedBy(id: string, ...texts: Array<ReactNode | undefined | null>): string | undefined {
  return texts.some(Boolean) ? `${id}-help` : undefined;
}

import { Input } from 'antd';
import { useState } from 'react';
import { describedBy, DesignerField } from './designer-field';

interface NameFieldProps {
  id: string;
  label: string;
  value: string;
  /** Why a name cannot be used, or null. */
  problem: (name: string) => string | null;
  onCommit: (name: string) => void;
  help?: string;
  /** Shown while a new name is typed, before it is committed (what a rename will not change). */
  renameWarning?: string | null;
}

/**
 * A name is committed on Enter or when the field loses focus, never per keystroke: renaming also
 * rewrites the conditions that use the name, and intermediate names must not leak into them.
 */
export function NameField({ id, label, value, problem, onCommit, help, renameWarning }: NameFieldProps) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  const error = draft === value ? null : problem(draft);
  const warning = draft === value ? null : renameWarning;

  const commit = () => {
    if (draft !== value && !problem(draft)) onCommit(draft);
  };

  return (
    <DesignerField id={id} label={label} error={error} warning={warning} help={help}>
      <Input
        id={id}
        value={draft}
        className="designer-mono"
        spellCheck={false}
        autoComplete="off"
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, warning, help)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onPressEnter={commit}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && draft !== value) {
            event.stopPropagation();
            setDraft(value);
          }
        }}
      />
    </DesignerField>
  );
}

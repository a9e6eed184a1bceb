import { Input, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { staffText } from '#web/lib/staff-text';
import { describedBy, DesignerField } from './designer-field';
import { questionNames } from './element-names';
import type { checkExpression, ExpressionOwner, ExpressionProblem } from './expression-check';
import type { SurveyJson } from './survey-json';

interface ExpressionFieldProps {
  id: string;
  label: string;
  doc: SurveyJson;
  owner: ExpressionOwner;
  value: string;
  /** Called with an expression survey-core can parse ('' clears it). */
  onCommit: (expression: string) => void;
}

const CHECK_DELAY_MS = 250;

/**
 * A SurveyJS condition such as `{question1} = 'yes'`. survey-core checks it (imported lazily so it
 * stays out of the designer's main chunk); a condition with a syntax error is shown but not
 * applied, like invalid JSON in the JSON tab.
 */
export function ExpressionField({ id, label, doc, owner, value, onCommit }: ExpressionFieldProps) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const [checked, setChecked] = useState<{ text: string; problems: ExpressionProblem[] } | null>(null);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  const latest = useRef({ value, onCommit });
  useEffect(() => {
    latest.current = { value, onCommit };
  });
  const checker = useRef<typeof checkExpression | null>(null);

  const { kind, name } = owner;
  /** Checks the text and applies it when survey-core can parse it. */
  const checkAndCommit = (text: string, check: typeof checkExpression) => {
    const problems = check(doc, text, { kind, name });
    setChecked({ text, problems });
    if (!problems.some((p) => p.severity === 'error') && text !== latest.current.value) latest.current.onCommit(text);
  };

  useEffect(() => {
    if (draft.trim() === '') return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void import('./expression-check').then((module) => {
        checker.current = module.checkExpression;
        if (!cancelled) checkAndCommit(draft, module.checkExpression);
      });
    }, CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [draft, doc, kind, name]); // eslint-disable-line react-hooks/exhaustive-deps -- checkAndCommit reads the same values

  // Leaving the field applies a pending valid condition at once, before the selection can change.
  const flush = () => {
    if (draft.trim() !== '' && draft !== value && checker.current) checkAndCommit(draft, checker.current);
  };

  const problems = draft.trim() !== '' && checked?.text === draft ? checked.problems : [];
  const error = problems.find((p) => p.severity === 'error')?.message;
  const warning = problems
    .filter((p) => p.severity === 'warning')
    .map((p) => p.message)
    .join(' ');
  const names = questionNames(doc).filter((n) => n !== name);
  const help = staffText('staff.designer.expression.help');

  const change = (text: string) => {
    setDraft(text);
    if (text.trim() === '' && value !== '') onCommit('');
  };

  const insertName = (inserted: string) => {
    const field = document.getElementById(id) as HTMLTextAreaElement | null;
    const start = field?.selectionStart ?? draft.length;
    const end = field?.selectionEnd ?? draft.length;
    const token = `{${inserted}}`;
    change(draft.slice(0, start) + token + draft.slice(end));
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <DesignerField
      id={id}
      label={label}
      error={error ? staffText('staff.designer.expression.notApplied', { error }) : null}
      warning={warning || null}
      help={help}
    >
      <Input.TextArea
        id={id}
        value={draft}
        className="designer-mono"
        autoSize={{ minRows: 1, maxRows: 6 }}
        spellCheck={false}
        placeholder={staffText('staff.designer.expression.placeholder')}
        status={error ? 'error' : warning ? 'warning' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, help)}
        onChange={(event) => change(event.target.value)}
        onFocus={() => void import('./expression-check').then((module) => (checker.current = module.checkExpression))}
        onBlur={flush}
      />
      {names.length > 0 && (
        <Select<string>
          className="designer-insert-name"
          size="small"
          value={null}
          placeholder={staffText('staff.designer.expression.insertName')}
          aria-label={staffText('staff.designer.expression.insertNameInto', { label })}
          options={names.map((n) => ({ value: n, label: n }))}
          onChange={insertName}
          showSearch
        />
      )}
    </DesignerField>
  );
}

import { AimOutlined, CheckCircleFilled, FormatPainterOutlined } from '@ant-design/icons';
import { Alert, Button, Input } from 'antd';
import { staffText } from '#web/lib/staff-text';
import type { JsonTextError } from './json-text';

interface JsonEditorProps {
  text: string;
  error: JsonTextError | null;
  onChange: (text: string) => void;
  onFormat: () => void;
}

const EDITOR_ID = 'designer-json';

/** The whole definition as text. Valid JSON replaces the survey as you type; invalid JSON waits, with its position. */
export function JsonEditor({ text, error, onChange, onFormat }: JsonEditorProps) {
  const goToError = () => {
    const field = document.getElementById(EDITOR_ID) as HTMLTextAreaElement | null;
    if (!field || !error) return;
    field.focus();
    field.setSelectionRange(error.offset, Math.min(error.offset + 1, text.length));
    // Bring the line into view: the caret alone does not scroll a textarea everywhere.
    const lineHeight = parseFloat(getComputedStyle(field).lineHeight) || 20;
    field.scrollTop = Math.max(0, (error.line - 3) * lineHeight);
  };

  return (
    <div className="designer-json">
      <div className="designer-json__bar">
        <label htmlFor={EDITOR_ID} className="designer-json__label">
          {staffText('staff.designer.json.label')}
        </label>
        <Button size="small" icon={<FormatPainterOutlined />} disabled={Boolean(error)} onClick={onFormat}>
          {staffText('staff.designer.json.format')}
        </Button>
      </div>
      <div id={`${EDITOR_ID}-status`} className="designer-json__status" role="status">
        {error ? (
          <Alert
            type="error"
            showIcon
            title={staffText('staff.designer.json.error', { line: String(error.line), column: String(error.column), message: error.message })}
            description={staffText('staff.designer.json.notApplied')}
            action={
              <Button size="small" icon={<AimOutlined />} onClick={goToError}>
                {staffText('staff.designer.json.goToError')}
              </Button>
            }
          />
        ) : (
          <p className="designer-json__ok">
            <CheckCircleFilled aria-hidden="true" /> {staffText('staff.designer.json.valid')}
          </p>
        )}
      </div>
      <Input.TextArea
        id={EDITOR_ID}
        className="designer-mono designer-json__text"
        value={text}
        spellCheck={false}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${EDITOR_ID}-status`}
        status={error ? 'error' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

import { useMemo } from 'react';
import { CAMPAIGN_QUESTIONS_MAX_BYTES, formatBytes, utf8Length } from '#shared/surveys/campaigns.contract';
import { staffText } from '#web/lib/staff-text';

/** "Survey size 1.14 MB of 2 MB": the size the server will measure, against its limit. */
export function surveySizeLabel(sizeBytes: number): string {
  const label = staffText('staff.designer.size.label', { size: formatBytes(sizeBytes), max: formatBytes(CAMPAIGN_QUESTIONS_MAX_BYTES) });
  return sizeBytes > CAMPAIGN_QUESTIONS_MAX_BYTES ? staffText('staff.designer.size.tooLarge', { label }) : label;
}

/** Shown beside the save button, so the limit is known before saving, not from a failed save. */
export function SurveySize({ questions }: { questions: string }) {
  const size = useMemo(() => utf8Length(questions), [questions]);
  const over = size > CAMPAIGN_QUESTIONS_MAX_BYTES;
  return (
    <span className={over ? 'designer-size designer-size--over' : 'designer-size'} data-testid="survey-size">
      {surveySizeLabel(size)}
    </span>
  );
}

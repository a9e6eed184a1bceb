import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, CAMPAIGN_QUESTIONS_MAX_BYTES, formatBytes, utf8Length } from '#shared/surveys/campaigns.contract';
import { surveySizeLabel } from '#web/features/surveys/designer/survey-size';

describe('the campaign size limit as the designer states it', () => {
  it('measures UTF-8 bytes as the server does (accents, emoji)', () => {
    for (const text of ['plain', 'Größe ä', '₹ 50 lakh', 'family 👨‍👩‍👧', JSON.stringify({ title: 'Café — “quoted”' })]) {
      expect(utf8Length(text)).toBe(Buffer.byteLength(text));
    }
  });

  it('states the size and the limit, and says when the survey cannot be saved', () => {
    expect(surveySizeLabel(1_140_000)).toBe('Survey size 1.14 MB of 2 MB');
    expect(surveySizeLabel(48_213)).toBe('Survey size 48 KB of 2 MB');
    expect(surveySizeLabel(CAMPAIGN_QUESTIONS_MAX_BYTES + 1)).toBe('Survey size 2 MB of 2 MB: too large to save');
    expect(surveySizeLabel(2_350_000)).toBe('Survey size 2.35 MB of 2 MB: too large to save');
  });

  it('has a server message that names the limit and what to do', () => {
    expect(CAMPAIGN_MESSAGES.surveyTooLarge(2_350_000)).toBe(
      'The survey is 2.35 MB, over the limit of 2 MB for one campaign. Remove pages or questions, or split it into two campaigns.',
    );
    expect(formatBytes(900)).toBe('900 bytes');
  });
});

import { Select } from 'antd';
import { LEAD_FIELDS, type LeadField } from '#shared/leads/leads.contract';
import { isListingMatch, LISTING_MATCH_LABELS, listingMatchOptionsFor } from '#shared/matching/listing-match';
import { DesignerField } from './designer-field';
import { stringProperty, type JsonObject, type JsonValue } from './survey-json';

const NONE = '';
const LEAD_FIELD_LABELS: Record<LeadField, string> = { name: 'Name', phone: 'Phone number' };

interface MatchingSettingsProps {
  element: JsonObject;
  id: (name: string) => string;
  set: (property: string, value: JsonValue | undefined, merge?: boolean) => void;
}

/**
 * Issue 16 and leads: "Match listings by" (`listingMatch`, only the values that fit the question's
 * type) and, on text questions, "This answer is the person's" (`leadField`).
 */
export function MatchingSettings({ element, id, set }: MatchingSettingsProps) {
  const type = typeof element.type === 'string' ? element.type : '';
  const fitting = listingMatchOptionsFor(type, stringProperty(element, 'inputType'));
  const current = stringProperty(element, 'listingMatch') ?? NONE;
  // A value that no longer fits (the type changed) stays visible so it can be cleared, not silently lost.
  const stale = current !== NONE && !(fitting as string[]).includes(current);
  const options = [
    { value: NONE, label: 'No matching', help: 'This answer is not used to suggest homes or decor.' },
    ...fitting.map((value) => ({ value, ...LISTING_MATCH_LABELS[value] })),
    ...(stale ? [{ value: current, label: isListingMatch(current) ? `${LISTING_MATCH_LABELS[current].label} (does not fit this question)` : current, help: 'Does not fit this type of question; choose another or none.' }] : []),
  ];
  const selected = options.find((o) => o.value === current);
  const leadField = stringProperty(element, 'leadField') ?? NONE;

  return (
    <>
      {(fitting.length > 0 || current !== NONE) && (
        <DesignerField id={id('listingMatch')} label="Match listings by" help={selected?.help}>
          <Select
            id={id('listingMatch')}
            value={current}
            aria-describedby={`${id('listingMatch')}-help`}
            options={options.map((o) => ({ value: o.value, label: o.label, help: o.help }))}
            optionRender={(option) => (
              <div className="designer-option">
                <div>{option.label}</div>
                <div className="designer-option__help">{option.data.help}</div>
              </div>
            )}
            onChange={(value: string) => set('listingMatch', value === NONE ? undefined : value, false)}
          />
        </DesignerField>
      )}
      {type === 'text' && (
        <DesignerField id={id('leadField')} label="This answer is the person's" help="Fills the lead's name or phone from this answer.">
          <Select
            id={id('leadField')}
            value={leadField}
            aria-describedby={`${id('leadField')}-help`}
            options={[{ value: NONE, label: 'Nothing special' }, ...LEAD_FIELDS.map((f) => ({ value: f, label: LEAD_FIELD_LABELS[f] }))]}
            onChange={(value: string) => set('leadField', value === NONE ? undefined : value, false)}
          />
        </DesignerField>
      )}
    </>
  );
}

import { Select } from 'antd';
import type { StaffMessageKey } from '#shared/i18n/messages/staff-en';
import { LEAD_FIELDS, type LeadField } from '#shared/leads/leads.contract';
import { isListingMatch, LISTING_MATCH_LABELS, listingMatchOptionsFor } from '#shared/matching/listing-match';
import { staffText } from '#web/lib/staff-text';
import { DesignerField } from './designer-field';
import { stringProperty, type JsonObject, type JsonValue } from './survey-json';

const NONE = '';
const LEAD_FIELD_LABELS: Record<LeadField, StaffMessageKey> = { name: 'staff.designer.matching.leadName', phone: 'staff.designer.matching.leadPhone' };

interface MatchingSettingsProps {
  element: JsonObject;
  id: (name: string) => string;
  set: (property: string, value: JsonValue | undefined, merge?: boolean) => void;
}

/**
 * leads: "Match listings by" (`listingMatch`, only the values that fit the question's
 * type) and, on text questions, "This answer is the person's" (`leadField`).
 */
export function MatchingSettings({ element, id, set }: MatchingSettingsProps) {
  const type = typeof element.type === 'string' ? element.type : '';
  const fitting = listingMatchOptionsFor(type, stringProperty(element, 'inputType'));
  const current = stringProperty(element, 'listingMatch') ?? NONE;
  // A value that no longer fits (the type changed) stays visible so it can be cleared, not silently lost.
  const stale = current !== NONE && !(fitting as string[]).includes(current);
  const options = [
    { value: NONE, label: staffText('staff.designer.matching.none'), help: staffText('staff.designer.matching.noneHelp') },
    ...fitting.map((value) => ({ value, ...LISTING_MATCH_LABELS[value] })),
    ...(stale
      ? [
          {
            value: current,
            label: isListingMatch(current) ? staffText('staff.designer.matching.stale', { label: LISTING_MATCH_LABELS[current].label }) : current,
            help: staffText('staff.designer.matching.staleHelp'),
          },
        ]
      : []),
  ];
  const selected = options.find((o) => o.value === current);
  const leadField = stringProperty(element, 'leadField') ?? NONE;

  return (
    <>
      {(fitting.length > 0 || current !== NONE) && (
        <DesignerField id={id('listingMatch')} label={staffText('staff.designer.matching.label')} help={selected?.help}>
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
        <DesignerField id={id('leadField')} label={staffText('staff.designer.matching.leadField')} help={staffText('staff.designer.matching.leadFieldHelp')}>
          <Select
            id={id('leadField')}
            value={leadField}
            aria-describedby={`${id('leadField')}-help`}
            options={[
              { value: NONE, label: staffText('staff.designer.matching.nothing') },
              ...LEAD_FIELDS.map((f) => ({ value: f, label: staffText(LEAD_FIELD_LABELS[f]) })),
            ]}
            onChange={(value: string) => set('leadField', value === NONE ? undefined : value, false)}
          />
        </DesignerField>
      )}
    </>
  );
}

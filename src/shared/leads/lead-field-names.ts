/**
 * The SurveyJS property that marks a question whose answer is the person's name or phone, and its
 * values. A module of its own, without zod: the survey runner registers the property
 * (survey/custom-properties.ts) and would otherwise evaluate the leads contract's schemas, and the
 * contact form's, on the landing page while the visitor types (bench/survey-open.ts).
 */
export const LEAD_FIELD_PROPERTY = 'leadField';
export const LEAD_FIELDS = ['name', 'phone'] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

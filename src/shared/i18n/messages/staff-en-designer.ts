// Staff texts: the survey designer (features/surveys/designer, surveys/staff/designer-page). Part of the staff catalogue (staff-en.ts).
export const staffDesigner = {} as const;

// Staff texts: campaigns, results and survey files (features/results, responses, surveys/staff/campaigns-page). Part of the staff catalogue (staff-en.ts).
export const staffResults = {} as const;

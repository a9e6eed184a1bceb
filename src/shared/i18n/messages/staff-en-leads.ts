// Staff texts: leads, site visits and privacy requests (features/leads, visits, privacy). Part of the staff catalogue (staff-en.ts).
export const staffLeads = {} as const;

// Staff texts: settings, notifications, staff accounts, audit and newsletter (features/settings, notifications, auth, audit, consent). Part of the staff catalogue (staff-en.ts).
export const staffSettings = {} as const;

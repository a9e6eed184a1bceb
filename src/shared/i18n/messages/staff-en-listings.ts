// Staff texts: listings and contact messages (features/listings, contact). Part of the staff catalogue (staff-en.ts).
export const staffListings = {} as const;

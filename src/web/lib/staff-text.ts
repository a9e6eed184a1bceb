// The staff pages' texts by key (src/shared/i18n/messages/staff-en.ts), formatted by FormatJS as the
// visitor's are (#shared/i18n/message-format): plurals and numbers in en-IN. The first page's part
// of the catalogue comes with it; the rest is added before any other staff page opens
// (loadStaffTexts, called by features/dashboard/staff-pages.ts).
import { messageFormatter, type MessageValues } from '#shared/i18n/message-format';
import { staffCore } from '#shared/i18n/messages/staff-en-core';
import type { StaffMessageKey } from '#shared/i18n/messages/staff-en';

const catalogue: Record<string, (typeof staffCore)[keyof typeof staffCore]> = { ...staffCore };
const formatter = messageFormatter('en-IN', catalogue);

let rest: Promise<void> | undefined;

/** The rest of the staff catalogue (every area but the first page's), loaded once. */
export function loadStaffTexts(): Promise<void> {
  rest ??= import('#shared/i18n/messages/staff-en-rest').then(
    ({ staffRest }) => void Object.assign(catalogue, staffRest),
    (error: unknown) => {
      rest = undefined; // tried again with the next page
      throw error;
    },
  );
  return rest;
}

/** A staff page's text by its key (checked by TypeScript), with its values put in. */
export function staffText(key: StaffMessageKey, values?: MessageValues): string {
  return formatter.text(key, values);
}

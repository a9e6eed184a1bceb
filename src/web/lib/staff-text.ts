// The staff pages' texts by key (src/shared/i18n/messages/staff-en.ts), formatted by FormatJS as the
// visitor's are (#shared/i18n/message-format): plurals and numbers in en-IN.
import { messageFormatter, type MessageValues } from '#shared/i18n/message-format';
import { staffEn, type StaffMessageKey } from '#shared/i18n/messages/staff-en';

const formatter = messageFormatter('en-IN', staffEn);

/** A staff page's text by its key (checked by TypeScript), with its values put in. */
export function staffText(key: StaffMessageKey, values?: MessageValues): string {
  return formatter.text(key, values);
}

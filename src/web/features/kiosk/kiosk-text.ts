// The tablet's texts in its page's language (kiosk-en.ts / kiosk-hi.ts), formatted as the site's are.
import { createContext, useContext } from 'react';
import { LOCALES, type Language } from '#shared/i18n/languages';
import { messageFormatter } from '#shared/i18n/message-format';
import { kioskEn, type KioskMessageKey } from '#shared/i18n/messages/kiosk-en';
import { kioskHi } from '#shared/i18n/messages/kiosk-hi';

export type KioskT = (key: KioskMessageKey, values?: Record<string, string | number>) => string;

export function kioskTranslator(language: Language): KioskT {
  const formatter = messageFormatter(LOCALES[language], language === 'hi' ? { ...kioskEn, ...kioskHi } : kioskEn);
  return (key, values) => formatter.text(key, values);
}

export const KioskTextContext = createContext<KioskT>(kioskTranslator('en'));

export function useKioskT(): KioskT {
  return useContext(KioskTextContext);
}

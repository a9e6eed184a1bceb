import type { Language } from '../i18n/languages';

/**
 * A listing's texts that may carry a Hindi version, each beside its English field. The
 * names differ between kinds (a project's `name`, a product's `productname`, a studio's `title`), so
 * one table serves the three.
 */
export const HINDI_VERSIONS = {
  name: 'nameHi',
  productname: 'productnameHi',
  description: 'descriptionHi',
  title: 'titleHi',
} as const;

/**
 * A listing as a page in `language` shows it: in Hindi, each text with a Hindi version is replaced
 * by it, and a text without one stays English (the fallback). English pages get the item itself, so
 * they render exactly as before.
 */
export function listingInLanguage<T extends object>(item: T, language: Language): T {
  if (language !== 'hi') return item;
  const record = item as Record<string, unknown>;
  let result: Record<string, unknown> | null = null;
  for (const [english, hindi] of Object.entries(HINDI_VERSIONS)) {
    const version = record[hindi];
    if (english in record && typeof version === 'string' && version.trim() !== '') {
      result ??= { ...record };
      result[english] = version;
    }
  }
  return (result ?? item) as T;
}

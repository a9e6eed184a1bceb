import { useCallback } from 'react';
import { listingInLanguage } from '#shared/listings/listing-language';
import { useLanguage } from '#web/lib/i18n';

/** Listings as the page's language shows them: Hindi names and descriptions under /hi/ when staff gave them, else English. */
export function useListingInLanguage(): <T extends object>(item: T) => T {
  const language = useLanguage();
  return useCallback(<T extends object>(item: T) => listingInLanguage(item, language), [language]);
}

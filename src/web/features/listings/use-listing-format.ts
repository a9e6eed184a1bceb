import { useMemo } from 'react';
import * as inLanguage from '#shared/i18n/format';
import { useLanguage, useT } from '#web/lib/i18n';
import * as english from './listing-format';

/** Prices and areas in the page's language (issue 27): English exactly as listing-format.ts writes them; Hindi in hi-IN (₹1.25 करोड़, 1,450 वर्ग फ़ुट). */
export function useListingFormat() {
  const language = useLanguage();
  const t = useT();
  return useMemo(() => {
    if (language === 'en') {
      return {
        rupees: english.formatRupees,
        rupeesShort: english.formatRupeesShort,
        sqft: english.formatSqft,
        perSqft: english.formatRupeesPerSqft,
        /** ₹6,552: the price per square foot without its unit (a fact's value under "Price per sq. ft"). */
        perSqftValue: (price: number | null, squareFeet: number) => english.formatRupeesPerSqft(price, squareFeet)?.replace(' per sq. ft', '') ?? null,
      };
    }
    const rupees = (amount: number) => inLanguage.formatRupees(language, amount);
    return {
      rupees,
      rupeesShort: (amount: number) => inLanguage.formatRupeesShort(language, amount),
      sqft: (squareFeet: number) => t('detail.sqft', { size: inLanguage.formatNumber(language, squareFeet) }),
      perSqft: (price: number | null, squareFeet: number) =>
        price === null || !(squareFeet > 0) ? null : t('detail.perSqft', { price: rupees(Math.round(price / squareFeet)) }),
      perSqftValue: (price: number | null, squareFeet: number) => (price === null || !(squareFeet > 0) ? null : rupees(Math.round(price / squareFeet))),
    };
  }, [language, t]);
}

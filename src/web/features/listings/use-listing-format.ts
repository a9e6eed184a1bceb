import { useMemo } from 'react';
import { formatArea, formatRupees, formatRupeesPerSqft, formatRupeesShort } from '#shared/i18n/format';
import { useLanguage } from '#web/lib/i18n';

/** Prices and areas in the page's language (#shared/i18n/format): ₹1.25 Cr, 1,450 sq. ft; ₹1.25 करोड़, 1,450 वर्ग फ़ुट. */
export function useListingFormat() {
  const language = useLanguage();
  return useMemo(
    () => ({
      rupees: (amount: number) => formatRupees(language, amount),
      rupeesShort: (amount: number) => formatRupeesShort(language, amount),
      sqft: (squareFeet: number) => formatArea(language, squareFeet),
      perSqft: (price: number | null, squareFeet: number) => formatRupeesPerSqft(language, price, squareFeet),
      /** ₹6,552: the price per square foot without its unit (a fact's value under "Price per sq. ft"). */
      perSqftValue: (price: number | null, squareFeet: number) => formatRupeesPerSqft(language, price, squareFeet, true),
    }),
    [language],
  );
}

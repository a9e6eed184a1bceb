import { useId, useState } from 'react';
import { EMI_LIMITS, emiEstimate, emiInput, type EmiInput } from '#shared/listings/emi';
import { useClientRender } from '#web/lib/use-hydrated';
import { formatNumber as formatNumberIn } from '#shared/i18n/format';
import { useLanguage, useLocalizedPath, useT } from '#web/lib/i18n';
import { useListingFormat } from './use-listing-format';

type Field = keyof EmiInput;

const FIELDS = [
  { key: 'loanSharePercent', name: 'loan', label: 'emi.loan', unit: 'emi.loanUnit' },
  { key: 'ratePercent', name: 'rate', label: 'emi.interest', unit: 'emi.interestUnit' },
  { key: 'years', name: 'years', label: 'emi.term', unit: 'emi.termUnit' },
] as const satisfies ReadonlyArray<{ key: Field; name: string; label: string; unit: string }>;

/**
 * The EMI estimate of a home: what a loan of part of its price costs a month. The server
 * renders the figure for the default (or linked) inputs; once the page runs, it follows the inputs as
 * they are typed. Without script the form sends them to the server, which renders the new figure.
 */
export function EmiEstimate({ price, initial, action }: { price: number; initial: EmiInput; action: string }) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    loanSharePercent: String(initial.loanSharePercent),
    ratePercent: String(initial.ratePercent),
    years: String(initial.years),
  });
  const running = useClientRender();
  const t = useT();
  const language = useLanguage();
  const localized = useLocalizedPath();
  const format = useListingFormat();
  const estimate = emiEstimate(price, emiInput(values));

  return (
    <section className="listing-section emi" id="emi" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('emi.title')}</h2>
      <form className="emi__form" method="get" action={`${localized(action)}#emi`} onSubmit={(e) => e.preventDefault()}>
        <div className="emi__fields">
          {FIELDS.map(({ key, name, label, unit }) => {
            const limits = EMI_LIMITS[key];
            return (
              <div className="field emi__field" key={key}>
                <label className="field__label" htmlFor={`${id}-${name}`}>
                  {t(label)} <span className="emi__unit">{t(unit)}</span>
                </label>
                <input
                  id={`${id}-${name}`}
                  name={name}
                  type="number"
                  inputMode="decimal"
                  min={limits.min}
                  max={limits.max}
                  step={limits.step}
                  required
                  value={values[key]}
                  onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
                />
              </div>
            );
          })}
        </div>
        <output className="emi__result" htmlFor={FIELDS.map(({ name }) => `${id}-${name}`).join(' ')} aria-live="polite">
          <span className="emi__figure" data-emi={estimate.emi}>
            {format.rupees(estimate.emi)}
          </span>{' '}
          <span className="emi__per">{t('emi.perMonth')}</span>
          <span className="emi__detail">
            {t('emi.detail', {
              loan: format.rupees(estimate.loan),
              rate: formatNumberIn(language, estimate.ratePercent),
              years: String(estimate.years),
              interest: format.rupees(estimate.interest),
            })}
          </span>
        </output>
        {/* Without script the figure is the server's: this sends the inputs to it. */}
        {running ? null : (
          <button type="submit" className="button emi__submit">
            {t('emi.submit')}
          </button>
        )}
      </form>
      <p className="listing-note">{t('emi.note')}</p>
    </section>
  );
}

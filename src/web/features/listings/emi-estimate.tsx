import { useId, useState } from 'react';
import { EMI_LIMITS, emiEstimate, emiInput, type EmiInput } from '#shared/listings/emi';
import { useClientRender } from '#web/lib/use-hydrated';
import { formatNumber, formatRupees } from './listing-format';

type Field = keyof EmiInput;

const FIELDS: ReadonlyArray<{ key: Field; name: string; label: string; unit: string }> = [
  { key: 'loanSharePercent', name: 'loan', label: 'Loan', unit: '% of price' },
  { key: 'ratePercent', name: 'rate', label: 'Interest', unit: '% a year' },
  { key: 'years', name: 'years', label: 'Term', unit: 'years' },
];

/**
 * The EMI estimate of a home (issue 25): what a loan of part of its price costs a month. The server
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
  const estimate = emiEstimate(price, emiInput(values));

  return (
    <section className="listing-section emi" id="emi" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>EMI estimate</h2>
      <form className="emi__form" method="get" action={`${action}#emi`} onSubmit={(e) => e.preventDefault()}>
        <div className="emi__fields">
          {FIELDS.map(({ key, name, label, unit }) => {
            const limits = EMI_LIMITS[key];
            return (
              <div className="field emi__field" key={key}>
                <label className="field__label" htmlFor={`${id}-${name}`}>
                  {label} <span className="emi__unit">{unit}</span>
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
            {formatRupees(estimate.emi)}
          </span>{' '}
          <span className="emi__per">a month</span>
          <span className="emi__detail">
            for a loan of {formatRupees(estimate.loan)} at {formatNumber(estimate.ratePercent)}% over {estimate.years} years; interest over the term{' '}
            {formatRupees(estimate.interest)}.
          </span>
        </output>
        {/* Without script the figure is the server's: this sends the inputs to it. */}
        {running ? null : (
          <button type="submit" className="button emi__submit">
            Work out my EMI
          </button>
        )}
      </form>
      <p className="listing-note">An estimate to plan with: your bank’s offer decides the loan, the rate and the fees.</p>
    </section>
  );
}

import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { route } from '#shared/api-route';
import { VISITS_API } from '#shared/visits/visits.api';
import type { bookedVisitSchema, ManagedVisit, managedVisitSchema, slotListSchema, VisitSlot } from '#shared/visits/visits.contract';
import { PageMeta } from '#web/components/page-meta';
import { api } from '#web/lib/api-client';
import { useLanguage, useT } from '#web/lib/i18n';
import { useClientRender } from '#web/lib/use-hydrated';
import './visit-booking.css';

const ONE = route<typeof managedVisitSchema>('GET', VISITS_API.one);
const SLOTS = route<typeof slotListSchema>('GET', VISITS_API.slots);
const CANCEL = route<typeof bookedVisitSchema>('POST', VISITS_API.cancel);
const MOVE = route<typeof bookedVisitSchema>('POST', VISITS_API.reschedule);

/** The time in the page's language (English: en-IN; Hindi: hi-IN), on the studio's clock. */
const whenIn = (locale: string) => (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));

/** /visit?id=&token= and /hi/visit: the e-mailed link to move or cancel a site visit, in the mail's language. */
export function Component() {
  const t = useT();
  const when = whenIn(useLanguage() === 'hi' ? 'hi-IN' : 'en-IN');
  const [params] = useSearchParams();
  // The server renders without the link's query (it never sees the token): read it in the browser only.
  const client = useClientRender();
  const id = client ? (params.get('id') ?? '') : '';
  const token = client ? (params.get('token') ?? '') : '';
  const [visit, setVisit] = useState<ManagedVisit | null>(null);
  const [slots, setSlots] = useState<VisitSlot[]>([]);
  const [choice, setChoice] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A cancellation cannot be undone: the button asks first.
  const [asking, setAsking] = useState(false);
  const uid = useId();

  useEffect(() => {
    if (!id || !token) return;
    api.call(ONE, { params: [id], query: new URLSearchParams({ token }) }).then(
      (v) => {
        setVisit(v);
        if (v.status !== 'cancelled') api.call(SLOTS, { query: new URLSearchParams({ studio: v.studioId }) }).then(setSlots, () => undefined);
      },
      (e: unknown) => setError(e instanceof Error ? e.message : t('visitManage.invalid')),
    );
    // t is stable for a page's language; the visit is read once per link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, token]);

  async function move(event: FormEvent) {
    event.preventDefault();
    if (!choice || !visit) return setError(t('visitManage.chooseTime'));
    setError(null);
    try {
      const moved = await api.call(MOVE, { params: [id], body: { token, slotStart: choice } });
      setVisit({ ...visit, start: moved.start, end: moved.end });
      setMessage(t('visitManage.moved', { when: when(moved.start, visit.timeZone) }));
    } catch (e) {
      setError(e instanceof Error ? e.message : t('visit.failed'));
    }
  }

  async function cancel() {
    if (!visit) return;
    setError(null);
    setAsking(false);
    try {
      await api.call(CANCEL, { params: [id], body: { token } });
      setVisit({ ...visit, status: 'cancelled' });
      setMessage(t('visitManage.cancelled'));
    } catch (e) {
      setError(e instanceof Error ? e.message : t('visit.failed'));
    }
  }

  return (
    <div className="visit-booking" style={{ maxWidth: 720, margin: '0 auto', padding: 16 }}>
      <PageMeta title={t('visitManage.title')} description={t('visitManage.description')} />
      <h1>{t('visitManage.title')}</h1>
      {client && (!id || !token) ? <p>{t('visitManage.incomplete')}</p> : null}
      {error ? (
        <p role="alert" className="visit-booking__error">
          {error}
        </p>
      ) : null}
      {message ? <p role="status">{message}</p> : null}
      {visit ? (
        <>
          <p>
            {t(visit.status === 'cancelled' ? 'visitManage.summaryCancelled' : 'visitManage.summary', {
              studio: visit.studioName,
              when: when(visit.start, visit.timeZone),
              zone: visit.timeZone,
            })}
          </p>
          {visit.status !== 'cancelled' && visit.status !== 'done' ? (
            <>
              <form onSubmit={(e) => void move(e)} className="visit-booking__panel">
                <fieldset>
                  <legend>{t('visitManage.moveLegend')}</legend>
                  <div className="visit-booking__slots">
                    {slots
                      .filter((s) => s.free > 0 && s.start !== visit.start)
                      .slice(0, 24)
                      .map((s) => (
                        <label key={s.start} className="visit-booking__slot">
                          <input type="radio" name={`${uid}-slot`} value={s.start} checked={choice === s.start} onChange={() => setChoice(s.start)} />
                          {when(s.start, visit.timeZone)}
                        </label>
                      ))}
                  </div>
                </fieldset>
                <button type="submit" className="button button--accent">
                  {t('visitManage.move')}
                </button>
              </form>
              {asking ? (
                <div role="group" aria-labelledby={`${uid}-ask`} className="visit-booking__panel">
                  <p id={`${uid}-ask`}>
                    <strong>{t('visitManage.cancelAsk')}</strong>
                  </p>
                  <p>
                    <button type="button" className="button button--accent" onClick={() => void cancel()}>
                      {t('visitManage.cancelYes')}
                    </button>{' '}
                    <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
                      {t('visitManage.keep')}
                    </button>
                  </p>
                </div>
              ) : (
                <p>
                  <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
                    {t('visitManage.cancel')}
                  </button>
                </p>
              )}
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

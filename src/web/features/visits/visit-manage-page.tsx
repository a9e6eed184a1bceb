import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { route } from '#shared/api-route';
import { VISITS_API } from '#shared/visits/visits.api';
import type { bookedVisitSchema, ManagedVisit, managedVisitSchema, slotListSchema, VisitSlot } from '#shared/visits/visits.contract';
import { PageMeta } from '#web/components/page-meta';
import { api } from '#web/lib/api-client';
import { useClientRender } from '#web/lib/use-hydrated';
import './visit-booking.css';

const ONE = route<typeof managedVisitSchema>('GET', VISITS_API.one);
const SLOTS = route<typeof slotListSchema>('GET', VISITS_API.slots);
const CANCEL = route<typeof bookedVisitSchema>('POST', VISITS_API.cancel);
const MOVE = route<typeof bookedVisitSchema>('POST', VISITS_API.reschedule);

const when = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-IN', { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));

/** /visit?id=&token= (issue 26): the e-mailed link to move or cancel a site visit. */
export function Component() {
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
      (e: unknown) => setError(e instanceof Error ? e.message : 'This link is not valid.'),
    );
  }, [id, token]);

  async function move(event: FormEvent) {
    event.preventDefault();
    if (!choice || !visit) return setError('Please choose a new time.');
    setError(null);
    try {
      const moved = await api.call(MOVE, { params: [id], body: { token, slotStart: choice } });
      setVisit({ ...visit, start: moved.start, end: moved.end });
      setMessage(`Your visit is moved to ${when(moved.start, visit.timeZone)}. We have e-mailed you the updated invitation.`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong.');
    }
  }

  async function cancel() {
    if (!visit) return;
    setError(null);
    setAsking(false);
    try {
      await api.call(CANCEL, { params: [id], body: { token } });
      setVisit({ ...visit, status: 'cancelled' });
      setMessage('Your visit is cancelled. We have e-mailed you the cancellation.');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong.');
    }
  }

  return (
    <div className="visit-booking" style={{ maxWidth: 720, margin: '0 auto', padding: 16 }}>
      <PageMeta title="Your site visit" description="Move or cancel your site visit." />
      <h1>Your site visit</h1>
      {client && (!id || !token) ? <p>This link is not complete. Please use the link in your e-mail.</p> : null}
      {error ? (
        <p role="alert" className="visit-booking__error">
          {error}
        </p>
      ) : null}
      {message ? <p role="status">{message}</p> : null}
      {visit ? (
        <>
          <p>
            {visit.studioName}: {when(visit.start, visit.timeZone)} ({visit.timeZone} time){visit.status === 'cancelled' ? ', cancelled' : ''}.
          </p>
          {visit.status !== 'cancelled' && visit.status !== 'done' ? (
            <>
              <form onSubmit={(e) => void move(e)} className="visit-booking__panel">
                <fieldset>
                  <legend>Move it to another time</legend>
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
                  Move my visit
                </button>
              </form>
              {asking ? (
                <div role="group" aria-labelledby={`${uid}-ask`} className="visit-booking__panel">
                  <p id={`${uid}-ask`}>
                    <strong>Cancel this visit?</strong>
                  </p>
                  <p>
                    <button type="button" className="button button--accent" onClick={() => void cancel()}>
                      Yes, cancel it
                    </button>{' '}
                    <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
                      Keep my visit
                    </button>
                  </p>
                </div>
              ) : (
                <p>
                  <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
                    Cancel my visit
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

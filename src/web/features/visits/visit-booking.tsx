import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { route } from '#shared/api-route';
import { VISITS_API } from '#shared/visits/visits.api';
import { cityNamedIn } from '#shared/matching/match-places';
import type { bookedVisitSchema, BookedVisit, slotListSchema, VisitSlot, VisitStudio, visitStudioListSchema } from '#shared/visits/visits.contract';
import { api, ApiError } from '#web/lib/api-client';
import { useLanguage, useSaid, useT } from '#web/lib/i18n';
import './visit-booking.css';

// Type-only routes: public pages load no zod.
const STUDIOS = route<typeof visitStudioListSchema>('GET', VISITS_API.studios);
const SLOTS = route<typeof slotListSchema>('GET', VISITS_API.slots);
const BOOK = route<typeof bookedVisitSchema>('POST', VISITS_API.visits);

/** The studios that take bookings, once per page load (null while not known: the no-script fallback shows). */
let studiosOnce: Promise<VisitStudio[]> | undefined;
function useBookableStudios(): VisitStudio[] | null {
  const [studios, setStudios] = useState<VisitStudio[] | null>(null);
  useEffect(() => {
    let live = true;
    studiosOnce ??= api.call(STUDIOS).catch(() => []);
    void studiosOnce.then((list) => live && setStudios(list));
    return () => {
      live = false;
    };
  }, []);
  return studios;
}

/** The day in the page's language (English: en-IN as before; Hindi: hi-IN). */
const dayLabel = (iso: string, timeZone: string, locale = 'en-IN') =>
  new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(iso));
const timeLabel = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
const dayKey = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(iso));

/** "20261128T053000Z": a time as calendar links take it. */
const calendarTime = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

function googleCalendarHref(visit: BookedVisit, studioName: string): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: `Site visit at ${studioName}`,
    dates: `${calendarTime(visit.start)}/${calendarTime(visit.end)}`,
    details: `To move or cancel: ${visit.manageUrl}`,
    location: studioName,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/**
 * "Book a site visit": choose a studio, see its free slots for the next days (labelled in
 * the studio's time zone), pick one, give an e-mail (when not known), name and phone, and get a
 * confirmation with add-to-calendar links. Without studios that take bookings (or without script)
 * the `fallback` shows instead.
 */
/** The home a visit is booked from (its page): its id goes with the booking, its place picks the studio. */
export interface VisitListing {
  id: string;
  place: string;
}

export function VisitBooking({
  email: knownEmail,
  fallback,
  headingLevel = 2,
  listing,
}: {
  email?: string;
  fallback: ReactNode;
  headingLevel?: 2 | 3;
  listing?: VisitListing;
}) {
  const studios = useBookableStudios();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const t = useT();
  if (!studios || studios.length === 0) return <>{fallback}</>;
  return (
    <div className="visit-booking">
      <button type="button" className="button button--accent" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        {t('actions.bookVisit')}
      </button>
      {open ? <BookingPanel id={panelId} studios={studios} knownEmail={knownEmail} headingLevel={headingLevel} listing={listing} /> : null}
    </div>
  );
}

/** The studio a visit to a home starts at: the first in the home's city (match-places), else the first. */
export function nearestStudio(studios: readonly VisitStudio[], place: string | undefined): VisitStudio {
  const city = place ? cityNamedIn(place) : null;
  return (city ? studios.find((s) => cityNamedIn(s.studioName) === city) : undefined) ?? studios[0]!;
}

function BookingPanel({
  id,
  studios,
  knownEmail,
  headingLevel,
  listing,
}: {
  id: string;
  studios: VisitStudio[];
  knownEmail?: string;
  headingLevel: 2 | 3;
  listing?: VisitListing;
}) {
  const Heading = `h${headingLevel}` as 'h2' | 'h3';
  const [studioId, setStudioId] = useState(() => nearestStudio(studios, listing?.place).studioId);
  const studio = studios.find((s) => s.studioId === studioId) ?? studios[0]!;
  const [slots, setSlots] = useState<VisitSlot[] | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const [email, setEmail] = useState(knownEmail ?? '');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [booked, setBooked] = useState<BookedVisit | null>(null);
  const uid = useId();
  const t = useT();
  const say = useSaid();
  const language = useLanguage();
  const locale = language === 'hi' ? 'hi-IN' : 'en-IN';

  useEffect(() => {
    let live = true;
    api.call(SLOTS, { query: new URLSearchParams({ studio: studioId }) }).then(
      (list) => live && setSlots(list),
      () => live && setSlots([]),
    );
    return () => {
      live = false;
    };
  }, [studioId]);

  const days = useMemo(() => {
    const groups = new Map<string, VisitSlot[]>();
    for (const slot of slots ?? []) {
      const key = dayKey(slot.start, studio.timeZone);
      groups.set(key, [...(groups.get(key) ?? []), slot]);
    }
    return [...groups.values()];
  }, [slots, studio.timeZone]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!choice) {
      setError(t('visit.chooseTime'));
      return;
    }
    if (!email.trim()) {
      setError(t('visit.enterEmail'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setBooked(
        await api.call(BOOK, {
          body: {
            slotStart: choice,
            studioId,
            email: email.trim(),
            language,
            ...(listing ? { listingId: listing.id } : {}),
            ...(name.trim() ? { name: name.trim() } : {}),
            ...(phone.trim() ? { phone: phone.trim() } : {}),
          },
        }),
      );
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setError(say(e.said));
        setChoice(null);
        // The free times now, with the one just taken marked full.
        api.call(SLOTS, { query: new URLSearchParams({ studio: studioId }) }).then(setSlots, () => undefined);
      } else setError(e instanceof ApiError ? say(e.said) : e instanceof Error ? e.message : t('visit.failed'));
    } finally {
      setBusy(false);
    }
  }

  if (booked) {
    return (
      <section id={id} className="visit-booking__panel" aria-labelledby={`${uid}-done`}>
        <Heading id={`${uid}-done`} tabIndex={-1} ref={(el) => el?.focus()}>
          {t('visit.booked')}
        </Heading>
        <p role="status">
          {t('visit.bookedText', {
            studio: studio.studioName,
            day: dayLabel(booked.start, studio.timeZone, locale),
            time: timeLabel(booked.start, studio.timeZone),
            zone: studio.timeZone,
          })}
        </p>
        <div className="visit-booking__actions">
          <a className="button" href={googleCalendarHref(booked, studio.studioName)} target="_blank" rel="noopener noreferrer">
            {t('visit.google')}
            <span className="visually-hidden">{t('visit.opensTab')}</span>
          </a>
          <a className="button button--ghost" href={booked.calendarPath} download="site-visit.ics">
            {t('visit.ics')}
          </a>
        </div>
      </section>
    );
  }

  return (
    <section id={id} className="visit-booking__panel" aria-labelledby={`${uid}-title`}>
      <Heading id={`${uid}-title`}>{t('actions.bookVisit')}</Heading>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {studios.length > 1 ? (
          <div className="visit-booking__field">
            <label htmlFor={`${uid}-studio`}>{t('visit.studio')}</label>
            <select
              id={`${uid}-studio`}
              value={studioId}
              onChange={(e) => {
                setSlots(null);
                setChoice(null);
                setStudioId(e.target.value);
              }}
            >
              {studios.map((s) => (
                <option key={s.studioId} value={s.studioId}>
                  {s.studioName}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p>{t('visit.studioIs', { studio: studio.studioName })}</p>
        )}
        <p className="visit-booking__note">{t('visit.timesNote', { zone: studio.timeZone })}</p>
        {slots === null ? <p aria-busy="true">{t('visit.loading')}</p> : null}
        {slots !== null && days.length === 0 ? <p>{t('visit.none')}</p> : null}
        {days.slice(0, 7).map((day) => (
          <fieldset key={day[0]!.start}>
            <legend>{dayLabel(day[0]!.start, studio.timeZone, locale)}</legend>
            <div className="visit-booking__slots">
              {day.map((slot) => (
                <label key={slot.start} className={`visit-booking__slot${slot.free === 0 ? ' visit-booking__slot--full' : ''}`}>
                  <input
                    type="radio"
                    name={`${uid}-slot`}
                    value={slot.start}
                    checked={choice === slot.start}
                    disabled={slot.free === 0}
                    onChange={() => setChoice(slot.start)}
                  />
                  {timeLabel(slot.start, studio.timeZone)}
                  {slot.free === 0 ? <span className="visually-hidden">{t('visit.full')}</span> : null}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        {knownEmail ? null : (
          <div className="visit-booking__field">
            <label htmlFor={`${uid}-email`}>{t('enquiry.email')}</label>
            <input id={`${uid}-email`} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
        )}
        <div className="visit-booking__field">
          <label htmlFor={`${uid}-name`}>{t('visit.name')}</label>
          <input id={`${uid}-name`} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="visit-booking__field">
          <label htmlFor={`${uid}-phone`}>{t('enquiry.phone')}</label>
          <input id={`${uid}-phone`} type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
        </div>
        {error ? (
          <p role="alert" className="visit-booking__error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--accent" disabled={busy}>
          {t(busy ? 'visit.booking' : 'visit.book')}
        </button>
      </form>
    </section>
  );
}

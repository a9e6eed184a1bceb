import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { TODAY_ROUTES } from '#shared/dashboard/today.api';
import type { Today } from '#shared/dashboard/today.contract';
import { api } from '#web/lib/api-client';
import { staffText } from '#web/lib/staff-text';
import './today-panel.css';

type FigureKey = 'newLeads' | 'overdueLeads' | 'visitsToday' | 'visitsTomorrow' | 'unreadMessages';

/** The figures in the order the panel shows them: the people waiting first, then the visits, then the messages. */
const FIGURES: ReadonlyArray<{ key: FigureKey; urgent?: boolean }> = [
  { key: 'newLeads' },
  { key: 'overdueLeads', urgent: true },
  { key: 'visitsToday' },
  { key: 'visitsTomorrow' },
  { key: 'unreadMessages' },
];

const LABEL = {
  newLeads: 'staff.today.newLeads',
  overdueLeads: 'staff.today.overdueLeads',
  visitsToday: 'staff.today.visitsToday',
  visitsTomorrow: 'staff.today.visitsTomorrow',
  unreadMessages: 'staff.today.unreadMessages',
} as const;

const OPEN = {
  newLeads: 'staff.today.open.newLeads',
  overdueLeads: 'staff.today.open.overdueLeads',
  visitsToday: 'staff.today.open.visitsToday',
  visitsTomorrow: 'staff.today.open.visitsTomorrow',
  unreadMessages: 'staff.today.open.unreadMessages',
} as const;

type State = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; today: Today };

/**
 * The dashboard's "Today" panel, above the campaign cards: what is waiting, each figure a link to the
 * list it counts. Fetched after the page shows (the cards never wait for it, nor disappear when it
 * fails); the five tiles are there from the first paint, so nothing below moves when the figures come.
 * Plain elements only: the dashboard's first-view script stays small.
 */
export function TodayPanel() {
  const titleId = useId();
  const [state, setState] = useState<State>({ status: 'loading' });

  // Sets the state only when the answer comes (never synchronously: the effect below calls it).
  const load = useCallback((signal?: AbortSignal) => {
    api.call(TODAY_ROUTES.today, signal ? { signal } : undefined).then(
      (today) => setState({ status: 'loaded', today }),
      () => {
        if (!signal?.aborted) setState({ status: 'failed' });
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const today = state.status === 'loaded' ? state.today : null;
  const nothing = today !== null && FIGURES.every(({ key }) => today[key].count === 0);

  return (
    <section className="today-panel" aria-labelledby={titleId} aria-busy={state.status === 'loading'}>
      <div className="today-panel__head">
        <h2 id={titleId} className="today-panel__title">
          {staffText('staff.today.title')}
        </h2>
        <p className="today-panel__note" role="status">
          {state.status === 'loading' ? <span className="visually-hidden">{staffText('staff.today.loading')}</span> : null}
          {nothing ? staffText('staff.today.empty') : null}
          {state.status === 'failed' ? (
            <>
              {staffText('staff.today.failed')}{' '}
              <button
                type="button"
                className="today-panel__retry"
                onClick={() => {
                  setState({ status: 'loading' });
                  load();
                }}
              >
                {staffText('staff.page.tryAgain')}
              </button>
            </>
          ) : null}
        </p>
      </div>
      <ul className="today-panel__figures">
        {FIGURES.map(({ key, urgent }) => {
          const figure = today?.[key];
          const className = `today-figure${urgent && figure && figure.count > 0 ? ' today-figure--urgent' : ''}`;
          if (!figure) {
            return (
              <li key={key}>
                <span className={`${className} today-figure--pending`}>
                  <span className="today-figure__count" aria-hidden>
                    –
                  </span>
                  <span className="today-figure__label">{staffText(LABEL[key], { count: 2 })}</span>
                </span>
              </li>
            );
          }
          return (
            <li key={key}>
              {/* Its name is what it shows, then where it goes (voice users say what they see). */}
              <Link to={figure.link} className={className} data-figure={key}>
                <span className="today-figure__count">{figure.count}</span>{' '}
                <span className="today-figure__label">{staffText(LABEL[key], { count: figure.count })}</span>
                <span className="visually-hidden">: {staffText(OPEN[key])}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

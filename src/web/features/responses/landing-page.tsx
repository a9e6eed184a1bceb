import { memo, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useShowInPlace, useSiteNavigate } from '#web/lib/site-nav';
import { emailProblemKey, normaliseEmail } from '#shared/email';
import type { Said } from '#shared/api-error';
import type { MessageKey } from '#shared/i18n/catalogues';
import { paths } from '#shared/paths';
import { telHref, useSiteSettings } from '#web/lib/site-settings';
import type { ChannelLink } from '#shared/channels/channels.contract';
import { arrivalFields, arrivalHere, noteArrival } from '#web/lib/arrival';
import { Notice } from '#web/components/notice';
import { PageMeta } from '#web/components/page-meta';
import { TextField } from '#web/components/text-field';
import { ApiError, errorSaid } from '#web/lib/api-client';
import { useLanguage, useSaid, useT, type Translate } from '#web/lib/i18n';
import { useHydrated } from '#web/lib/use-hydrated';
import { whenQuiet } from '#web/lib/when-quiet';
import { loadLocaleAhead } from '#web/lib/locale-ahead';
import { ConsentNotice } from '#web/features/consent';
import { useJourneyPaths } from './journey-paths';
import './landing.css';

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'subscribed'; message: MessageKey } | { kind: 'error'; message: Said };

const STEPS: ReadonlyArray<{ title: MessageKey; text: MessageKey }> = [
  { title: 'landing.step1.title', text: 'landing.step1.text' },
  { title: 'landing.step2.title', text: 'landing.step2.text' },
  { title: 'landing.step3.title', text: 'landing.step3.text' },
];

const EXPLORE: ReadonlyArray<{ to: string; title: MessageKey; text: MessageKey }> = [
  { to: paths.projects, title: 'landing.explore.homes.title', text: 'landing.explore.homes.text' },
  { to: paths.products, title: 'landing.explore.decor.title', text: 'landing.explore.decor.text' },
  { to: paths.studio, title: 'landing.explore.studios.title', text: 'landing.explore.studios.text' },
];

/** The e-mail rule's problem (shared/email.ts) in the page's language, by its catalogue key. */
function emailProblemIn(t: Translate, raw: string): string | undefined {
  const problem = emailProblemKey(raw);
  return problem === null ? undefined : t(problem);
}

/** A house in a few strokes: decoration only, drawn in CSS colours so it costs no request. */
function HouseArt() {
  return (
    <svg className="landing-hero__art" viewBox="0 0 320 240" aria-hidden="true" focusable="false">
      <path d="M20 220h280" />
      <path d="M60 220V118l80-62 80 62v102" />
      <path d="M40 132 140 54l100 78" />
      <path d="M118 220v-56h44v56" />
      <rect x="82" y="128" width="26" height="26" rx="3" />
      <rect x="172" y="128" width="26" height="26" rx="3" />
      <path d="M232 220v-70h56v70M226 154l34-26 34 26" />
      <circle cx="262" cy="64" r="18" className="landing-hero__sun" />
    </svg>
  );
}

// What does not change while the visitor types: each key re-renders the e-mail form alone, not the
// whole page (a keystroke on a 4×-slowed phone stays within INP's 200 ms, docs/decisions/0031).
const Consent = memo(ConsentNotice);

/** A short link's page is titled by its campaign (README, "Channels"). */
const LandingMeta = memo(function LandingMeta({ title }: { title?: string | undefined }) {
  const t = useT();
  return <PageMeta title={title ?? t('landing.title')} description={t('landing.description')} />;
});

const HeroCopy = memo(function HeroCopy({ title }: { title?: string | undefined }) {
  const t = useT();
  return (
    <div className="landing-hero__copy">
      <p className="landing-hero__eyebrow">{t('landing.eyebrow')}</p>
      <h1 id="landing-title">{title ?? t('landing.title')}</h1>
      <p className="landing-hero__lead">{t('landing.lead')}</p>
      <HouseArt />
    </div>
  );
});

const StepsAndExplore = memo(function StepsAndExplore() {
  const t = useT();
  return (
    <>
      <section className="landing-steps" aria-labelledby="steps-title">
        <h2 id="steps-title">{t('landing.stepsTitle')}</h2>
        <ol className="landing-steps__list">
          {STEPS.map((step, i) => (
            <li key={step.title} className="landing-step">
              <span className="landing-step__number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{t(step.title)}</h3>
              <p>{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="landing-explore" aria-labelledby="explore-title">
        <h2 id="explore-title">{t('landing.exploreTitle')}</h2>
        <ul className="landing-explore__list">
          {EXPLORE.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="landing-explore__link">
                <span className="landing-explore__title">{t(item.title)}</span>
                <span className="landing-explore__text">{t(item.text)}</span>
                <span className="landing-explore__arrow" aria-hidden="true">
                  →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
});

/** Set when the page starts fetching the survey: bench/bundles.ts counts what comes after it apart. */
const SURVEY_PRELOAD_MARK = 'abode:survey-preload';

/**
 * The survey's fetching ahead (survey-preload.ts), itself loaded only once the page is idle or the
 * visitor shows intent: this page's first-view script budget is tight (bench/bundles.ts).
 */
function surveyPreload() {
  if (performance.getEntriesByName(SURVEY_PRELOAD_MARK).length === 0) performance.mark(SURVEY_PRELOAD_MARK);
  return import('./survey-preload');
}

/** Runs `then` once the browser is idle (or after a while on a page that never is); returns the cancel. */
function whenIdle(then: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(then, { timeout: 5_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(then, 2_000); // Safari has no requestIdleCallback
  return () => clearTimeout(id);
}

/**
 * Runs the steps one a task (`setTimeout`): a key typed meanwhile is answered between two of them, not
 * after all (docs/decisions/0067).
 */
function inTurn(steps: Array<() => void>): void {
  const step = steps.shift();
  if (step === undefined) return;
  step();
  if (steps.length > 0) setTimeout(() => inTurn(steps), 0);
}

/**
 * What the visitor sends with the e-mail (README "Channels"): on a short link, its channel's code and
 * the UTM values (the channel's defaults under the link's own `utm_*`); on `/`, the UTM values and
 * referrer noted in this tab (web/lib/arrival.ts), without a channel: `/` starts the active campaign,
 * not a channel's.
 */
function arrivalToSend(channel: ChannelLink | undefined) {
  const { channel: _code, ...rest } = arrivalFields();
  return channel ? { ...rest, channel: channel.code } : rest;
}

/** Notes the arrival this page's address says (web/lib/arrival.ts), once, whichever caller comes first. */
function arrivalNote(channel: ChannelLink | undefined): () => void {
  let noted = false;
  return () => {
    if (noted) return;
    noted = true;
    noteArrival(arrivalHere(channel ? { code: channel.code, utm: channel.utm } : undefined));
  };
}

/** A short link that takes no one now: why, in the page's language, and how to reach the studio. */
function ChannelClosed({ channel }: { channel: ChannelLink }) {
  const t = useT();
  const site = useSiteSettings();
  // Inside another site's frame the studio's contact details are the way on (no link into the site).
  const { embedded } = useJourneyPaths();
  return (
    <>
      <Notice tone="info">{channel.message}</Notice>
      <p className="landing-card__text">
        {t('channel.contact', { email: site.email, phone: site.phone })} <a href={`mailto:${site.email}`}>{site.email}</a> ·{' '}
        <a href={telHref(site.phone)}>{site.phone}</a>
      </p>
      {embedded ? null : (
        <p>
          <Link to={paths.home}>{t('channel.home')}</Link>
        </p>
      )}
    </>
  );
}

/** `/` (and, with `channel`, a channel's short link `/s/<code>`: its campaign's own landing page). */
export function Component({ channel }: { channel?: ChannelLink | undefined } = {}) {
  const journey = useJourneyPaths();
  const language = useLanguage();

  // The survey is fetched while the visitor reads (survey-preload.ts): its files once the page is idle,
  // its module and questions once they focus the e-mail field — maybe before the app started (main.tsx).
  useEffect(() => whenIdle(() => void surveyPreload().then((ahead) => ahead.prefetchSurveyRunnerFiles())), []);
  // Where the visitor came from, noted for this tab: the e-mail, the contact form and the survey's
  // questions filled from the link read it (web/lib/arrival.ts). Once the page is idle, not with the
  // hydration's effects: the tab's first sessionStorage access waits for the browser process (up to
  // ~40 ms on a busy phone, docs/decisions/0067); the click, or leaving the page, notes it first.
  const noteHere = useMemo(() => arrivalNote(channel), [channel]);
  useEffect(() => {
    const cancel = whenIdle(noteHere);
    return () => {
      cancel();
      noteHere();
    };
  }, [noteHere]);
  // This page's texts and the survey's first page's need no Intl (plain texts and values, decision
  // 0067); what may (the runner) finds Intl's data loaded ahead (docs/decisions/0031): when the visitor
  // pauses, not at any idle moment: it is one task of 50–180 ms on a 4×-slowed phone, and a key typed
  // into the e-mail field between two idle frames waited for all of it (decision 0079). A visitor who
  // never pauses has it loaded while answering the survey's first page (survey-preload.ts runnerSteps).
  useEffect(() => whenQuiet(() => loadLocaleAhead(language)), [language]);
  return (
    <div className={journey.embedded ? 'landing landing--embed' : 'landing'}>
      <LandingMeta title={channel?.campaign.name} />
      <section className="landing-hero" aria-labelledby="landing-title">
        {/* Hydrated apart from the e-mail form (public-frame.tsx says why). */}
        <Suspense fallback={null}>
          <HeroCopy title={channel?.campaign.name} />
        </Suspense>
        <LandingCard channel={channel} noteHere={noteHere} />
      </section>

      {/* Inside another site's frame: the survey alone (decision 0034). */}
      {journey.embedded ? null : (
        <Suspense fallback={null}>
          <StepsAndExplore />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The card with the e-mail form. A component of its own, so that a key, and the form's switch to
 * hydrated, re-render the form alone: re-rendered with it, the page's other parts still waiting for
 * their own hydration (the Suspense boundaries above and below) were hydrated at once, inside the
 * key's task (React hydrates a dehydrated boundary whose parent re-renders before it goes on).
 */
function LandingCard({ channel, noteHere }: { channel: ChannelLink | undefined; noteHere: () => void }) {
  const navigate = useSiteNavigate();
  const journey = useJourneyPaths();
  const t = useT();
  const language = useLanguage();
  const say = useSaid();
  // The shared e-mail rule without zod: this page's script budget is tight (bench/bundles.ts).
  const [emailInput, setEmailInput] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const busy = status.kind === 'busy';
  const hydrated = useHydrated();
  const { notices } = useSiteSettings();
  // Separate from the survey and unticked until the visitor ticks it.
  const [newsletter, setNewsletter] = useState(false);

  // Without the router (the page as first served), the click shows the survey's first page in this
  // frame (light-survey.tsx), and SurveyJS loads while the visitor answers it: nothing of SurveyJS
  // runs while they type here, only its files are fetched. Inside the app, the runner is readied ahead.
  const showInPlace = useShowInPlace();
  const onFormFocus = () => {
    void surveyPreload().then((ahead) => {
      // A short link's campaign came with the page.
      const campaign = () => {
        if (!channel) ahead.prefetchActiveCampaign();
      };
      if (showInPlace) {
        // What the click itself needs, so it waits for no request but the e-mail's: the campaign, the
        // first page's module and the check for answers kept in this browser (1 KB; docs/decisions/0031),
        // then the runner's files. A task each: the first page's module alone links a dozen files.
        inTurn([
          campaign,
          () => void import('./light-survey').catch(() => undefined),
          () => void import('./survey-progress').catch(() => undefined),
          () => ahead.prefetchSurveyRunnerFiles(),
        ]);
        return;
      }
      campaign();
      ahead.preloadSurveyRunner();
      ahead.prepareSurveyAhead();
    });
  };
  useEffect(() => {
    const form = formRef.current;
    // The app starts after the page has loaded or at the first interaction (decision 0005): what the
    // visitor typed or ticked before that is theirs, not the first render's empty values.
    const box = form?.elements.namedItem('newsletter');
    if (box instanceof HTMLInputElement && box.checked) setNewsletter(true);
    const field = form?.elements.namedItem('email');
    if (field instanceof HTMLInputElement && field.value) setEmailInput(field.value);
    if (form?.contains(document.activeElement)) onFormFocus();
    // Once, when the app starts: what the visitor did before it belongs to the first render only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const start = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = emailProblemIn(t, emailInput);
    setEmailError(problem);
    if (problem) {
      (formRef.current?.elements.namedItem('email') as HTMLInputElement | null)?.focus();
      return;
    }
    const email = normaliseEmail(emailInput);
    noteHere();
    setStatus({ kind: 'busy' });
    try {
      const ahead = await surveyPreload();
      // The page's language: the consent records this page's notice (decision 0027) and the newsletter's
      // confirmation mail follows it (decision 0018). A short link's visitor answers its campaign and says
      // where they came from; a refusal comes in the page's language.
      const begun = await ahead.beginSurvey(
        email,
        { noticeVersion: notices.survey.version, newsletter, language, ...arrivalToSend(channel) },
        { light: showInPlace !== undefined, ...(channel ? { campaign: channel.campaign } : {}) },
      );
      if (begun.kind === 'survey') {
        const light = showInPlace ? await import('./light-survey').catch(() => null) : null;
        const place = showInPlace && {
          language,
          show: showInPlace,
          navigate,
          steps: ahead.runnerSteps(begun.start.questions, language),
          beforeRunner: ahead.beforeRunner,
        };
        if (light && place && light.openLightSurvey(begun.start, place)) return;
        await navigate(journey.startSurvey, { state: begun.start });
        return;
      }
      // No survey is running: the e-mail is kept for the newsletter, and the visitor is told so.
      setEmailInput('');
      setStatus({ kind: 'subscribed', message: begun.message });
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) setEmailError(say(error.errors[0]!));
      setStatus({ kind: 'error', message: errorSaid(error) });
    }
  };

  return (
    <div className="landing-card">
      <h2 className="landing-card__title">{t('landing.cardTitle')}</h2>
      <p className="landing-card__text">{t('landing.cardText')}</p>
      {channel && channel.status !== 'open' ? <ChannelClosed channel={channel} /> : null}
      <form
        hidden={channel !== undefined && channel.status !== 'open'}
        ref={formRef}
        className="landing-form"
        noValidate
        onFocus={onFormFocus}
        onSubmit={(event) => void start(event)}
      >
        <TextField
          name="email"
          value={emailInput}
          error={emailError}
          onChange={(value) => {
            setEmailInput(value);
            if (emailError) setEmailError(emailProblemIn(t, value));
          }}
          onBlur={() => emailInput && setEmailError(emailProblemIn(t, emailInput))}
          label={t('landing.emailLabel')}
          hideLabel
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('landing.emailPlaceholder')}
          required
        />
        <button type="submit" className="button button--accent landing-form__submit" disabled={busy || !hydrated}>
          {busy ? t('landing.busy') : t('landing.submit')}
        </button>
        <Consent idPrefix="landing" notice={notices.survey} newsletterNotice={notices.newsletter} newsletter={newsletter} onNewsletterChange={setNewsletter} />
      </form>
      {status.kind === 'subscribed' ? (
        <Notice tone="success">
          {t(status.message)} {t('landing.noSurvey')}
        </Notice>
      ) : null}
      {status.kind === 'error' ? <Notice tone="error">{say(status.message)}</Notice> : null}
    </div>
  );
}

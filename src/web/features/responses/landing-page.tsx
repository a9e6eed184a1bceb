import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { emailProblem, normaliseEmail } from '#shared/email';
import { paths } from '#shared/paths';
import { useSiteSettings } from '#web/app/site-settings';
import { Notice } from '#web/components/notice';
import { PageMeta } from '#web/components/page-meta';
import { TextField } from '#web/components/text-field';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { useHydrated } from '#web/lib/use-hydrated';
import { ConsentNotice } from '#web/features/consent/consent-notice';
import './landing.css';

type Status =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'subscribed'; message: string }
  | { kind: 'error'; message: string };

const STEPS = [
  { title: 'Tell us how you live', text: 'Two minutes on the home you picture: size, budget, neighbourhood, the light you like to wake up to.' },
  { title: 'Get a shortlist', text: 'An advisor picks homes and interior ideas that match, from our own projects and trusted builders.' },
  { title: 'Visit with an expert', text: 'Walk through the homes you like with someone who knows the locality, the paperwork and the finishes.' },
];

const EXPLORE = [
  { to: paths.projects, title: 'Homes', text: 'Apartments, villas and plots we have built or curated.' },
  { to: paths.products, title: 'Decor', text: 'Furniture and finishes from our design studio.' },
  { to: paths.studio, title: 'Studios', text: 'Come by, see materials, meet a designer.' },
];

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

export function Component() {
  const navigate = useNavigate();
  // The shared e-mail rule without zod: this page's script budget is tight (bench/bundles.ts).
  const [emailInput, setEmailInput] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const busy = status.kind === 'busy';
  const hydrated = useHydrated();
  const { notices } = useSiteSettings();
  // Separate from the survey and unticked until the visitor ticks it (issue 24 §5).
  const [newsletter, setNewsletter] = useState(false);

  // The survey is fetched while the visitor reads (survey-preload.ts): its files once the page is idle,
  // its module and questions once they focus the e-mail field — maybe before the app started (main.tsx).
  useEffect(() => whenIdle(() => void surveyPreload().then((ahead) => ahead.prefetchSurveyRunnerFiles())), []);
  const onFormFocus = () => {
    void surveyPreload().then((ahead) => {
      ahead.preloadSurveyRunner();
      ahead.prefetchActiveCampaign();
      ahead.prepareSurveyWhenQuiet();
    });
  };
  useEffect(() => {
    if (formRef.current?.contains(document.activeElement)) onFormFocus();
  }, []);

  const start = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = emailProblem(emailInput);
    setEmailError(problem ?? undefined);
    if (problem) {
      (formRef.current?.elements.namedItem('email') as HTMLInputElement | null)?.focus();
      return;
    }
    const email = normaliseEmail(emailInput);
    setStatus({ kind: 'busy' });
    try {
      const begun = await (await surveyPreload()).beginSurvey(email, { noticeVersion: notices.survey.version, newsletter });
      if (begun.kind === 'survey') {
        await navigate(paths.startSurvey, { state: begun.start });
        return;
      }
      // No survey is running: the e-mail is kept for the newsletter, and the visitor is told so.
      setEmailInput('');
      setStatus({ kind: 'subscribed', message: begun.message });
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) setEmailError(error.errors[0]!.message);
      setStatus({ kind: 'error', message: errorMessage(error) });
    }
  };

  return (
    <div className="landing">
      <PageMeta
        title="Find a home that fits the way you live"
        description="Tell us about the life you want in a two-minute survey and get a shortlist of homes and interiors that match."
      />
      <section className="landing-hero" aria-labelledby="landing-title">
        <div className="landing-hero__copy">
          <p className="landing-hero__eyebrow">Homes · Interiors · Decor</p>
          <h1 id="landing-title">Find a home that fits the way you live</h1>
          <p className="landing-hero__lead">
            Answer a few questions about your lifestyle and budget. Our advisors shortlist homes and interiors that suit you, and
            call you when something fits.
          </p>
          <HouseArt />
        </div>

        <div className="landing-card">
          <h2 className="landing-card__title">Start your home survey</h2>
          <p className="landing-card__text">It takes about two minutes.</p>
          <form ref={formRef} className="landing-form" noValidate onFocus={onFormFocus} onSubmit={(event) => void start(event)}>
            <TextField
              name="email"
              value={emailInput}
              error={emailError}
              onChange={(value) => {
                setEmailInput(value);
                if (emailError) setEmailError(emailProblem(value) ?? undefined);
              }}
              onBlur={() => emailInput && setEmailError(emailProblem(emailInput) ?? undefined)}
              label="E-mail address"
              hideLabel
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="Enter email to begin survey"
              required
            />
            <button type="submit" className="button button--accent landing-form__submit" disabled={busy || !hydrated}>
              {busy ? 'One moment…' : 'Choose Your Lifestyle'}
            </button>
            <ConsentNotice idPrefix="landing" notice={notices.survey} newsletterNotice={notices.newsletter} newsletter={newsletter} onNewsletterChange={setNewsletter} />
          </form>
          {status.kind === 'subscribed' ? (
            <Notice tone="success">
              {status.message} There is no survey running right now; we will write to you when the next one opens.
            </Notice>
          ) : null}
          {status.kind === 'error' ? <Notice tone="error">{status.message}</Notice> : null}
        </div>
      </section>

      <section className="landing-steps" aria-labelledby="steps-title">
        <h2 id="steps-title">How it works</h2>
        <ol className="landing-steps__list">
          {STEPS.map((step, i) => (
            <li key={step.title} className="landing-step">
              <span className="landing-step__number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="landing-explore" aria-labelledby="explore-title">
        <h2 id="explore-title">Or look around first</h2>
        <ul className="landing-explore__list">
          {EXPLORE.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="landing-explore__link">
                <span className="landing-explore__title">{item.title}</span>
                <span className="landing-explore__text">{item.text}</span>
                <span className="landing-explore__arrow" aria-hidden="true">
                  →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

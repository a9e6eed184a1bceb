import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Model, settings, type CompletingEvent, type ITheme, type SurveyModel } from 'survey-core';
import { Survey } from 'survey-react-ui';
import 'survey-core/survey-core.fontless.min.css';
import { CAMPAIGN_MESSAGES } from '../../../shared/campaigns/campaigns.contract';
import { SURVEY_FILE_MESSAGES } from '../../../shared/campaigns/survey-files.contract';
import { paths } from '../../../shared/paths';
import type { ListingMatches } from '../../../shared/matching/listing-match';
import '../../../shared/survey/custom-properties';
import { isPlainObject } from '../../../shared/json-object';
import { Notice } from '../../components/notice';
import { PageMeta } from '../../components/page-meta';
import { ApiError, errorMessage } from '../../lib/api-client';
import { fetchActiveCampaign, submitSurveyResponse } from './campaigns-api';
import { readSurveyState, type ResultState, type SurveyState } from './journey-state';
import { fetchSurveyProgress, forgetResume, heldResume, holdResume, saveSurveyProgress } from './survey-progress';
import { answersTooLarge, sendFilesSeparately } from './survey-files';
import { guardSurvey } from './survey-safety';
import './start-survey.css';

/** SurveyJS in the site's dark blue, with the site's own font (the stylesheet loads none). */
const SURVEY_THEME: ITheme = {
  themeName: 'default',
  colorPalette: 'light',
  isPanelless: false,
  cssVariables: {
    '--sjs2-color-project-brand-600': '#1d4e89',
    '--sjs2-color-utility-surface-survey': '#f4f6fa',
    '--sjs2-color-fg-brand-primary': '#1d4e89',
    '--sjs2-typography-font-family-text': "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
};

const noSubscription = () => () => {};

/** SurveyJS renders in the browser only: false on the server and during hydration. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

// A bar that fills page by page ("Page 2 of 4"), rather than v3's row of page dots.
settings.legacyProgressBarView = true;

function createSurvey(questions: string): Model {
  const survey = new Model(JSON.parse(questions));
  // The page shows the title itself, so the progress bar is the first thing of the survey.
  survey.showTitle = false;
  survey.showProgressBar = true;
  survey.progressBarLocation = 'aboveHeader';
  survey.applyTheme(SURVEY_THEME);
  // The answers are sent before SurveyJS would clear hidden questions' values on completion.
  if (survey.clearInvisibleValues === 'onComplete') survey.clearInvisibleValues = 'onHidden';
  guardSurvey(survey, { navigate: true });
  return survey;
}

/** A model built ahead by `prepareSurvey`, taken (once) by the runner that shows these questions. */
let prepared: { questions: string; survey: Model } | null = null;

/**
 * Builds the SurveyJS model of these questions ahead of the visit: the landing page calls it
 * (survey-preload.ts) while the visitor pauses, because building it is a good part of the runner's
 * first render on a slow phone (about 200 ms with a 4× CPU slowdown).
 */
export function prepareSurvey(questions: string): void {
  if (prepared?.questions !== questions) prepared = { questions, survey: createSurvey(questions) };
}

function takeSurvey(questions: string): Model {
  const ready = prepared?.questions === questions ? prepared.survey : null;
  prepared = null;
  return ready ?? createSurvey(questions);
}

/**
 * The survey in progress, kept in the tab's sessionStorage so a refresh or a tap on Back resumes
 * where the visitor was at once, even offline (issue 12 item 14); removed once the response is
 * stored. Coming back another day goes through the answers kept on the server (issue 17).
 */
const SAVED_SURVEY_KEY = 'abode.survey-in-progress';

interface SavedSurvey {
  journey: SurveyState;
  answers: Record<string, unknown>;
  currentPageNo: number;
}

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled: the survey simply does not resume
  }
}

function readSavedSurvey(): SavedSurvey | null {
  try {
    const saved: unknown = JSON.parse(tabStorage()?.getItem(SAVED_SURVEY_KEY) ?? 'null');
    if (!isPlainObject(saved) || !isPlainObject(saved.answers) || !Number.isInteger(saved.currentPageNo)) return null;
    const journey = readSurveyState(saved.journey);
    return journey ? { journey, answers: saved.answers, currentPageNo: saved.currentPageNo as number } : null;
  } catch {
    return null;
  }
}

function saveSurvey(journey: SurveyState, survey: SurveyModel): void {
  const saved: SavedSurvey = { journey, answers: survey.data as Record<string, unknown>, currentPageNo: survey.currentPageNo };
  try {
    tabStorage()?.setItem(SAVED_SURVEY_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or disabled: the survey still works, it just will not resume.
  }
}

function forgetSavedSurvey(): void {
  try {
    tabStorage()?.removeItem(SAVED_SURVEY_KEY);
  } catch {
    // nothing to forget
  }
}

const sameJourney = (a: SurveyState, b: SurveyState) =>
  a.email === b.email && a.emailId === b.emailId && a.campaignId === b.campaignId && a.questions === b.questions;

/** A page change is saved after this pause (a visitor paging back and forth sends one request). */
const SAVE_DELAY_MS = 400;

/**
 * Keeps the answers on the server as the visitor goes (issue 17): after each page change (shortly)
 * and whenever the page is hidden (at once, with keepalive, as a tab closes). Never in the visitor's
 * way: a failed save is silent and goes again with the next change. One save at a time, so the
 * resume token this browser holds is always the newest.
 */
function useProgressSaving(model: SurveyModel, journey: { campaignId: string; email: string; emailId: string }) {
  const { campaignId, email, emailId } = journey;
  useEffect(() => {
    let dirty = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight = false;
    let again = false;
    let finished = false;

    const send = (keepalive: boolean) => {
      clearTimeout(timer);
      timer = undefined;
      if (!dirty || finished) return;
      if (inFlight && !keepalive) {
        again = true;
        return;
      }
      dirty = false;
      inFlight = true;
      const held = heldResume();
      const resumeToken = held && held.emailId === emailId ? held.token : undefined;
      const response = { email, emailId, answer: model.data as Record<string, unknown>, page: model.currentPageNo, resumeToken };
      saveSurveyProgress(campaignId, response, { keepalive })
        .then(
          (saved) => {
            if (!finished) holdResume({ email, emailId, campaignId, token: saved.resumeToken });
          },
          (error: unknown) => {
            // Finished (here or elsewhere): nothing more to keep. Anything else: try with the next change.
            if (error instanceof ApiError && error.code === 'SURVEY_FINISHED') finished = true;
            else dirty = true;
          },
        )
        .finally(() => {
          inFlight = false;
          if (again) {
            again = false;
            send(false);
          }
        });
    };
    const changed = () => {
      dirty = true;
    };
    const pageChanged = () => {
      dirty = true;
      clearTimeout(timer);
      timer = setTimeout(() => send(false), SAVE_DELAY_MS);
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') send(true);
    };
    const pageHidden = () => send(true);
    // The answers are being sent as the response: a pending save would only be refused.
    const completing = () => clearTimeout(timer);
    const completed = () => {
      finished = true;
      clearTimeout(timer);
    };

    model.onValueChanged.add(changed);
    model.onCurrentPageChanged.add(pageChanged);
    model.onCompleting.add(completing);
    model.onComplete.add(completed);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', pageHidden);
    return () => {
      clearTimeout(timer);
      model.onValueChanged.remove(changed);
      model.onCurrentPageChanged.remove(pageChanged);
      model.onCompleting.remove(completing);
      model.onComplete.remove(completed);
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', pageHidden);
    };
  }, [model, campaignId, email, emailId]);
}

function SurveyRunner({ state, saved }: { state: SurveyState; saved: SavedSurvey | null }) {
  const navigate = useNavigate();
  // This tab's own copy is the newest (a reload); else the answers kept on the server, if any.
  const [restored] = useState(() =>
    saved && sameJourney(saved.journey, state)
      ? { answers: saved.answers, page: saved.currentPageNo, welcome: false }
      : state.resumed
        ? { ...state.resumed, welcome: true }
        : null,
  );
  const [model] = useState(() => {
    const survey = takeSurvey(state.questions);
    sendFilesSeparately(survey, state);
    if (restored) {
      survey.data = restored.answers;
      if (restored.page < survey.visiblePageCount) survey.currentPageNo = restored.page;
    }
    return survey;
  });
  useProgressSaving(model, state);
  const [tooLarge, setTooLarge] = useState(false);
  const title = model.title || 'Your home survey';
  const [failed, setFailed] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const { campaignId, email, emailId, questions } = state;

  useEffect(() => {
    // The answers are sent before the survey counts as completed: if sending fails, the visitor
    // stays on the last page with every answer and can press the button again.
    // The server's matches for these answers, handed on to /result.
    let matches: ListingMatches | undefined;
    const send = async (sender: SurveyModel, options: CompletingEvent) => {
      setFailed(false);
      const refused = answersTooLarge({ campaignId, email, emailId }, sender.data);
      setTooLarge(refused);
      if (refused) {
        // Refused before sending: the visitor stays on the page with everything typed.
        options.allow = false;
        return;
      }
      try {
        ({ matches } = await submitSurveyResponse(campaignId, { email, emailId, answer: sender.data }));
        forgetSavedSurvey();
        // The server has deleted the kept answers and their tokens with the response.
        forgetResume();
      } catch {
        options.allow = false;
        setFailed(true);
      }
    };
    const done = (sender: SurveyModel) => {
      const result: ResultState = { questions, answers: sender.data, locale: sender.locale, matches };
      void navigate(paths.result, { state: result, replace: true });
    };
    model.onCompleting.add(send);
    model.onComplete.add(done);
    return () => {
      model.onCompleting.remove(send);
      model.onComplete.remove(done);
    };
  }, [model, navigate, campaignId, email, emailId, questions]);

  useEffect(() => {
    const save = (sender: SurveyModel) => saveSurvey({ campaignId, email, emailId, questions }, sender);
    model.onValueChanged.add(save);
    model.onCurrentPageChanged.add(save);
    return () => {
      model.onValueChanged.remove(save);
      model.onCurrentPageChanged.remove(save);
    };
  }, [model, campaignId, email, emailId, questions]);

  useEffect(() => {
    if (failed || tooLarge) errorRef.current?.scrollIntoView({ block: 'center' });
  }, [failed, tooLarge]);

  return (
    <>
      <header className="start-survey__header">
        <p className="start-survey__eyebrow">Home survey</p>
        <h1>{title}</h1>
        {model.description ? <p className="start-survey__description">{model.description}</p> : null}
        <p className="start-survey__for">
          Answering as <strong>{email}</strong>
        </p>
        {restored?.welcome ? <Notice tone="success">{CAMPAIGN_MESSAGES.welcomeBack}</Notice> : null}
      </header>
      <Survey model={model} />
      <div ref={errorRef} className="start-survey__error">
        {tooLarge ? <Notice tone="error">{SURVEY_FILE_MESSAGES.answersTooLarge}</Notice> : null}
        {failed ? (
          <Notice tone="error">
            {CAMPAIGN_MESSAGES.submitFailed} Your answers are safe: press the button above to send them again.
          </Notice>
        ) : null}
      </div>
    </>
  );
}

/**
 * /startsurvey?resume=<token>, the link of the "continue" e-mail: loads the answers kept for the
 * active campaign and the e-mail record they belong to, then runs the survey from there. This browser
 * now holds the token; the link leaves the address bar (and the history) at once.
 */
function ResumeFromLink({ token }: { token: string }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const campaign = await fetchActiveCampaign();
        if (!campaign) throw new ApiError(404, CAMPAIGN_MESSAGES.resumeLinkInvalid, [], 'RESUME_LINK_INVALID');
        const progress = await fetchSurveyProgress(campaign._id, token);
        if (cancelled) return;
        holdResume({ email: progress.email, emailId: progress.emailId, campaignId: campaign._id, token });
        const state: SurveyState = {
          email: progress.email,
          emailId: progress.emailId,
          campaignId: campaign._id,
          questions: campaign.questions,
          resumed: { answers: progress.answer, page: progress.page },
        };
        await navigate(paths.startSurvey, { state, replace: true });
      } catch (error) {
        if (cancelled) return;
        setProblem(error instanceof ApiError && error.code === 'RESUME_LINK_INVALID' ? CAMPAIGN_MESSAGES.resumeLinkInvalid : errorMessage(error));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [token, navigate]);

  if (!problem) return <p className="start-survey__loading">Loading your answers…</p>;
  return (
    <div className="start-survey__error">
      <Notice tone="error">{problem}</Notice>
      <p>
        <Link to={paths.home}>Go to the home page</Link>
      </p>
    </div>
  );
}

export function Component() {
  const location = useLocation();
  const navState = readSurveyState(location.state);
  const hydrated = useHydrated();
  // sessionStorage is read in the browser only; until then a missing state just shows "Loading".
  const saved = useMemo(() => (hydrated ? readSavedSurvey() : null), [hydrated]);
  const resumeToken = new URLSearchParams(location.search).get('resume');
  const state = navState ?? (resumeToken ? null : (saved?.journey ?? null));
  if (hydrated && !state && resumeToken) {
    return (
      <div className="start-survey">
        <PageMeta title="Your home survey" description="Continue your home survey where you stopped." />
        <ResumeFromLink token={resumeToken} />
      </div>
    );
  }
  if (!state && hydrated) return <Navigate to={paths.home} replace />;

  return (
    <div className="start-survey">
      <PageMeta title="Your home survey" description="Tell us about the home you want: it takes about two minutes." />
      {hydrated && state ? <SurveyRunner state={state} saved={saved} /> : <p className="start-survey__loading">Loading your survey…</p>}
    </div>
  );
}

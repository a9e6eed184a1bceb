import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
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
import { submitSurveyResponse } from './campaigns-api';
import { readSurveyState, type ResultState, type SurveyState } from './journey-state';
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

/**
 * The survey in progress, kept in the tab's sessionStorage so a refresh or a tap on Back resumes
 * where the visitor was (issue 12 item 14); removed once the response is stored.
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

function SurveyRunner({ state, saved }: { state: SurveyState; saved: SavedSurvey | null }) {
  const navigate = useNavigate();
  const [model] = useState(() => {
    const survey = createSurvey(state.questions);
    sendFilesSeparately(survey, state);
    if (saved && sameJourney(saved.journey, state)) {
      survey.data = saved.answers;
      if (saved.currentPageNo < survey.visiblePageCount) survey.currentPageNo = saved.currentPageNo;
    }
    return survey;
  });
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

export function Component() {
  const location = useLocation();
  const navState = readSurveyState(location.state);
  const hydrated = useHydrated();
  // sessionStorage is read in the browser only; until then a missing state just shows "Loading".
  const saved = useMemo(() => (hydrated ? readSavedSurvey() : null), [hydrated]);
  const state = navState ?? saved?.journey ?? null;
  if (!state && hydrated) return <Navigate to={paths.home} replace />;

  return (
    <div className="start-survey">
      <PageMeta title="Your home survey" description="Tell us about the home you want: it takes about two minutes." />
      {hydrated && state ? <SurveyRunner state={state} saved={saved} /> : <p className="start-survey__loading">Loading your survey…</p>}
    </div>
  );
}

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Model, settings, type CompletingEvent, type ITheme, type SurveyModel } from 'survey-core';
import { Survey } from 'survey-react-ui';
import 'survey-core/survey-core.fontless.min.css';
import { CAMPAIGN_MESSAGES } from '../../../shared/campaigns';
import { paths } from '../../../shared/paths';
import { Notice } from '../../components/notice';
import { PageMeta } from '../../components/page-meta';
import { submitSurveyResponse } from './campaigns-api';
import { readSurveyState, type ResultState, type SurveyState } from './journey-state';
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
  return survey;
}

function SurveyRunner({ state }: { state: SurveyState }) {
  const navigate = useNavigate();
  const [model] = useState(() => createSurvey(state.questions));
  const title = model.title || 'Your home survey';
  const [failed, setFailed] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const { campaignId, email, emailId, questions } = state;

  useEffect(() => {
    // The answers are sent before the survey counts as completed: if sending fails, the visitor
    // stays on the last page with every answer and can press the button again.
    const send = async (sender: SurveyModel, options: CompletingEvent) => {
      setFailed(false);
      try {
        await submitSurveyResponse(campaignId, { email, emailId, answer: sender.data });
      } catch {
        options.allow = false;
        setFailed(true);
      }
    };
    const done = (sender: SurveyModel) => {
      const result: ResultState = { questions, answers: sender.data };
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
    if (failed) errorRef.current?.scrollIntoView({ block: 'center' });
  }, [failed]);

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
  const state = readSurveyState(location.state);
  const hydrated = useHydrated();
  if (!state) return <Navigate to={paths.home} replace />;

  return (
    <div className="start-survey">
      <PageMeta title="Your home survey" description="Tell us about the home you want: it takes about two minutes." />
      {hydrated ? <SurveyRunner state={state} /> : <p className="start-survey__loading">Loading your survey…</p>}
    </div>
  );
}

import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Model, settings, type CompletingEvent, type ITheme, type SurveyModel } from 'survey-core';
import { Survey } from 'survey-react-ui';
import type * as ReactDomClient from 'react-dom/client';
import 'survey-core/survey-core.fontless.min.css';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { paths } from '#shared/paths';
import type { ListingMatches } from '#shared/matching/listing-match';
import '#shared/survey-json/custom-properties';
import { linkAnswers } from '#shared/survey-json/link-values';
import { linkParams } from '#web/lib/arrival';
import { isPlainObject } from '#shared/json-object';
import { preloadPage } from '#web/lib/page-preload';
import { Notice } from '#web/components/notice';
import { PageMeta } from '#web/components/page-meta';
import { ApiError, errorSaid } from '#web/lib/api-client';
import type { Said } from '#shared/api-error';
import { useClientRender } from '#web/lib/use-hydrated';
import { useLanguage, useSaid, useT } from '#web/lib/i18n';
import type { Language } from '#shared/i18n/languages';
import { applySurveyLanguage, documentLanguage, loadSurveyStrings } from '#web/lib/survey-language';
import { submitSurveyResponse } from './campaigns-api';
import { emailRecord } from './email-record';
import { markSurveyJourney, readSurveyStart, readSurveyState, type ResultState, type SurveyStart, type SurveyState } from './journey-state';
import { fetchSurveyResume, forgetResume, heldResume, holdResume, saveSurveyProgress } from './survey-progress';
import { useSurveyHistory } from './survey-history';
import { answersTooLarge, sendFilesSeparately, type SurveyVisitor } from './survey-files';
import { guardSurvey } from '#web/lib/survey-safety';
import { useJourneyPaths } from './journey-paths';
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
    // As the site's text (styles/devanagari.css): Devanagari letters from the self-hosted Noto Sans
    // Devanagari, declared on Hindi pages only (elsewhere the name matches no font and is skipped).
    '--sjs2-typography-font-family-text': "Inter, 'Noto Sans Devanagari', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
};

// A bar that fills page by page ("Page 2 of 4"), rather than v3's row of page dots.
settings.legacyProgressBarView = true;

function createSurvey(questions: string, language: Language): Model {
  const json: unknown = JSON.parse(questions);
  const survey = new Model(json);
  // A text answer is the model's as it is typed, not only once the field loses focus (SurveyJS's
  // default): SurveyJS re-renders a question whenever its layout changes — on a phone, the runner's
  // first render is in the wide layout and turns mobile a frame later (its ResizeObserver), and
  // again when the phone is turned — and a re-render puts the model's value back into the field, so
  // what was typed until then was wiped and a required question refused Next. Also, the answers
  // saved as the page is hidden then include the field being typed in. A survey that chose its own
  // mode keeps it.
  if (!(isPlainObject(json) && 'textUpdateMode' in json)) survey.textUpdateMode = 'onTyping';
  // The page's language when the survey has it (survey-language.ts), else its default one.
  applySurveyLanguage(survey, language);
  // The page shows the title itself, so the progress bar is the first thing of the survey.
  survey.showTitle = false;
  survey.showProgressBar = true;
  survey.progressBarLocation = 'aboveHeader';
  survey.applyTheme(SURVEY_THEME);
  // The answers are sent before SurveyJS would clear hidden questions' values on completion.
  if (survey.clearInvisibleValues === 'onComplete') survey.clearInvisibleValues = 'onHidden';
  // The visitor goes from the last page straight to /result: SurveyJS's own
  // "Thank you for completing the survey" never shows. The runner never lets the model complete;
  // this is the second lock.
  survey.showCompletePage = false;
  guardSurvey(survey, { navigate: true });
  return survey;
}

/**
 * Set when a model is built ahead, when its rehearsal begins to render and when that is done:
 * bench/survey-open.ts reports them, and e2e/survey-prefetch.e2e.ts taps on the way.
 */
const SURVEY_PREPARED_MARK = 'abode:survey-prepared';
const SURVEY_REHEARSAL_MARK = 'abode:survey-rehearsal';
const SURVEY_REHEARSED_MARK = 'abode:survey-rehearsed';

/**
 * A model built ahead by `prepareSurvey`, taken (once) by the runner that shows these questions.
 * `rehearsal` is the detached root its first render is being rehearsed in, until it is unmounted.
 */
let prepared: { questions: string; language: Language; survey: Model; rehearsal: ReactDomClient.Root | null } | null = null;

/**
 * Builds the SurveyJS model of these questions ahead of the visit: the landing page calls it
 * (survey-preload.ts) at the first idle moment once the runner and the campaign have arrived,
 * because building it is a good part of the runner's first render on a slow phone (about 100 ms
 * with a 4× CPU slowdown, a task of its own between two keys). Then its first render is rehearsed.
 */
export function prepareSurvey(questions: string): void {
  // Once a survey runs, work ahead is only in its way (the visitor is answering).
  const language = documentLanguage();
  if (started || (prepared?.questions === questions && prepared.language === language)) return;
  // SurveyJS's Hindi texts are loaded first on a Hindi page (an English page never fetches them).
  if (language !== 'en') {
    loadSurveyStrings(language).then(
      () => {
        if (!started && !(prepared?.questions === questions && prepared.language === language)) prepareReady(questions, language);
      },
      () => undefined,
    );
    return;
  }
  prepareReady(questions, language);
}

function prepareReady(questions: string, language: Language): void {
  // React DOM's client is the app's own (start-app.tsx), loaded long before: imported here, not
  // statically, so the runner's files stay its own (the server lists them to prefetch). Asked for
  // before the build, so that its small chunk's round trip (150 ms on slow 4G) overlaps it.
  const client = import('react-dom/client');
  const survey = createSurvey(questions, language);
  performance.mark(SURVEY_PREPARED_MARK);
  const ahead: NonNullable<typeof prepared> = { questions, language, survey, rehearsal: null };
  prepared = ahead;
  rehearse(ahead, client);
}

/**
 * Renders the survey once into an element outside the page, then unmounts it: the browser compiles
 * SurveyJS's rendering code now, while the visitor is on the landing page, rather than after the
 * click. The first real render is then about half as long (decision 0012). It renders as a
 * transition, so React gives way to the visitor's keys every few milliseconds. Nothing of it reaches
 * the page: the element is never attached, so there is no style, layout or focus.
 */
function rehearse(ahead: NonNullable<typeof prepared>, client: Promise<typeof ReactDomClient>): void {
  void client
    .then(({ createRoot }) => {
      if (started || prepared !== ahead) return; // the runner has started meanwhile
      // Unmounting a root twice is harmless (the tap may have stopped it first).
      const root = createRoot(document.createElement('div'));
      ahead.rehearsal = root;
      const rendered = () => {
        // After the commit, in a task of its own: unmounting inside the commit would be React's warning.
        setTimeout(() => {
          root.unmount();
          if (prepared === ahead && ahead.rehearsal === root) {
            ahead.rehearsal = null;
            performance.mark(SURVEY_REHEARSED_MARK);
          }
        }, 0);
      };
      performance.mark(SURVEY_REHEARSAL_MARK);
      startTransition(() => root.render(<Rehearsal model={ahead.survey} onRendered={rendered} />));
    })
    .catch(() => {
      // Only a head start: the runner renders it anyway.
    });
}

function Rehearsal({ model, onRendered }: { model: Model; onRendered: () => void }) {
  useEffect(() => onRendered(), [onRendered]);
  return <Survey model={model} />;
}

/**
 * The click that goes to the survey (survey-preload.ts) stops a rehearsal still under way, before the
 * page renders. Unmounting its root then is safe for the model: the rehearsal's SurveyJS components
 * either never mounted (a transition not yet committed) or unmount before the page's mount; and the
 * model is the page's alone.
 */
export function stopWorkAhead(): void {
  prepared?.rehearsal?.unmount();
  if (prepared) prepared.rehearsal = null;
}

/** Set when the runner takes its model: nothing is built or rehearsed ahead after that. */
let started = false;

/**
 * The model built ahead, if it is ready to show: never one whose rehearsal is still under way (a
 * page reached without the landing page's click). Unmounting a SurveyJS tree stops its model's
 * resize observer and render callback, so a rehearsal unmounted after the page's mount would leave
 * the page's survey in the wrong layout. That rehearsal is dropped with its model, and the runner
 * builds its own (its code is warm).
 */
function takeSurvey(questions: string, language: Language): Model {
  started = true;
  const ahead = prepared?.questions === questions && prepared.language === language ? prepared : null;
  prepared = null;
  const rehearsal = ahead?.rehearsal;
  if (rehearsal) {
    setTimeout(() => rehearsal.unmount(), 0); // not during this render
    return createSurvey(questions, language);
  }
  return ahead?.survey ?? createSurvey(questions, language);
}

/**
 * The survey in progress, kept in the tab's sessionStorage so a refresh or a tap on Back resumes
 * where the visitor was at once, even offline; removed once the response is
 * stored. Coming back another day goes through the answers kept on the server.
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

/** This tab's saved survey is this journey's (whose record id the start may not know yet). */
const sameJourney = (saved: SurveyState, start: SurveyStart) =>
  saved.email === start.email &&
  (start.emailId === undefined || saved.emailId === start.emailId) &&
  saved.campaignId === start.campaignId &&
  saved.questions === start.questions;

/** A page change is saved after this pause (a visitor paging back and forth sends one request). */
const PAGE_SAVE_DELAY_MS = 400;
/** An answer is saved after this pause with no other change (answers share PUBLIC_WRITE_LIMIT with every public write). */
const ANSWER_SAVE_DELAY_MS = 2_000;

/**
 * Keeps the answers on the server as the visitor goes: after each answer or page change (shortly)
 * and whenever the page is hidden (at once, with keepalive, as a tab closes). Never in the visitor's
 * way: a failed save is silent and goes again with the next change. One save at a time, so the
 * resume token this browser holds is always the newest.
 */
/** Returns what stops the saving once the response is stored. */
function useProgressSaving(model: SurveyModel, journey: SurveyVisitor | null, answeredIn: Language): () => void {
  // Until the e-mail record is stored (email-record.ts) there is nothing to save against: a save
  // asked for meanwhile goes once it is.
  const visitor = useRef(journey);
  const flush = useRef<() => void>(() => undefined);
  const finish = useRef<() => void>(() => undefined);
  useEffect(() => {
    visitor.current = journey;
    if (journey) flush.current();
  }, [journey]);

  useEffect(() => {
    let dirty = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight = false;
    let again = false;
    let finished = false;
    let waiting = false;

    const send = (keepalive: boolean) => {
      clearTimeout(timer);
      timer = undefined;
      const who = visitor.current;
      if (!dirty || finished) return;
      if (!who) {
        waiting = true;
        return;
      }
      if (inFlight && !keepalive) {
        again = true;
        return;
      }
      dirty = false;
      inFlight = true;
      const { campaignId, email, emailId } = who;
      const held = heldResume();
      const resumeToken = held && held.emailId === emailId ? held.token : undefined;
      const response = {
        email,
        emailId,
        answer: model.data as Record<string, unknown>,
        page: model.currentPageNo,
        resumeToken,
        ...(answeredIn === 'en' ? {} : { language: answeredIn }),
      };
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
    flush.current = () => {
      if (!waiting) return;
      waiting = false;
      send(false);
    };
    const saveAfter = (ms: number) => {
      dirty = true;
      clearTimeout(timer);
      timer = setTimeout(() => send(false), ms);
    };
    // An answer is saved after a longer pause than a page change: a phone the system kills without
    // a pagehide loses at most the last moment's answer, and a visitor ticking boxes sends one save.
    const changed = () => saveAfter(ANSWER_SAVE_DELAY_MS);
    const pageChanged = () => saveAfter(PAGE_SAVE_DELAY_MS);
    const hidden = () => {
      if (document.visibilityState === 'hidden') send(true);
    };
    const pageHidden = () => send(true);
    // The answers are being sent as the response: a pending save would only be refused.
    const completing = () => clearTimeout(timer);
    // The response is stored (the model itself never completes: see SurveyRunner).
    finish.current = () => {
      finished = true;
      clearTimeout(timer);
    };

    model.onValueChanged.add(changed);
    model.onCurrentPageChanged.add(pageChanged);
    model.onCompleting.add(completing);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', pageHidden);
    return () => {
      clearTimeout(timer);
      flush.current = () => undefined;
      finish.current = () => undefined;
      model.onValueChanged.remove(changed);
      model.onCurrentPageChanged.remove(pageChanged);
      model.onCompleting.remove(completing);
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', pageHidden);
    };
  }, [model, answeredIn]);

  return useCallback(() => finish.current(), []);
}

type RecordStatus =
  | { kind: 'ready'; journey: SurveyState }
  | { kind: 'pending' }
  /** Answers for this e-mail are kept from another device: they are e-mailed, not shown here. */
  | { kind: 'linkSent'; journey: SurveyState }
  /** `retry` false: this survey can no longer be answered (its campaign was switched off). */
  | { kind: 'failed'; message: Said; retry: boolean };

/**
 * The visitor's e-mail record: known at once when the journey has it, else stored while the survey
 * shows (email-record.ts). `ready` resolves with the journey once it is (a file chosen meanwhile
 * waits on it).
 */
function useEmailRecord(start: SurveyStart) {
  const [first] = useState(start);
  const [status, setStatus] = useState<RecordStatus>(() =>
    first.emailId ? { kind: 'ready', journey: { ...first, emailId: first.emailId } } : { kind: 'pending' },
  );
  const [ready] = useState(() => {
    let resolve: (journey: SurveyState) => void = () => undefined;
    const promise = new Promise<SurveyState>((settle) => (resolve = settle));
    if (first.emailId) resolve({ ...first, emailId: first.emailId });
    return { promise, resolve };
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (first.emailId) return;
    let cancelled = false;
    emailRecord(first.email, first.campaignId).then(
      (added) => {
        if (cancelled) return;
        const journey: SurveyState = { ...first, emailId: added.emailID };
        if (added.resumeLinkSent) {
          setStatus({ kind: 'linkSent', journey });
          return;
        }
        setStatus({ kind: 'ready', journey });
        ready.resolve(journey);
      },
      (error: unknown) => {
        if (!cancelled) setStatus({ kind: 'failed', message: errorSaid(error), retry: !(error instanceof ApiError && error.status === 409) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [first, ready, attempt]);

  return {
    status,
    ready: () => ready.promise,
    retry: () => {
      setStatus({ kind: 'pending' });
      setAttempt((n) => n + 1);
    },
    /** After "we e-mailed you a link": this survey afresh, on the attempt the server gave (never the earlier record). */
    startAgain: (journey: SurveyState) => {
      setStatus({ kind: 'ready', journey });
      ready.resolve(journey);
    },
  };
}

function SurveyRunner({ start, saved }: { start: SurveyStart; saved: SavedSurvey | null }) {
  const navigate = useNavigate();
  const journeyPaths = useJourneyPaths();
  const t = useT();
  const say = useSaid();
  const language = useLanguage();
  const record = useEmailRecord(start);
  const journey = record.status.kind === 'ready' ? record.status.journey : null;
  // This tab's own copy is the newest (a reload); else the answers kept on the server, if any; else
  // the first page's, answered before SurveyJS had loaded (light-survey.tsx), whose button goes on here.
  const [restored] = useState(() =>
    saved && sameJourney(saved.journey, start)
      ? { answers: saved.answers, page: saved.currentPageNo, welcome: false, carried: false }
      : start.resumed
        ? { ...start.resumed, welcome: true, carried: false }
        : start.carried
          ? { answers: start.carried.answers, page: 0, welcome: false, carried: start.carried.next }
          : null,
  );
  const [model] = useState(() => {
    const survey = takeSurvey(start.questions, language);
    sendFilesSeparately(survey, record.ready);
    if (restored) {
      survey.data = restored.answers;
      if (restored.page < survey.visiblePageCount) survey.currentPageNo = restored.page;
    }
    // Questions "filled from the link" (README "Channels"): the landing or short link's `?name=` noted
    // in this tab, unless the answer is there already (kept, resumed, or carried from the first page).
    for (const [name, value] of Object.entries(linkAnswers(JSON.parse(start.questions), linkParams()))) {
      if (survey.getValue(name) === undefined) survey.setValue(name, value);
    }
    return survey;
  });
  useEffect(() => {
    // A reload of this page is answered by the app, not sent to / (journey-state.ts).
    markSurveyJourney();
    // /result's module is loaded while the visitor answers (from their first answer, so that it
    // never competes with the first question): after Complete it renders at once.
    // (A flag, not removing the handler while SurveyJS is calling the handlers of that event.)
    let preloaded = false;
    const preloadResult = () => {
      if (preloaded) return;
      preloaded = true;
      preloadPage('responses/result-page.tsx').catch(() => undefined);
    };
    model.onValueChanged.add(preloadResult);
    model.onCurrentPageChanged.add(preloadResult);
    return () => {
      model.onValueChanged.remove(preloadResult);
      model.onCurrentPageChanged.remove(preloadResult);
    };
  }, [model]);
  useSurveyHistory(model);
  const [tooLarge, setTooLarge] = useState(false);
  const title = model.title || start.campaignName || t('survey.metaTitle');
  // The language the visitor answers in: the page's when the survey has it (stored with the answer).
  const answeredIn: Language = model.locale === language ? language : 'en';
  const finishProgress = useProgressSaving(model, journey, answeredIn);
  const [failed, setFailed] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const journeyNow = useRef(journey);
  useEffect(() => {
    journeyNow.current = journey;
  }, [journey]);
  const { email, questions, campaignName } = start;

  useEffect(() => {
    // Complete sends the answers; the model itself never completes, so SurveyJS's
    // completed page cannot show, not even for a frame. Stored: the visitor goes from the last page
    // straight to /result, which renders from what is in hand (the answers and the server's matches).
    // Not stored: the visitor stays on the last page with every answer and can press the button again.
    let stored = false;
    const send = async (sender: SurveyModel, options: CompletingEvent) => {
      options.allow = false;
      if (stored) return; // on its way to /result
      setFailed(false);
      const who = journeyNow.current;
      if (!who) {
        // The e-mail record is not stored (yet): the notice above says why; nothing is lost.
        setFailed(true);
        return;
      }
      const refused = answersTooLarge(who, sender.data);
      setTooLarge(refused);
      // Refused before sending: the visitor stays on the page with everything typed.
      if (refused) return;
      let matches: ListingMatches | undefined;
      try {
        ({ matches } = await submitSurveyResponse(who.campaignId, {
          email: who.email,
          emailId: who.emailId,
          answer: sender.data,
          ...(answeredIn === 'en' ? {} : { language: answeredIn }),
        }));
      } catch {
        setFailed(true);
        return;
      }
      stored = true;
      finishProgress();
      forgetSavedSurvey();
      // The server has deleted the kept answers and their tokens with the response.
      forgetResume();
      markSurveyJourney();
      const result: ResultState = {
        questions,
        answers: sender.data,
        locale: sender.locale,
        matches,
        email: who.email,
        ...(campaignName ? { campaignName } : {}),
      };
      // Inside another site's frame: the host page is told (decision 0034).
      journeyPaths.onCompleted?.(answeredIn);
      await navigate(journeyPaths.result, { state: result, replace: true });
      // A survey that names a page of this site to go to afterwards (navigateToUrl) still goes there,
      // as SurveyJS would on completion; guardSurvey refuses any other.
      const url = sender.getNavigateToUrl();
      if (url) {
        const leave = { url, allow: true };
        sender.onNavigateToUrl.fire(sender, leave);
        if (leave.allow && leave.url) window.location.assign(leave.url);
      }
    };
    model.onCompleting.add(send);
    return () => {
      model.onCompleting.remove(send);
    };
  }, [model, navigate, questions, finishProgress, campaignName, answeredIn, journeyPaths]);

  useEffect(() => {
    if (!journey) return;
    const save = (sender: SurveyModel) => saveSurvey(journey, sender);
    model.onValueChanged.add(save);
    model.onCurrentPageChanged.add(save);
    return () => {
      model.onValueChanged.remove(save);
      model.onCurrentPageChanged.remove(save);
    };
  }, [model, journey]);

  useEffect(() => {
    if (failed || tooLarge) errorRef.current?.scrollIntoView({ block: 'center' });
  }, [failed, tooLarge]);

  // The first page's "Next" or "Complete", pressed before SurveyJS had loaded (light-survey.tsx), as
  // if pressed here: after the effects above, so that the page change is saved and the response sent
  // as any other. "Complete" waits for the e-mail record, as the response needs it.
  const carriedOn = useRef(!restored?.carried);
  useEffect(() => {
    if (carriedOn.current) return;
    if (!model.isLastPage) {
      carriedOn.current = true;
      model.nextPage();
    } else if (journey) {
      carriedOn.current = true;
      model.completeLastPage();
    }
  }, [model, journey]);

  // The same element on every render of the runner: a new one would re-render SurveyJS's whole tree,
  // and a text field re-rendered while the visitor types in it is reset to the model's value (with a
  // survey that keeps SurveyJS's own "take the answer when the field loses focus", see createSurvey),
  // so the e-mail record arriving mid-word would wipe it.
  const survey = useMemo(() => <Survey model={model} />, [model]);
  const { status } = record;
  return (
    <>
      <header className="start-survey__header">
        {/* What the survey is named by staff, over its own title (not "Home survey" on a decor quiz). */}
        {start.campaignName && start.campaignName !== title ? <p className="start-survey__eyebrow">{start.campaignName}</p> : null}
        <h1>{title}</h1>
        {model.description ? <p className="start-survey__description">{model.description}</p> : null}
        <p className="start-survey__for">
          {t('survey.answeringAs')}
          <strong>{email}</strong>
        </p>
        {answeredIn !== language ? <p className="start-survey__language">{t('survey.onlyDefault')}</p> : null}
        {restored?.welcome ? <Notice tone="success">{t('survey.welcomeBack')}</Notice> : null}
      </header>
      {status.kind === 'linkSent' ? (
        <div className="start-survey__record">
          <Notice tone="success">{t('survey.linkSent', { message: t('msg.survey.resumeLinkSent') })}</Notice>
          <button type="button" className="button start-survey__restart" onClick={() => record.startAgain(status.journey)}>
            {t('survey.startAgain')}
          </button>
        </div>
      ) : status.kind === 'failed' && !status.retry ? (
        <div className="start-survey__record">
          <Notice tone="error">{say(status.message)}</Notice>
          <p>
            <Link to={journeyPaths.home}>{t('survey.goHome')}</Link>
          </p>
        </div>
      ) : (
        <>
          {status.kind === 'failed' ? (
            <div className="start-survey__record">
              <Notice tone="error">{say(status.message)}</Notice>
              <button type="button" className="button start-survey__restart" onClick={record.retry}>
                {t('survey.tryAgain')}
              </button>
            </div>
          ) : null}
          {survey}
        </>
      )}
      <div ref={errorRef} className="start-survey__error">
        {tooLarge ? <Notice tone="error">{t('msg.files.answersTooLarge')}</Notice> : null}
        {failed ? <Notice tone="error">{t('survey.submitFailed')}</Notice> : null}
      </div>
    </>
  );
}

/**
 * /startsurvey?resume=<token>, the link of the "continue" e-mail: loads the survey the link was made
 * for (whichever is active now) and the answers kept for it, then runs the survey
 * from there. This browser now holds the token; the link leaves the address bar (and the history) at
 * once. A survey the studio has taken down says so.
 */
function ResumeFromLink({ token }: { token: string }) {
  const navigate = useNavigate();
  const t = useT();
  const say = useSaid();
  const [problem, setProblem] = useState<Said | null>(null);
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const { campaign, progress } = await fetchSurveyResume(token);
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
        const code = error instanceof ApiError ? error.code : null;
        setProblem(
          code === 'SURVEY_CLOSED'
            ? { message: CAMPAIGN_MESSAGES.surveyClosed, key: 'msg.survey.surveyClosed' }
            : code === 'RESUME_LINK_INVALID'
              ? { message: CAMPAIGN_MESSAGES.resumeLinkInvalid, key: 'msg.survey.resumeLinkInvalid' }
              : errorSaid(error),
        );
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [token, navigate]);

  if (!problem) return <p className="start-survey__loading">{t('survey.loadingAnswers')}</p>;
  return (
    <div className="start-survey__error">
      <Notice tone="error">{say(problem)}</Notice>
      <p>
        <Link to={paths.home}>{t('survey.goHome')}</Link>
      </p>
    </div>
  );
}

export function Component() {
  const location = useLocation();
  const journeyPaths = useJourneyPaths();
  const t = useT();
  const language = useLanguage();
  // SurveyJS's own texts in the page's language, loaded before the survey is built (Hindi pages only).
  const [stringsReady, setStringsReady] = useState(language === 'en');
  useEffect(() => {
    if (language === 'en') return;
    let cancelled = false;
    loadSurveyStrings(language).then(
      () => !cancelled && setStringsReady(true),
      () => !cancelled && setStringsReady(true),
    );
    return () => {
      cancelled = true;
    };
  }, [language]);
  const navStart = readSurveyStart(location.state);
  const hydrated = useClientRender();
  // sessionStorage is read in the browser only; until then a missing state just shows "Loading".
  const saved = useMemo(() => (hydrated ? readSavedSurvey() : null), [hydrated]);
  const resumeToken = new URLSearchParams(location.search).get('resume');
  // A reload after the e-mail record was stored: this tab's copy knows its id.
  const start =
    navStart && !navStart.emailId && saved && sameJourney(saved.journey, navStart)
      ? { ...navStart, emailId: saved.journey.emailId }
      : (navStart ?? (resumeToken ? null : (saved?.journey ?? null)));
  if (hydrated && !start && resumeToken) {
    return (
      <div className="start-survey">
        <PageMeta title={t('survey.metaTitle')} description={t('survey.resumeDescription')} />
        <ResumeFromLink token={resumeToken} />
      </div>
    );
  }
  if (!start && hydrated) return <Navigate to={journeyPaths.home} replace />;

  return (
    <div className="start-survey">
      <PageMeta title={t('survey.metaTitle')} description={t('survey.metaDescription')} />
      {hydrated && start && stringsReady ? <SurveyRunner start={start} saved={saved} /> : <p className="start-survey__loading">{t('survey.loading')}</p>}
    </div>
  );
}

// The survey's first page without SurveyJS (docs/decisions/0012, "the first page in plain HTML"):
// the landing page shows it at the click, in its own frame, so the first question is on screen at
// once on a slow phone, and no SurveyJS work runs while the visitor types on the landing page.
// SurveyJS (the runner, start-survey-page.tsx) loads while the visitor answers, at quiet moments,
// and takes over at "Next" (or "Complete"), with the answers typed here: it then goes to the second
// page (or sends the response) exactly as if they had been typed into it.
// Only first pages this page answers as SurveyJS would are shown this way (`readLightPage`): plain
// text, comment, radiogroup, checkbox, dropdown, rating and boolean questions, required or not, under
// the page's title if it has one (the demo survey's first page, docs/decisions/0031); anything else
// runs as before.
import { useCallback, useEffect, useId, useRef, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { localizedPath, type Language } from '#shared/i18n/languages';
import { isPlainObject } from '#shared/json-object';
import { paths } from '#shared/paths';
import type { SurveyAnswers } from '#shared/responses/responses.contract';
import { PageMeta } from '#web/components/page-meta';
import { linkAnswers } from '#shared/survey-json/link-values';
import { linkParams } from '#web/lib/arrival';
import { useT } from '#web/lib/i18n';
import { whenQuiet } from '#web/lib/when-quiet';
import { emailRecordAhead } from './email-record';
import { markSurveyJourney, type SurveyStart } from './journey-state';
import './start-survey.css';
import './light-survey.css';

type Choice = { value: string | number | boolean; text: string };

export interface LightQuestion {
  type: 'text' | 'comment' | 'radiogroup' | 'checkbox' | 'dropdown' | 'rating' | 'boolean';
  name: string;
  title: string;
  description?: string;
  required: boolean;
  placeholder?: string;
  /** The choices (a rating's values; a boolean's two, true then false, texts the survey's own or none). */
  choices: Choice[];
  /** Choices laid out in this many columns on a wide screen (SurveyJS's colCount; one on a phone). */
  columns?: number;
}

export interface LightPage {
  title?: string;
  description?: string;
  /** The first page's own title and description (SurveyJS shows them above its questions). */
  pageTitle?: string;
  pageDescription?: string;
  questions: LightQuestion[];
  /** Pages of the survey (for "Page 1 of N"); 1: the first page's button completes the survey. */
  pages: number;
  next: string | null;
  complete: string | null;
}

/** Survey properties with which SurveyJS's first page behaves as this one: anything else runs SurveyJS at once. */
const SURVEY_KEYS = new Set([
  'title',
  'description',
  'pages',
  'pageNextText',
  'completeText',
  'textUpdateMode',
  'logoPosition',
  'widthMode',
  'headerView',
  'showQuestionNumbers',
]);
const PAGE_KEYS = new Set(['name', 'elements', 'title', 'description']);
/** Per question type, the properties it may have (the studio's own: leadField, listingMatch, x-crm). */
const COMMON_KEYS = ['type', 'name', 'title', 'description', 'isRequired', 'leadField', 'listingMatch', 'x-crm', 'fromLink'];
const QUESTION_KEYS: Record<LightQuestion['type'], Set<string>> = {
  // `visible: false` only with `fromLink` (a hidden value from the link, README "Channels"): not shown, its answer sent.
  text: new Set([...COMMON_KEYS, 'placeholder', 'inputType', 'visible']),
  comment: new Set([...COMMON_KEYS, 'placeholder']),
  radiogroup: new Set([...COMMON_KEYS, 'choices', 'colCount']),
  checkbox: new Set([...COMMON_KEYS, 'choices', 'colCount']),
  dropdown: new Set([...COMMON_KEYS, 'choices', 'placeholder']),
  rating: new Set([...COMMON_KEYS, 'rateValues']),
  boolean: new Set([...COMMON_KEYS, 'labelTrue', 'labelFalse']),
};

/** SurveyJS's rating without `rateValues`: 1 to 5. */
const DEFAULT_RATING: Choice[] = [1, 2, 3, 4, 5].map((value) => ({ value, text: String(value) }));

/** Every language a localized text of the survey has (SurveyJS's getUsedLocales). */
function usedLanguages(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) usedLanguages(item, into);
  else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string' && key !== 'default' && /^[a-z]{2}(-[a-z]+)?$/i.test(key)) into.add(key);
      else usedLanguages(item, into);
    }
  }
  return into;
}

/**
 * The first page of this survey (SurveyJS JSON text) as this page shows it, in `language` when the
 * survey has it (as applySurveyLanguage), or null when SurveyJS must show it (a type, a condition,
 * a validator or a setting this page does not do).
 */
export function readLightPage(questions: string, language: Language): LightPage | null {
  let json: unknown;
  try {
    json = JSON.parse(questions);
  } catch {
    return null;
  }
  if (!isPlainObject(json) || Object.keys(json).some((key) => !SURVEY_KEYS.has(key))) return null;
  if (
    (json.textUpdateMode !== undefined && json.textUpdateMode !== 'onTyping') ||
    (json.showQuestionNumbers !== undefined && json.showQuestionNumbers !== 'off')
  )
    return null;
  const pages = json.pages;
  if (!Array.isArray(pages) || pages.length === 0 || !pages.every(isPlainObject)) return null;
  const first = pages[0] as Record<string, unknown>;
  if (Object.keys(first).some((key) => !PAGE_KEYS.has(key))) return null;
  const elements = first.elements;
  if (!Array.isArray(elements) || elements.length === 0) return null;
  // A survey whose later page may be hidden (a condition on it, or on every question it has) may have
  // fewer pages than it lists: "Page 1 of N" would differ. A condition on one question of a page that
  // keeps another is no matter here; any condition on the first page is refused with its keys.
  const mayHide = (page: Record<string, unknown>) =>
    page.visibleIf !== undefined ||
    !Array.isArray(page.elements) ||
    !page.elements.some((element) => isPlainObject(element) && element.type !== 'panel' && element.visibleIf === undefined);
  if ((pages.slice(1) as Array<Record<string, unknown>>).some(mayHide)) return null;
  const locale = language !== 'en' && usedLanguages(json, new Set()).has(language) ? language : 'default';
  const text = (value: unknown): string | undefined => {
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    if (!isPlainObject(value)) return undefined;
    const chosen = value[locale] ?? value.default ?? value.en;
    return typeof chosen === 'string' ? chosen : undefined;
  };
  const read: LightQuestion[] = [];
  const names = new Set<string>();
  for (const element of elements) {
    if (!isPlainObject(element) || typeof element.type !== 'string' || !(element.type in QUESTION_KEYS)) return null;
    const type = element.type as LightQuestion['type'];
    if (Object.keys(element).some((key) => !QUESTION_KEYS[type].has(key))) return null;
    if (typeof element.name !== 'string' || element.name === '' || names.has(element.name)) return null;
    names.add(element.name);
    if (element.inputType !== undefined && element.inputType !== 'text') return null;
    if (element.isRequired !== undefined && typeof element.isRequired !== 'boolean') return null;
    if (element.visible !== undefined && !(element.visible === false && element.fromLink === true && element.isRequired !== true)) return null;
    // Hidden and filled from the link: nothing to show; its answer comes from linkAnswers.
    if (element.visible === false) continue;
    const readChoices = (list: unknown): Choice[] | null => {
      if (!Array.isArray(list) || list.length === 0) return null;
      const out: Choice[] = [];
      for (const choice of list) {
        if (typeof choice === 'string' || typeof choice === 'number') out.push({ value: choice, text: String(choice) });
        else if (
          isPlainObject(choice) &&
          (typeof choice.value === 'string' || typeof choice.value === 'number') &&
          Object.keys(choice).every((key) => key === 'value' || key === 'text')
        ) {
          out.push({ value: choice.value, text: text(choice.text) ?? String(choice.value) });
        } else return null;
      }
      // Two choices of one value: SurveyJS would show both, and the answer could not tell them apart.
      return new Set(out.map((c) => c.value)).size === out.length ? out : null;
    };
    let choices: Choice[] = [];
    if (type === 'radiogroup' || type === 'checkbox' || type === 'dropdown') {
      const read = readChoices(element.choices);
      if (!read) return null;
      choices = read;
    } else if (type === 'rating') {
      const read = element.rateValues === undefined ? DEFAULT_RATING : readChoices(element.rateValues);
      if (!read) return null;
      choices = read;
    } else if (type === 'boolean') {
      choices = [
        { value: true, text: text(element.labelTrue) ?? '' },
        { value: false, text: text(element.labelFalse) ?? '' },
      ];
    }
    const columns = typeof element.colCount === 'number' && element.colCount > 1 ? Math.min(Math.floor(element.colCount), 5) : undefined;
    if (element.colCount !== undefined && typeof element.colCount !== 'number') return null;
    read.push({
      type,
      name: element.name,
      title: text(element.title) ?? element.name,
      description: text(element.description),
      required: element.isRequired === true,
      placeholder: text(element.placeholder),
      choices,
      ...(columns ? { columns } : {}),
    });
  }
  return {
    title: text(json.title),
    description: text(json.description),
    pageTitle: text(first.title),
    pageDescription: text(first.description),
    questions: read,
    pages: pages.length,
    next: text(json.pageNextText) ?? null,
    complete: text(json.completeText) ?? null,
  };
}

/** As SurveyJS's isValueEmpty (strings trimmed). */
function answered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The answers as SurveyJS keeps them: an emptied text or an unticked list is no answer. */
function answersOf(values: Record<string, unknown>): SurveyAnswers {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => answered(value)));
}

interface QuestionProps {
  question: LightQuestion;
  value: unknown;
  error: boolean;
  onChange: (value: unknown) => void;
}

function Title({ question, id }: { question: LightQuestion; id: string }) {
  return (
    <>
      <span className="light-survey__title-text" id={id}>
        {question.title}
      </span>
      {question.required ? (
        <span className="light-survey__required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </>
  );
}

function Question({ question, value, error, onChange }: QuestionProps) {
  const t = useT();
  const id = useId();
  const titleId = `${id}-title`;
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [question.description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const description = question.description ? (
    <p className="light-survey__description" id={descriptionId}>
      {question.description}
    </p>
  ) : null;
  const problem = error ? (
    <p className="light-survey__error" id={errorId} role="alert">
      {t('survey.light.required')}
    </p>
  ) : null;

  if (question.type === 'text' || question.type === 'comment') {
    const common = {
      id,
      name: question.name,
      value: typeof value === 'string' ? value : '',
      placeholder: question.placeholder,
      required: question.required,
      'aria-required': question.required || undefined,
      'aria-invalid': error || undefined,
      'aria-describedby': describedBy,
      'data-question': question.name,
    };
    return (
      <div className="light-survey__question">
        <label className="light-survey__title" htmlFor={id}>
          <Title question={question} id={titleId} />
        </label>
        {description}
        {problem}
        {question.type === 'comment' ? (
          <textarea className="light-survey__field" rows={4} {...common} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <input className="light-survey__field" type="text" {...common} onChange={(event) => onChange(event.target.value)} />
        )}
      </div>
    );
  }

  if (question.type === 'dropdown') {
    // A native list: the phone's own picker, and the keyboard's arrows and letters, at no cost.
    const index = question.choices.findIndex((choice) => choice.value === value);
    return (
      <div className="light-survey__question">
        <label className="light-survey__title" htmlFor={id}>
          <Title question={question} id={titleId} />
        </label>
        {description}
        {problem}
        <select
          className="light-survey__field light-survey__select"
          id={id}
          name={question.name}
          value={index < 0 ? '' : String(index)}
          required={question.required}
          aria-required={question.required || undefined}
          aria-invalid={error || undefined}
          aria-describedby={describedBy}
          data-question={question.name}
          onChange={(event) => onChange(event.target.value === '' ? undefined : question.choices[Number(event.target.value)]?.value)}
        >
          <option value="">{question.placeholder ?? t('survey.light.choose')}</option>
          {question.choices.map((choice, i) => (
            <option key={i} value={String(i)}>
              {choice.text}
            </option>
          ))}
        </select>
      </div>
    );
  }

  const many = question.type === 'checkbox';
  const chosen: unknown[] = many ? (Array.isArray(value) ? value : []) : [];
  // A boolean's two answers: the survey's own words, else "Yes" and "No" in the page's language.
  const choiceText = (choice: Choice) => choice.text || (choice.value === true ? t('survey.light.yes') : t('survey.light.no'));
  const layout = question.type === 'rating' ? ' light-survey__choices--rating' : question.type === 'boolean' ? ' light-survey__choices--boolean' : '';
  return (
    <fieldset className="light-survey__question" aria-describedby={describedBy} aria-invalid={error || undefined}>
      <legend className="light-survey__title">
        <Title question={question} id={titleId} />
      </legend>
      {description}
      {problem}
      <div
        className={`light-survey__choices${layout}`}
        style={question.columns ? ({ '--light-columns': question.columns } as CSSProperties) : undefined}
        role={many ? undefined : 'radiogroup'}
        aria-labelledby={many ? undefined : titleId}
        aria-required={(!many && question.required) || undefined}
      >
        {question.choices.map((choice, index) => (
          <label key={index} className="light-survey__choice">
            <input
              type={many ? 'checkbox' : 'radio'}
              name={question.name}
              value={String(choice.value)}
              data-question={index === 0 ? question.name : undefined}
              checked={many ? chosen.includes(choice.value) : value === choice.value}
              onChange={(event) => {
                if (!many) onChange(choice.value);
                else onChange(event.target.checked ? [...chosen, choice.value] : chosen.filter((item) => item !== choice.value));
              }}
            />
            <span>{choiceText(choice)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface LightSurveyProps {
  start: SurveyStart;
  page: LightPage;
  /** Every change of the answers. */
  onAnswers: (answers: SurveyAnswers) => void;
  /** "Next" or "Complete" with every required answer: SurveyJS takes over with these answers. */
  onDone: (answers: SurveyAnswers) => void;
  /** While SurveyJS loads after "Next". */
  busy: boolean;
}

/** The survey's first page, as the runner shows it (start-survey-page.tsx): the header, "Page 1 of N", the questions. */
export function LightSurvey({ start, page, onAnswers, onDone, busy }: LightSurveyProps) {
  const t = useT();
  // Questions "filled from the link" (README "Channels"): their answers are there from the start.
  const [values, setValues] = useState<Record<string, unknown>>(() => linkAnswers(JSON.parse(start.questions), linkParams()));
  const [errors, setErrors] = useState<ReadonlySet<string>>(new Set());
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  const title = page.title || start.campaignName || t('survey.metaTitle');
  const last = page.pages === 1;

  const change = (name: string, value: unknown) => {
    const next = { ...values, [name]: value };
    setValues(next);
    onAnswers(answersOf(next));
    // As SurveyJS: an error goes once the question is answered, and comes back only with the next "Next".
    if (errors.has(name) && answered(value)) setErrors((now) => new Set([...now].filter((n) => n !== name)));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const missing = page.questions.filter((q) => q.required && !answered(values[q.name])).map((q) => q.name);
    setErrors(new Set(missing));
    if (missing.length > 0) {
      // As SurveyJS: the first unanswered question gets focus.
      formRef.current?.querySelector<HTMLElement>(`[data-question="${CSS.escape(missing[0]!)}"]`)?.focus();
      return;
    }
    onDone(answersOf(values));
  };

  return (
    <div className="start-survey light-survey">
      <PageMeta title={t('survey.metaTitle')} description={t('survey.metaDescription')} />
      <header className="start-survey__header">
        {start.campaignName && start.campaignName !== title ? <p className="start-survey__eyebrow">{start.campaignName}</p> : null}
        <h1>{title}</h1>
        {page.description ? <p className="start-survey__description">{page.description}</p> : null}
        <p className="start-survey__for">
          {t('survey.answeringAs')}
          <strong>{start.email}</strong>
        </p>
      </header>
      {/* The runner's progress bar, with its classes and so its styles (start-survey.css): nothing passed yet. */}
      <div
        className="sd-progress"
        role="progressbar"
        aria-label={t('survey.light.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={0}
        aria-valuetext={t('survey.light.progress', { page: 1, pages: page.pages })}
      >
        <div className="sd-progress__bar" style={{ width: '0%' }} />
        <span className="sd-progress__text">{t('survey.light.progress', { page: 1, pages: page.pages })}</span>
      </div>
      <form ref={formRef} className="light-survey__page" noValidate onSubmit={submit} aria-labelledby={page.pageTitle ? `${formId}-title` : undefined}>
        {page.pageTitle ? (
          <h2 className="light-survey__page-title" id={`${formId}-title`}>
            {page.pageTitle}
          </h2>
        ) : null}
        {page.pageDescription ? <p className="light-survey__page-description">{page.pageDescription}</p> : null}
        {page.questions.map((question) => (
          <Question
            key={question.name}
            question={question}
            value={values[question.name]}
            error={errors.has(question.name)}
            onChange={(value) => change(question.name, value)}
          />
        ))}
        <div className="light-survey__actions">
          <button type="submit" className="button light-survey__next" aria-busy={busy || undefined}>
            {last ? (page.complete ?? t('survey.light.complete')) : (page.next ?? t('survey.light.next'))}
          </button>
        </div>
      </form>
    </div>
  );
}

/** This tab has this journey's survey under way (start-survey-page.tsx keeps it): the runner resumes it. */
function tabHasSurvey(start: SurveyStart): boolean {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem('abode.survey-in-progress') ?? 'null');
    if (!isPlainObject(saved) || !isPlainObject(saved.journey)) return false;
    return saved.journey.email === start.email && saved.journey.campaignId === start.campaignId;
  } catch {
    return false;
  }
}

/** How the landing page (without the router) shows another page in its frame, and leaves for the app. */
export interface InPlace {
  language: Language;
  show: (page: ReactNode | null) => void;
  navigate: (to: string, options: { state: unknown; replace?: boolean }) => void | Promise<void>;
  /** SurveyJS's runner and its model, loaded and built ahead, a step per quiet moment (survey-preload.ts). */
  steps: Array<() => Promise<unknown>>;
  /** Just before the runner takes over (survey-preload.ts). */
  beforeRunner: () => Promise<void>;
}

/** The history entry the light page stands for: React Router's own shape, so the app's router reads it. */
const HISTORY_KEY = 'light-survey';

function LightSurveyPage({ start, page, place }: { start: SurveyStart; page: LightPage; place: InPlace }) {
  const [busy, setBusy] = useState(false);
  const answers = useRef<SurveyAnswers>({});
  /** The runner takes over with the answers so far; `next`: as this page's button (they are complete). */
  const handOver = useCallback(
    (next: boolean) => {
      setBusy(true);
      let state: SurveyStart = start;
      void (async () => {
        await place.beforeRunner();
        // The answers as they are now (the visitor may type while the runner loads). The runner goes
        // on from there (start-survey-page.tsx, `carried`): to page 2, or the response sent.
        state = { ...start, carried: { answers: answers.current, next } };
        await place.navigate(paths.startSurvey, { state, replace: true });
        closeLightSurvey();
      })().catch(() => {
        // The app could not load (offline, a new deploy): this page loaded again, which starts the app,
        // with the answers in its history entry for the runner to take.
        const entry = isPlainObject(window.history.state) ? window.history.state : {};
        window.history.replaceState({ ...entry, usr: state }, '');
        window.location.reload();
      });
    },
    [start, place],
  );
  useEffect(() => {
    // The e-mail record is stored while the visitor answers (email-record.ts). Should it fail, or
    // answers be kept for this e-mail elsewhere, the runner says so and offers what to do, as it does
    // when it shows the first page itself: it takes over at once.
    let cancelled = false;
    emailRecordAhead(start.email, start.campaignId)?.then(
      (added) => !cancelled && added.resumeLinkSent && handOver(false),
      () => !cancelled && handOver(false),
    );
    return () => {
      cancelled = true;
    };
  }, [start, handOver]);
  useEffect(() => {
    markSurveyJourney();
    // As after the app's navigations (start-app.tsx takeOver): the button pressed has gone.
    if (!document.activeElement || document.activeElement === document.body) document.getElementById('main')?.focus({ preventScroll: true });
    // SurveyJS loads while the visitor answers, when they pause: its module's evaluation and the
    // model's build are long tasks on a slow phone, which a keystroke would wait for.
    let stop = () => undefined as void;
    let cancelled = false;
    const next = (step: number) => {
      const run = place.steps[step];
      if (!run || cancelled) return;
      stop = whenQuiet(() => {
        run().then(
          () => next(step + 1),
          () => undefined, // only a head start: the hand-over loads what it needs
        );
      });
    };
    next(0);
    return () => {
      cancelled = true;
      stop();
    };
  }, [place]);
  return (
    <LightSurvey
      start={start}
      page={page}
      onAnswers={(now) => (answers.current = now)}
      onDone={(now) => {
        answers.current = now;
        handOver(true);
      }}
      busy={busy}
    />
  );
}

let popstate: (() => void) | null = null;

/**
 * Shows the survey's first page in the landing page's frame, at /startsurvey (a history entry of its
 * own: Back returns to the landing page), when this survey's first page can be shown without
 * SurveyJS; returns false when it cannot (the runner then opens as before).
 */
export function openLightSurvey(start: SurveyStart, place: InPlace): boolean {
  if (start.resumed || start.emailId || tabHasSurvey(start)) return false;
  const page = readLightPage(start.questions, place.language);
  if (!page) return false;
  const node = <LightSurveyPage start={start} page={page} place={place} />;
  const url = localizedPath(place.language, paths.startSurvey);
  const index = isPlainObject(window.history.state) && typeof window.history.state.idx === 'number' ? window.history.state.idx : 0;
  window.history.pushState({ usr: start, key: HISTORY_KEY, idx: index + 1 }, '', url);
  window.scrollTo(0, 0);
  place.show(node);
  // Back shows the landing page again, Forward this page (until the app's router takes over: it then
  // handles the history itself, and this page is gone).
  if (popstate) window.removeEventListener('popstate', popstate);
  popstate = () => {
    const here = isPlainObject(window.history.state) && window.history.state.key === HISTORY_KEY;
    place.show(here ? node : null);
  };
  window.addEventListener('popstate', popstate);
  return true;
}

/** The app's router has taken over the history. */
export function closeLightSurvey(): void {
  if (popstate) window.removeEventListener('popstate', popstate);
  popstate = null;
}

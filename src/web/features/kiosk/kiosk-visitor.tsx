// One visitor at the tablet: e-mail or phone with the consent notice, the survey, thank
// you. The whole component is remounted for the next visitor (a new React key), so nothing of one
// visitor stays in memory or on screen; no history entry is ever pushed, so Back shows nothing of theirs.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import 'survey-core/survey-core.fontless.min.css';
import '#shared/survey-json/custom-properties';
import type { Language } from '#shared/i18n/languages';
import { toE164 } from '#shared/phone';
import { applySurveyLanguage } from '#web/lib/survey-language';
import { v7 as uuidv7 } from 'uuid';
import type { KioskConfig } from './kiosk-config';
import { enqueueResponse, type KioskResponseBody, type QueuedResponse } from './kiosk-db';
import { useKioskT } from './kiosk-text';

/** How long the thank-you screen stays (at most 8 seconds). */
export const THANKS_MS = 8_000;
/** No touch for this long in the middle of a survey: ask whether the visitor is still there. */
export const IDLE_MS = 120_000;
/** Then start over after this long without an answer. */
export const IDLE_ANSWER_MS = 30_000;

/** A plain check (the server checks again with the site's rules): #shared/email is in the site's shared chunk, which the tablet does not load. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Contact {
  email?: string;
  phone?: string;
  newsletter: boolean;
  noticeVersion: number;
}

function storageReason(error: unknown): string {
  if (error instanceof DOMException) return error.name === 'QuotaExceededError' ? 'storage full' : `${error.name}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

function ContactStep({ config, language, onDone }: { config: KioskConfig; language: Language; onDone: (contact: Contact) => void }) {
  const t = useKioskT();
  const id = useId();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [newsletter, setNewsletter] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const notice = config.notices[language]?.survey ?? config.notices.en.survey;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typedEmail = email.trim();
    const typedPhone = phone.trim();
    if (!typedEmail && !typedPhone) return setError(t('kiosk.contact.required'));
    if (typedEmail && !EMAIL.test(typedEmail)) return setError(t('kiosk.contact.emailInvalid'));
    const e164 = typedPhone ? toE164(typedPhone) : null;
    if (typedPhone && !e164) return setError(t('kiosk.contact.phoneInvalid'));
    onDone({ email: typedEmail || undefined, phone: e164 ?? undefined, newsletter, noticeVersion: notice.version });
  };

  return (
    <form className="kiosk-card" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('kiosk.contact.title')}</h1>
      <p>{t('kiosk.contact.intro')}</p>
      <label htmlFor={`${id}-email`}>{t('kiosk.contact.email')}</label>
      <input
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="off"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={`${id}-phone`}>{t('kiosk.contact.phone')}</label>
      <input
        id={`${id}-phone`}
        name="phone"
        type="tel"
        autoComplete="off"
        inputMode="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="kiosk-error" role="alert">
          {error}
        </p>
      )}
      <section className="kiosk-notice" aria-labelledby={`${id}-notice`}>
        <h2 id={`${id}-notice`}>{t('kiosk.contact.notice', { version: notice.version })}</h2>
        <p>{notice.text}</p>
      </section>
      <label className="kiosk-check">
        <input type="checkbox" checked={newsletter} onChange={(e) => setNewsletter(e.target.checked)} /> {t('kiosk.contact.newsletter')}
      </label>
      <button type="submit" className="kiosk-primary">
        {t('kiosk.contact.begin')}
      </button>
    </form>
  );
}

function SurveyStep({
  config,
  language,
  onComplete,
}: {
  config: KioskConfig;
  language: Language;
  onComplete: (answer: Record<string, unknown>) => Promise<string | null>;
}) {
  const t = useKioskT();
  const [error, setError] = useState<string | null>(null);
  const completing = useRef(false);
  const survey = useMemo(() => {
    const json = JSON.parse(config.campaign.questions) as Record<string, unknown>;
    const model = new Model(json);
    // As on the survey page: the value follows each key, so a visitor who taps Complete straight
    // after typing (before the field's blur reached the model) is stored with that answer, not {}.
    if (!(typeof json === 'object' && json !== null && 'textUpdateMode' in json)) model.textUpdateMode = 'onTyping';
    applySurveyLanguage(model, language);
    model.showCompletedPage = false;
    return model;
  }, [config, language]);

  const save = useCallback(async () => {
    if (completing.current) return;
    completing.current = true;
    const problem = await onComplete({ ...(survey.data as Record<string, unknown>) });
    completing.current = false;
    setError(problem);
  }, [onComplete, survey]);

  useEffect(() => {
    const handler = (_: Model, options: { allow: boolean }) => {
      // The survey stays on screen until the answers are on disk: a failed write keeps them there.
      options.allow = false;
      void save();
    };
    survey.onCompleting.add(handler);
    return () => survey.onCompleting.remove(handler);
  }, [survey, save]);

  return (
    <div className="kiosk-survey">
      {error && (
        <div className="kiosk-error kiosk-save-error" role="alert">
          <p>{t('kiosk.saveFailed', { reason: error })}</p>
          <button type="button" className="kiosk-primary" onClick={() => void save()}>
            {t('kiosk.saveRetry')}
          </button>
        </div>
      )}
      <Survey model={survey} />
    </div>
  );
}

function ThanksStep({ onNext }: { onNext: () => void }) {
  const t = useKioskT();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
    const timer = setTimeout(onNext, THANKS_MS);
    return () => clearTimeout(timer);
  }, [onNext]);
  return (
    <div className="kiosk-card kiosk-thanks" role="status">
      <h1>{t('kiosk.thanks.title')}</h1>
      <p>{t('kiosk.thanks.text')}</p>
      <p className="kiosk-muted">{t('kiosk.thanks.clearing')}</p>
      <button ref={button} type="button" className="kiosk-primary" onClick={onNext}>
        {t('kiosk.thanks.next')}
      </button>
    </div>
  );
}

/** Asks after IDLE_MS without a touch, then starts over after IDLE_ANSWER_MS more. */
function useIdle(active: boolean, onTimeout: () => void): { asking: boolean; secondsLeft: number; keep: () => void } {
  const [asking, setAsking] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(IDLE_ANSWER_MS / 1000);
  const last = useRef(0);
  useEffect(() => {
    if (!active) return;
    last.current = Date.now();
    const touch = () => {
      last.current = Date.now();
    };
    const events = ['pointerdown', 'keydown', 'input', 'touchstart', 'wheel'] as const;
    for (const type of events) window.addEventListener(type, touch, { capture: true, passive: true });
    const timer = setInterval(() => {
      const idle = Date.now() - last.current;
      if (idle >= IDLE_MS + IDLE_ANSWER_MS) onTimeout();
      else if (idle >= IDLE_MS) {
        setAsking(true);
        setSecondsLeft(Math.ceil((IDLE_MS + IDLE_ANSWER_MS - idle) / 1000));
      }
    }, 1000);
    return () => {
      clearInterval(timer);
      for (const type of events) window.removeEventListener(type, touch, { capture: true });
    };
  }, [active, onTimeout]);
  const keep = useCallback(() => {
    last.current = Date.now();
    setAsking(false);
  }, []);
  return { asking, secondsLeft, keep };
}

export function KioskVisitor({
  code,
  config,
  language,
  onSaved,
  onFinished,
  onBegun,
}: {
  code: string;
  config: KioskConfig;
  language: Language;
  onSaved: () => void;
  onFinished: () => void;
  /** Whether this visitor has begun (given a contact): a newer survey waits for the next visitor only then. */
  onBegun?: (begun: boolean) => void;
}) {
  const t = useKioskT();
  const [contact, setContact] = useState<Contact | null>(null);
  useEffect(() => onBegun?.(contact !== null), [contact, onBegun]);
  const [saved, setSaved] = useState(false);
  const idRef = useRef<string | null>(null);
  const idle = useIdle(contact !== null && !saved, onFinished);
  const continueButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (idle.asking) continueButton.current?.focus();
  }, [idle.asking]);

  const complete = useCallback(
    async (answer: Record<string, unknown>): Promise<string | null> => {
      if (!contact) return null;
      idRef.current ??= uuidv7();
      const body: KioskResponseBody = {
        id: idRef.current,
        ...(contact.email ? { email: contact.email } : {}),
        ...(contact.phone ? { phone: contact.phone } : {}),
        answer,
        answeredAt: new Date().toISOString(),
        language,
        campaignVersion: config.campaign.version,
        consent: { version: contact.noticeVersion, newsletter: contact.newsletter },
      };
      const item: QueuedResponse = { id: body.id, code, surveyVersion: config.campaign.version, language, body, status: 'queued' };
      try {
        await enqueueResponse(item);
      } catch (error) {
        return storageReason(error);
      }
      setSaved(true);
      onSaved();
      return null;
    },
    [contact, code, config, language, onSaved],
  );

  let content;
  if (saved) content = <ThanksStep onNext={onFinished} />;
  else if (!contact) content = <ContactStep config={config} language={language} onDone={setContact} />;
  else content = <SurveyStep config={config} language={language} onComplete={complete} />;

  return (
    <>
      {content}
      {idle.asking && !saved && (
        <div className="kiosk-dialog-backdrop">
          <div className="kiosk-card kiosk-dialog" role="alertdialog" aria-modal="true" aria-labelledby="kiosk-idle-title" aria-describedby="kiosk-idle-text">
            <h2 id="kiosk-idle-title">{t('kiosk.idle.title')}</h2>
            <p id="kiosk-idle-text">{t('kiosk.idle.text', { seconds: idle.secondsLeft })}</p>
            <div className="kiosk-actions">
              <button ref={continueButton} type="button" className="kiosk-primary" onClick={idle.keep}>
                {t('kiosk.idle.continue')}
              </button>
              <button type="button" onClick={onFinished}>
                {t('kiosk.idle.startOver')}
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { PRIVACY_ROUTES } from '#shared/privacy/privacy.api';
import { Notice } from '#web/components/notice';
import { api, errorSaid } from '#web/lib/api-client';
import { useLanguage, useSaid, useT } from '#web/lib/i18n';

/** On /privacy: ask for a copy of one's data or its erasure; confirmed from the mailbox. */
export function PrivacyRequestForm() {
  const id = useId();
  const t = useT();
  const say = useSaid();
  const [email, setEmail] = useState('');
  const [kind, setKind] = useState<'export' | 'erase'>('export');
  const [state, setState] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const language = useLanguage();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      // The answer's message is always the same sentence: said in the page's language.
      await api.call(PRIVACY_ROUTES.request, { body: { email, kind, language } });
      setState({ tone: 'success', text: t('msg.privacy.sent') });
    } catch (error) {
      setState({ tone: 'error', text: say(errorSaid(error)) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('privacy.request.title')}</h2>
      <form className="privacy-request" onSubmit={(e) => void submit(e)}>
        <fieldset>
          <legend>{t('privacy.request.what')}</legend>
          <label>
            <input type="radio" name="kind" value="export" checked={kind === 'export'} onChange={() => setKind('export')} /> {t('privacy.request.export')}
          </label>
          <label>
            <input type="radio" name="kind" value="erase" checked={kind === 'erase'} onChange={() => setKind('erase')} /> {t('privacy.request.erase')}
          </label>
        </fieldset>
        <label htmlFor={`${id}-email`}>{t('privacy.request.email')}</label>
        <input id={`${id}-email`} type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <p>{t('privacy.request.note')}</p>
        <button type="submit" className="button button--accent" disabled={busy}>
          {t('privacy.request.submit')}
        </button>
        {state ? <Notice tone={state.tone}>{state.text}</Notice> : null}
      </form>
    </section>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { PRIVACY_ROUTES } from '#shared/privacy/privacy.api';
import { Notice } from '#web/components/notice';
import { useLanguage } from '#web/lib/i18n';
import { api, errorMessage } from '#web/lib/api-client';

/** On /privacy (issue 24 §6): ask for a copy of one's data or its erasure; confirmed from the mailbox. */
export function PrivacyRequestForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [kind, setKind] = useState<'export' | 'erase'>('export');
  const [state, setState] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const language = useLanguage();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const res = await api.call(PRIVACY_ROUTES.request, { body: { email, kind, language } });
      setState({ tone: 'success', text: res.message });
    } catch (error) {
      setState({ tone: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Ask for your data, or its erasure</h2>
      <form className="privacy-request" onSubmit={(e) => void submit(e)}>
        <fieldset>
          <legend>What would you like?</legend>
          <label>
            <input type="radio" name="kind" value="export" checked={kind === 'export'} onChange={() => setKind('export')} /> A copy of my data
          </label>
          <label>
            <input type="radio" name="kind" value="erase" checked={kind === 'erase'} onChange={() => setKind('erase')} /> Erase my data
          </label>
        </fieldset>
        <label htmlFor={`${id}-email`}>Your e-mail address</label>
        <input id={`${id}-email`} type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <p>We send a link to this address; your request starts once you open it. Nobody can ask for someone else’s data.</p>
        <button type="submit" className="button button--accent" disabled={busy}>
          Send me the link
        </button>
        {state ? <Notice tone={state.tone}>{state.text}</Notice> : null}
      </form>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PRIVACY_ROUTES } from '#shared/privacy/privacy.api';
import { PRIVACY_REQUEST_MESSAGES } from '#shared/privacy/privacy-requests';
import { Notice } from '#web/components/notice';
import { PageMeta } from '#web/components/page-meta';
import { api, errorSaid } from '#web/lib/api-client';
import { useSaid, useT } from '#web/lib/i18n';

/** /privacy/confirm?token=…: the e-mailed link confirms the person's request. */
export function Component() {
  const [params] = useSearchParams();
  const t = useT();
  const say = useSaid();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  useEffect(() => {
    if (!token) return;
    api.call(PRIVACY_ROUTES.confirm, { body: { token } }).then(
      () => setState({ tone: 'success', text: t('msg.privacy.confirmed') }),
      (error: unknown) =>
        setState({ tone: 'error', text: say(errorSaid(error, { message: PRIVACY_REQUEST_MESSAGES.invalidLink, key: 'msg.privacy.invalidLink' })) }),
    );
  }, [token, t, say]);
  return (
    <section className="unsubscribe-page card" aria-labelledby="privacy-confirm-title">
      <PageMeta title={t('privacyConfirm.metaTitle')} description={t('privacyConfirm.description')} />
      <h1 id="privacy-confirm-title">{t('privacyConfirm.title')}</h1>
      {!token ? (
        <Notice tone="error">{t('privacyConfirm.invalidLink')}</Notice>
      ) : state ? (
        <Notice tone={state.tone}>{state.text}</Notice>
      ) : (
        <p aria-busy="true">{t('privacyConfirm.busy')}</p>
      )}
    </section>
  );
}

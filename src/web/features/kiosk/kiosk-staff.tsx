// The staff's side of the tablet: unlocked by the tablet's staff PIN (kept hashed on the
// tablet, works offline) or a staff sign-in (online; the token is used once and logged out, never
// kept). The sync screen: queued, sent, refused with the server's reason, the last sync; "Send now";
// "Download the queue" (a file staff upload at /dashboard/kiosk/upload); refused answers one by one.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { KIOSK_UPLOAD_PAGE } from '#shared/kiosk/kiosk.api';
import type { KioskQueueFile } from '#shared/kiosk/kiosk.contract';
import { deleteQueued, type KioskStats, type QueuedResponse } from './kiosk-db';
import type { SyncOutcome } from './kiosk-sync';
import { useKioskT } from './kiosk-text';

export const LOGIN_API = '/api/login';
export const LOGOUT_API = '/api/logout';

/** The PIN as kept on the tablet: SHA-256 of a per-tablet salt and the PIN. */
export interface PinRecord {
  salt: string;
  hash: string;
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function makePin(pin: string): Promise<PinRecord> {
  const salt = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { salt, hash: await sha256(`${salt}:${pin}`) };
}

export async function pinMatches(record: PinRecord, pin: string): Promise<boolean> {
  return (await sha256(`${record.salt}:${pin}`)) === record.hash;
}

export const PIN_PATTERN = /^\d{4,8}$/;

/** Signs in, hands the token to `act`, then logs it out: the tablet never keeps a staff token. */
export async function withStaffToken<T>(email: string, password: string, act: (token: string) => Promise<T>): Promise<T> {
  const response = await fetch(LOGIN_API, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const body = (await response.json().catch(() => ({}))) as { token?: string; message?: string };
  if (!response.ok || !body.token) throw new Error(body.message ?? `HTTP ${response.status}`);
  try {
    return await act(body.token);
  } finally {
    await fetch(LOGOUT_API, { method: 'POST', headers: { authorization: `Bearer ${body.token}` } }).catch(() => undefined);
  }
}

export function StaffUnlock({ pin, onUnlock, onCancel }: { pin: PinRecord | undefined; onUnlock: () => void; onCancel: () => void }) {
  const t = useKioskT();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const byPin = async (event: FormEvent) => {
    event.preventDefault();
    if (pin && (await pinMatches(pin, typed))) onUnlock();
    else setError(t('kiosk.staff.pinWrong'));
  };
  const bySignIn = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await withStaffToken(email, password, async () => undefined);
      onUnlock();
    } catch (e) {
      setError(t('kiosk.staff.signInFailed', { reason: e instanceof Error ? e.message : String(e) }));
    }
  };

  return (
    <div className="kiosk-card" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('kiosk.staff.unlock')}</h1>
      {error && (
        <p className="kiosk-error" role="alert">
          {error}
        </p>
      )}
      {pin && (
        <form onSubmit={(e) => void byPin(e)}>
          <label htmlFor={`${id}-pin`}>{t('kiosk.pin.label')}</label>
          <input id={`${id}-pin`} type="password" inputMode="numeric" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} autoFocus />
          <button type="submit" className="kiosk-primary">
            {t('kiosk.staff.unlockPin')}
          </button>
        </form>
      )}
      <form onSubmit={(e) => void bySignIn(e)}>
        <h2>{t('kiosk.staff.orSignIn')}</h2>
        <label htmlFor={`${id}-email`}>{t('kiosk.pair.email')}</label>
        <input id={`${id}-email`} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor={`${id}-password`}>{t('kiosk.pair.password')}</label>
        <input id={`${id}-password`} type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} />
        <button type="submit">{t('kiosk.staff.signIn')}</button>
      </form>
      <button type="button" onClick={onCancel}>
        {t('kiosk.staff.close')}
      </button>
    </div>
  );
}

function RefusedItem({ item, onDeleted }: { item: QueuedResponse; onDeleted: () => void }) {
  const t = useKioskT();
  const [open, setOpen] = useState(false);
  const remove = async () => {
    if (!window.confirm(t('kiosk.sync.confirmDelete'))) return;
    await deleteQueued(item.id);
    onDeleted();
  };
  return (
    <li className="kiosk-refused">
      <p>
        <strong>{item.body.email ?? item.body.phone}</strong> · <time dateTime={item.body.answeredAt}>{new Date(item.body.answeredAt).toLocaleString()}</time> ·{' '}
        {t('kiosk.sync.surveyVersion', { version: String(item.surveyVersion ?? '') })}
      </p>
      <p className="kiosk-error">
        {item.refusedStatus} {item.reason}
      </p>
      <div className="kiosk-actions">
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('kiosk.sync.hide') : t('kiosk.sync.view')}
        </button>
        <button type="button" onClick={() => void remove()}>
          {t('kiosk.sync.delete')}
        </button>
      </div>
      {open && <pre className="kiosk-json">{JSON.stringify(item.body, null, 2)}</pre>}
    </li>
  );
}

export function SyncScreen({
  code,
  deviceId,
  queue,
  stats,
  outcome,
  sending,
  onSendNow,
  onChanged,
  onUnpair,
  onClose,
}: {
  code: string;
  deviceId?: string;
  queue: QueuedResponse[];
  stats: KioskStats;
  outcome: SyncOutcome | null;
  sending: boolean;
  onSendNow: () => void;
  onChanged: () => void;
  onUnpair: () => void;
  onClose: () => void;
}) {
  const t = useKioskT();
  const id = useId();
  const queued = queue.filter((item) => item.status === 'queued');
  const refused = queue.filter((item) => item.status === 'refused');
  useEffect(() => {
    onChanged();
  }, [onChanged]);

  const download = useCallback(() => {
    const file: KioskQueueFile = {
      format: 'abode-kiosk-queue',
      version: 1,
      channel: code,
      ...(deviceId ? { deviceId } : {}),
      responses: queued.map((item) => item.body),
    };
    const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `kiosk-${code}-queue-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }, [code, deviceId, queued]);

  return (
    <div className="kiosk-card kiosk-sync" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('kiosk.sync.title')}</h1>
      {stats.keyRefused && (
        <p className="kiosk-error" role="alert">
          {t('kiosk.sync.keyRefused', { reason: stats.keyRefused })}
        </p>
      )}
      <dl className="kiosk-stats">
        <div>
          <dt>{t('kiosk.sync.queued')}</dt>
          <dd data-testid="kiosk-queued">{queued.length}</dd>
        </div>
        <div>
          <dt>{t('kiosk.sync.sent')}</dt>
          <dd data-testid="kiosk-sent">{stats.sent}</dd>
        </div>
        <div>
          <dt>{t('kiosk.sync.refused')}</dt>
          <dd data-testid="kiosk-refused">{refused.length}</dd>
        </div>
        <div>
          <dt>{t('kiosk.sync.lastSync')}</dt>
          <dd>{stats.lastSyncAt ? <time dateTime={stats.lastSyncAt}>{new Date(stats.lastSyncAt).toLocaleString()}</time> : t('kiosk.sync.never')}</dd>
        </div>
      </dl>
      <p role="status">{sending ? t('kiosk.sync.sending') : outcome && outcome !== 'key-refused' ? t(`kiosk.sync.outcome.${outcome}`) : ''}</p>
      <div className="kiosk-actions">
        <button type="button" className="kiosk-primary" onClick={onSendNow} disabled={sending}>
          {t('kiosk.sync.sendNow')}
        </button>
        <button type="button" onClick={download}>
          {t('kiosk.sync.download')}
        </button>
      </div>
      <p className="kiosk-muted">{t('kiosk.sync.downloadHint', { path: KIOSK_UPLOAD_PAGE })}</p>
      <h2>{t('kiosk.sync.refusedList')}</h2>
      {refused.length === 0 ? (
        <p>{t('kiosk.sync.noRefused')}</p>
      ) : (
        <ul className="kiosk-refused-list">
          {refused.map((item) => (
            <RefusedItem key={item.id} item={item} onDeleted={onChanged} />
          ))}
        </ul>
      )}
      <div className="kiosk-actions">
        <button type="button" onClick={onClose}>
          {t('kiosk.staff.close')}
        </button>
        <button
          type="button"
          onClick={() => {
            if (window.confirm(t('kiosk.sync.confirmUnpair'))) onUnpair();
          }}
        >
          {t('kiosk.sync.unpair')}
        </button>
      </div>
    </div>
  );
}

// The expo tablet: /kiosk/<code> and /hi/kiosk/<code>. Works with no network after its
// first load (the service worker keeps the shell; IndexedDB the survey and the answers), takes one
// visitor at a time, and sends the queue when it can. docs/decisions/0039-kiosk-tablet.md
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Language } from '#shared/i18n/languages';
import { KIOSK_API } from '#shared/kiosk/kiosk.api';
import { fetchConfig, storeConfig, storedConfig, type KioskConfig } from './kiosk-config';
import { deleteMeta, EMPTY_STATS, getMeta, listQueue, setMeta, type KioskStats, type QueuedResponse } from './kiosk-db';
import { syncQueue, type SyncOutcome } from './kiosk-sync';
import { KioskTextContext, kioskTranslator, useKioskT } from './kiosk-text';
import { KioskVisitor } from './kiosk-visitor';
import { makePin, PIN_PATTERN, StaffUnlock, SyncScreen, withStaffToken, type PinRecord } from './kiosk-staff';
import './kiosk.css';

/** Every 30 s while answers are queued; a test may shorten it (localStorage, read at start). */
const SYNC_EVERY_KEY = 'abode-kiosk-sync-ms';
function syncEvery(): number {
  const value = Number(globalThis.localStorage?.getItem(SYNC_EVERY_KEY));
  return Number.isFinite(value) && value >= 100 ? value : 30_000;
}

interface Device {
  key: string;
  deviceId?: string;
}

export interface KioskLocation {
  code: string;
  language: Language;
  /** `/kiosk/` or `/hi/kiosk/`: the service worker's scope. */
  scope: string;
}

/** `/kiosk/<code>` or `/hi/kiosk/<code>` → its code, language and scope. */
export function readKioskLocation(pathname: string): KioskLocation | null {
  const match = /^(\/hi)?\/kiosk\/([^/]{1,40})\/?$/.exec(pathname);
  if (!match) return null;
  return { code: decodeURIComponent(match[2]!), language: match[1] ? 'hi' : 'en', scope: `${match[1] ?? ''}/kiosk/` };
}

type StorageState = 'persisted' | 'refused' | 'unsupported' | 'unknown';

async function askPersistentStorage(): Promise<StorageState> {
  const storage = navigator.storage;
  if (!storage?.persist) return 'unsupported';
  try {
    if (await storage.persisted()) return 'persisted';
    return (await storage.persist()) ? 'persisted' : 'refused';
  } catch {
    return 'unknown';
  }
}

function PairScreen({ code, onPaired }: { code: string; onPaired: (device: Device) => void }) {
  const t = useKioskT();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!navigator.onLine) return setError(t('kiosk.pair.offline'));
    try {
      const device = await withStaffToken(email, password, async (token) => {
        const auth = { authorization: `Bearer ${token}` };
        const channels = (await (await fetch('/api/channels', { headers: auth })).json()) as Array<{ id: string; code: string }>;
        const channel = Array.isArray(channels) ? channels.find((c) => c.code === code) : undefined;
        if (!channel) throw new Error(t('kiosk.pair.channelMissing'));
        const response = await fetch(KIOSK_API.devices, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ channelId: channel.id, name: name.trim() || `Tablet ${new Date().toLocaleDateString()}` }),
        });
        const body = (await response.json().catch(() => ({}))) as { id?: string; deviceKey?: string; message?: string };
        if (!response.ok || !body.deviceKey) throw new Error(body.message ?? `HTTP ${response.status}`);
        return { key: body.deviceKey, deviceId: body.id };
      });
      onPaired(device);
    } catch (e) {
      setError(t('kiosk.pair.failed', { reason: e instanceof Error ? e.message : String(e) }));
    }
  };
  return (
    <form className="kiosk-card" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('kiosk.pair.title')}</h1>
      <p>{t('kiosk.pair.intro')}</p>
      {error && (
        <p className="kiosk-error" role="alert">
          {error}
        </p>
      )}
      <label htmlFor={`${id}-email`}>{t('kiosk.pair.email')}</label>
      <input id={`${id}-email`} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
      <label htmlFor={`${id}-password`}>{t('kiosk.pair.password')}</label>
      <input id={`${id}-password`} type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} />
      <label htmlFor={`${id}-name`}>{t('kiosk.pair.name')}</label>
      <input id={`${id}-name`} type="text" autoComplete="off" maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="kiosk-primary">
        {t('kiosk.pair.submit')}
      </button>
    </form>
  );
}

function PinScreen({ onSaved }: { onSaved: (pin: PinRecord) => void }) {
  const t = useKioskT();
  const id = useId();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!PIN_PATTERN.test(pin)) return setError(t('kiosk.pin.invalid'));
    onSaved(await makePin(pin));
  };
  return (
    <form className="kiosk-card" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('kiosk.pin.title')}</h1>
      <p>{t('kiosk.pin.intro')}</p>
      {error && (
        <p className="kiosk-error" role="alert">
          {error}
        </p>
      )}
      <label htmlFor={`${id}-pin`}>{t('kiosk.pin.label')}</label>
      <input id={`${id}-pin`} type="password" inputMode="numeric" autoComplete="off" value={pin} onChange={(e) => setPin(e.target.value)} />
      <button type="submit" className="kiosk-primary">
        {t('kiosk.pin.save')}
      </button>
    </form>
  );
}

type Phase = { kind: 'loading' } | { kind: 'unknown' } | { kind: 'no-config' } | { kind: 'ready' };

function KioskApp({ where, initialKey }: { where: KioskLocation; initialKey: string | null }) {
  const t = useKioskT();
  const { code, language } = where;
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [device, setDevice] = useState<Device | null>(initialKey ? { key: initialKey } : null);
  const [pin, setPin] = useState<PinRecord | undefined>(undefined);
  const [pinLoaded, setPinLoaded] = useState(false);
  const [config, setConfig] = useState<KioskConfig | null>(null);
  /** A newer configuration, taken at the next visitor (at once while nobody has begun). */
  const nextConfig = useRef<KioskConfig | null>(null);
  const begun = useRef(false);
  const onBegun = useCallback((value: boolean) => {
    begun.current = value;
  }, []);
  /**
   * A campaign edited after the tablet loaded it: the new version is shown at once while the visitor
   * on screen has not begun, else at the next visitor; answers keep the version they answered.
   */
  const takeNewer = useCallback((current: KioskConfig | null, fresh: KioskConfig): KioskConfig => {
    if (!current || current.campaign.version === fresh.campaign.version) {
      nextConfig.current = null;
      return current ?? fresh;
    }
    if (!begun.current) {
      nextConfig.current = null;
      return fresh;
    }
    nextConfig.current = fresh;
    return current;
  }, []);
  const [visitor, setVisitor] = useState(0);
  const [online, setOnline] = useState(navigator.onLine);
  const [storage, setStorage] = useState<StorageState>('unknown');
  const [storageError, setStorageError] = useState<string | null>(null);
  const [staff, setStaff] = useState<'closed' | 'unlock' | 'open'>('closed');
  const [queue, setQueue] = useState<QueuedResponse[]>([]);
  const [stats, setStats] = useState<KioskStats>(EMPTY_STATS);
  const [outcome, setOutcome] = useState<SyncOutcome | null>(null);
  const [sending, setSending] = useState(false);
  const deviceRef = useRef(device);
  useEffect(() => {
    deviceRef.current = device;
  }, [device]);
  const queuedCount = useRef(0);

  const refresh = useCallback(async () => {
    try {
      const [items, saved] = await Promise.all([listQueue(code), getMeta<KioskStats>(`stats:${code}`)]);
      queuedCount.current = items.filter((item) => item.status === 'queued').length;
      setQueue(items);
      setStats(saved ?? EMPTY_STATS);
    } catch (error) {
      setStorageError(error instanceof Error ? error.message : String(error));
    }
  }, [code]);

  const running = useRef(false);
  const again = useRef(false);
  const send = useCallback(async () => {
    const current = deviceRef.current;
    if (!current) return;
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    setSending(true);
    try {
      for (;;) {
        again.current = false;
        const round = await syncQueue(code, current.key);
        setOutcome(round.outcome);
        await refresh();
        // Another tab is sending: look again in a second, in case it finished before this tab's answers.
        if (round.outcome === 'busy' && queuedCount.current > 0) {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          continue;
        }
        if (!again.current) break;
      }
    } catch (error) {
      setStorageError(error instanceof Error ? error.message : String(error));
    } finally {
      running.current = false;
      setSending(false);
    }
  }, [code, refresh]);

  // Start: the stored device, PIN and survey; then the fresh survey when online.
  useEffect(() => {
    let gone = false;
    void (async () => {
      try {
        const [savedDevice, savedPin] = await Promise.all([getMeta<Device>(`device:${code}`), getMeta<PinRecord>(`pin:${code}`)]);
        if (gone) return;
        if (initialKey) await setMeta(`device:${code}`, { key: initialKey });
        else if (savedDevice) setDevice(savedDevice);
        setPin(savedPin);
      } catch (error) {
        setStorageError(error instanceof Error ? error.message : String(error));
      }
      setPinLoaded(true);
      const cached = await storedConfig(code);
      if (gone) return;
      if (cached) {
        setConfig(cached);
        setPhase({ kind: 'ready' });
      }
      const fresh = await fetchConfig(code);
      if (gone) return;
      if (fresh.kind === 'ok') {
        await storeConfig(code, fresh.config).catch(() => undefined);
        setConfig((current) => takeNewer(current, fresh.config));
        setPhase({ kind: 'ready' });
      } else if (!cached) setPhase({ kind: fresh.kind === 'unknown' ? 'unknown' : 'no-config' });
      void refresh();
    })();
    void askPersistentStorage().then(setStorage);
    return () => {
      gone = true;
    };
  }, [code, initialKey, refresh, takeNewer]);

  // Sending: at start, when the network is back, every 30 s while answers are queued.
  useEffect(() => {
    if (!device) return;
    const goOnline = () => {
      setOnline(true);
      void send();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    const timer = setInterval(() => {
      if (queuedCount.current > 0) void send();
    }, syncEvery());
    void send();
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      clearInterval(timer);
    };
  }, [device, send]);

  // A campaign edited while the tablet runs: checked again whenever the network comes back, and every 30 s online.
  useEffect(() => {
    const check = async () => {
      const fresh = await fetchConfig(code);
      if (fresh.kind !== 'ok') return;
      await storeConfig(code, fresh.config).catch(() => undefined);
      setConfig((current) => takeNewer(current, fresh.config));
    };
    const onOnline = () => void check();
    window.addEventListener('online', onOnline);
    // And while online, as often as the queue is retried: the first look may have met a slow network
    // (the service worker then answers with the kept configuration).
    const timer = setInterval(() => {
      if (navigator.onLine) void check();
    }, syncEvery());
    return () => {
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
    };
  }, [code, takeNewer]);

  const nextVisitor = useCallback(() => {
    if (nextConfig.current) {
      setConfig(nextConfig.current);
      nextConfig.current = null;
    }
    setVisitor((n) => n + 1);
    window.scrollTo(0, 0);
  }, []);

  const saved = useCallback(() => {
    void refresh();
    if (navigator.onLine) void send();
  }, [refresh, send]);

  const paired = useCallback(
    async (next: Device) => {
      setDevice(next);
      await setMeta(`device:${code}`, next).catch((error: unknown) => setStorageError(error instanceof Error ? error.message : String(error)));
    },
    [code],
  );

  let main;
  if (phase.kind === 'loading' || !pinLoaded)
    main = (
      <p className="kiosk-card" role="status">
        {t('kiosk.loading')}
      </p>
    );
  else if (!device) main = <PairScreen code={code} onPaired={(d) => void paired(d)} />;
  else if (!pin)
    main = (
      <PinScreen
        onSaved={(record) => {
          setPin(record);
          void setMeta(`pin:${code}`, record).catch((error: unknown) => setStorageError(error instanceof Error ? error.message : String(error)));
        }}
      />
    );
  else if (staff === 'unlock') main = <StaffUnlock pin={pin} onUnlock={() => setStaff('open')} onCancel={() => setStaff('closed')} />;
  else if (staff === 'open')
    main = (
      <SyncScreen
        code={code}
        deviceId={device.deviceId}
        queue={queue}
        stats={stats}
        outcome={outcome}
        sending={sending}
        onSendNow={() => void send()}
        onChanged={() => void refresh()}
        onUnpair={() => {
          void deleteMeta(`device:${code}`);
          setDevice(null);
          setStaff('closed');
        }}
        onClose={() => setStaff('closed')}
      />
    );
  else if (phase.kind === 'unknown') main = <p className="kiosk-card kiosk-error">{t('kiosk.unknownCode')}</p>;
  else if (phase.kind === 'no-config' || !config) main = <p className="kiosk-card kiosk-error">{t('kiosk.noConfig')}</p>;
  else main = <KioskVisitor key={visitor} code={code} config={config} language={language} onSaved={saved} onFinished={nextVisitor} onBegun={onBegun} />;

  return (
    <div className="kiosk">
      <header className="kiosk-header">
        <span className="kiosk-brand">{config?.studio.name ?? 'Abode'}</span>
        {device && pin && staff === 'closed' && (
          <button type="button" className="kiosk-staff-button" onClick={() => setStaff('unlock')}>
            {t('kiosk.staff.open')}
          </button>
        )}
      </header>
      <main className="kiosk-main">{main}</main>
      <footer className="kiosk-footer" aria-live="polite">
        {storageError && <p className="kiosk-error">{t('kiosk.saveFailed', { reason: storageError })}</p>}
        {!online && <p>{t('kiosk.offline')}</p>}
        {storage === 'refused' && <p>{t('kiosk.storageRefused')}</p>}
        {storage === 'unsupported' && <p>{t('kiosk.storageUnknown')}</p>}
      </footer>
    </div>
  );
}

export function KioskRoot({ where, initialKey }: { where: KioskLocation; initialKey: string | null }) {
  const [t] = useState(() => kioskTranslator(where.language));
  return (
    <KioskTextContext value={t}>
      <KioskApp where={where} initialKey={initialKey} />
    </KioskTextContext>
  );
}

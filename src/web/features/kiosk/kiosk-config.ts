// The tablet's configuration (GET /api/kiosk/config/:code, issue 39): fetched when online, kept in
// IndexedDB (and by the service worker) for the days without network. A new version is taken for the
// next visitor; answers already queued keep the version they answered.
import type { Language } from '#shared/i18n/languages';
import { getMeta, setMeta } from './kiosk-db';

export const KIOSK_CONFIG_API = '/api/kiosk/config/';

interface KioskNotice {
  version: number;
  language: string;
  title: string;
  text: string;
}

/** What the tablet reads of the configuration (KioskConfig in #shared/kiosk, by type only: no zod on the tablet). */
export interface KioskConfig {
  channel: { code: string; name: string };
  campaign: { id: string; name: string; questions: string; version: string };
  notices: Record<Language, { survey: KioskNotice; newsletter: KioskNotice }>;
  studio: { name: string; phone: string; whatsapp: string; email: string };
}

export type ConfigFetch = { kind: 'ok'; config: KioskConfig } | { kind: 'unknown' } | { kind: 'offline' };

function isConfig(value: unknown): value is KioskConfig {
  const v = value as KioskConfig | null;
  return !!v && typeof v === 'object' && typeof v.campaign?.questions === 'string' && !!v.notices?.en?.survey;
}

export async function fetchConfig(code: string): Promise<ConfigFetch> {
  try {
    const response = await fetch(`${KIOSK_CONFIG_API}${encodeURIComponent(code)}`, { cache: 'no-store' });
    if (response.status === 404) return { kind: 'unknown' };
    if (!response.ok) return { kind: 'offline' };
    const body: unknown = await response.json();
    return isConfig(body) ? { kind: 'ok', config: body } : { kind: 'offline' };
  } catch {
    return { kind: 'offline' };
  }
}

export async function storedConfig(code: string): Promise<KioskConfig | undefined> {
  try {
    const value = await getMeta<unknown>(`config:${code}`);
    return isConfig(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export async function storeConfig(code: string, config: KioskConfig): Promise<void> {
  await setMeta(`config:${code}`, config);
}

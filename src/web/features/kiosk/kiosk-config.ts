// The tablet's configuration (GET /api/kiosk/config/:code): fetched when online, kept in
// IndexedDB (and by the service worker) for the days without network. A new version is shown at once
// while the visitor on screen has not begun, else to the next visitor; answers already queued keep the
// version they answered.
import type { KioskConfig } from '#shared/kiosk/kiosk.contract';
import { KIOSK_API } from '#shared/kiosk/kiosk.api';
import { getMeta, setMeta } from './kiosk-db';

/** What the tablet reads (the contract's type only: no zod on the tablet). */
export type { KioskConfig };

export type ConfigFetch = { kind: 'ok'; config: KioskConfig } | { kind: 'unknown' } | { kind: 'offline' };

function isConfig(value: unknown): value is KioskConfig {
  const v = value as KioskConfig | null;
  return !!v && typeof v === 'object' && typeof v.campaign?.questions === 'string' && !!v.notices?.en?.survey;
}

export async function fetchConfig(code: string): Promise<ConfigFetch> {
  try {
    const response = await fetch(KIOSK_API.config(code), { cache: 'no-store' });
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

import { apiPath } from '../api-path';

/** Expo tablets: paired devices of a kiosk channel, the answers they queue, the queue file. */
export const KIOSK_API = {
  /** GET (staff, `?channelId=`): the channel's tablets. POST (staff) `{ channelId, name }` → 201 `{ id, deviceKey, pairUrl, device }`. */
  devices: '/api/kiosk/devices',
  /** DELETE (owner): revokes the tablet; its key stops working at once. */
  device: apiPath('/api/kiosk/devices/:id'),
  /** POST (`Authorization: Bearer <deviceKey>`): one queued answer → 201 stored, 200 the same again, 409 a different body under the same id. */
  responses: '/api/kiosk/responses',
  /** POST (device key) `{ responses: [...] }` (at most KIOSK_BATCH_MAX): one outcome per answer, in order. */
  batch: '/api/kiosk/responses/batch',
  /** GET (public, cacheable): what the tablet needs to run offline — the survey, its version, the notices, the studio's contact. */
  config: apiPath('/api/kiosk/config/:code'),
  /** POST (staff, multipart `file`): a queue file downloaded from a tablet → one outcome per answer. */
  uploads: '/api/kiosk/uploads',
  /** GET (staff, `?channelId=`): answers that arrived twice under one id with different contents (both kept). */
  conflicts: '/api/kiosk/conflicts',
} as const;

/** The tablet's page: `/kiosk/<code>`; pairing adds `#key=<deviceKey>` (a fragment: never sent to a server or kept in logs). */
export const KIOSK_PAGE_PREFIX = '/kiosk/';

/** The staff page where a queue file is uploaded. */
export const KIOSK_UPLOAD_PAGE = '/dashboard/kiosk/upload';

/** `/kiosk/<code>#key=<deviceKey>` on `siteUrl` (no trailing slash). */
export function kioskPairUrl(siteUrl: string, code: string, deviceKey: string): string {
  return `${siteUrl}${KIOSK_PAGE_PREFIX}${code}#key=${deviceKey}`;
}

import { apiPath } from '../api-path';
import { route } from '../api-route';
import type { channelLinkSchema } from './channels.contract';

/** Channels: where a campaign is shared (a link, a QR code, an embed…), each with its short link. */
export const CHANNELS_API = {
  /** GET (staff): every channel. POST (staff): a new channel → 201 `{ channel, message }`. */
  channels: '/api/channels',
  /** GET, PATCH (staff), DELETE (owner): one channel. */
  one: apiPath('/api/channels/:id'),
  /** GET (staff, `?size=` 256–2048 pixels): the QR code of the short link with the channel's UTM values. */
  qrSvg: apiPath('/api/channels/:id/qr.svg'),
  qrPng: apiPath('/api/channels/:id/qr.png'),
  /** GET (public, `?lang=`): what the short-link page shows — the campaign, whether it takes visitors now, and if not why. 404: no such code. */
  link: apiPath('/api/channels/link/:code'),
} as const;

/** The short-link page's route (by type only: the landing page loads this file). */
export const CHANNEL_ROUTES = {
  link: route<typeof channelLinkSchema>('GET', CHANNELS_API.link),
};

/** `/s/<code>` (without the language's prefix): the code, or null for another path. */
export function channelLinkCode(pathname: string): string | null {
  const match = /^\/s\/([^/]{1,20})$/.exec(pathname);
  return match ? match[1]! : null;
}

/** The public short link of a channel: `/s/<code>` (and `/hi/s/<code>` in Hindi). */
export const CHANNEL_LINK_PREFIX = '/s/';

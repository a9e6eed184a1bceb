import { apiPath } from '../api-path';

/** Channels: where a campaign is shared (a link, a QR code, an embed…), each with its short link. */
export const CHANNELS_API = {
  /** GET (staff): every channel. POST (staff): a new channel → 201 `{ channel, message }`. */
  channels: '/api/channels',
  /** GET, PATCH (staff), DELETE (owner): one channel. */
  one: apiPath('/api/channels/:id'),
  /** GET (staff, `?size=` 256–2048 pixels): the QR code of the short link with the channel's UTM values. */
  qrSvg: apiPath('/api/channels/:id/qr.svg'),
  qrPng: apiPath('/api/channels/:id/qr.png'),
} as const;

/** The public short link of a channel: `/s/<code>` (and `/hi/s/<code>` in Hindi). */
export const CHANNEL_LINK_PREFIX = '/s/';

import { z } from 'zod';

/**
 * Channels: a campaign shared through one medium (a link, a QR code, an embed, WhatsApp, an ad, a
 * kiosk), each with a short code, default UTM values, an optional schedule and cap of completed
 * responses, a pause switch and, for embeds, the origins allowed to frame it.
 */

export const CHANNEL_KINDS = ['link', 'qr', 'embed', 'whatsapp', 'ad', 'kiosk', 'other'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export const CHANNEL_STATUSES = ['scheduled', 'open', 'paused', 'closed', 'full'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

/** Codes are drawn from these: no 0/o, 1/l/i, so a code read aloud or off paper is typed right. */
export const CHANNEL_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const CHANNEL_CODE_LENGTH = 7;
export const CHANNEL_CODE_PATTERN = /^[23456789abcdefghjkmnpqrstuvwxyz]{7}$/;

export const CHANNEL_MESSAGES = {
  name: 'Please give the channel a name (up to 120 characters).',
  campaignRequired: 'Please choose the campaign this channel belongs to.',
  campaignUnknown: 'This campaign does not exist.',
  kind: `The kind must be one of: ${CHANNEL_KINDS.join(', ')}.`,
  utm: 'UTM values are at most 200 characters.',
  time: 'Please give times as ISO date-times with a time zone (2027-01-05T10:00:00+05:30).',
  closesBeforeOpens: 'The closing time must be after the opening time.',
  cap: 'The cap must be a whole number of completed responses, at least 1.',
  paused: 'Paused is true or false.',
  origin: 'Each allowed origin must be https://host or https://host:port, with nothing after it.',
  origins: 'At most 20 allowed origins.',
  qrSize: 'The size is a whole number of pixels from 256 to 2048.',
  notFound: 'This channel does not exist.',
  created: 'Channel created.',
  updated: 'Channel updated.',
  deleted: 'Channel deleted.',
  /** A visitor's link whose code no channel has (POST /api/email/add `channel`). */
  linkUnknown: 'This link is not known. Please check the address, or start from the home page.',
  referrer: 'The referrer must be a web address or a host name.',
} as const;

const ORIGIN = /^https:\/\/([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}))?$/;

/** True for exactly `https://host[:port]` (a DNS name, port 1–65535): what a browser sends as Origin. */
export function isHttpsOrigin(value: string): boolean {
  const match = ORIGIN.exec(value);
  if (!match) return false;
  if (/^[\d.]+$/.test(match[1]!) && !/^(\d{1,3}\.){3}\d{1,3}$/.test(match[1]!)) return false;
  return match[2] === undefined || (Number(match[2]) >= 1 && Number(match[2]) <= 65535);
}

const utmValue = z
  .string({ message: CHANNEL_MESSAGES.utm })
  .trim()
  .max(200, CHANNEL_MESSAGES.utm)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));
const isoTime = z.string({ message: CHANNEL_MESSAGES.time }).datetime({ offset: true, message: CHANNEL_MESSAGES.time }).nullable().optional();

const channelFields = {
  name: z.string({ message: CHANNEL_MESSAGES.name }).trim().min(1, CHANNEL_MESSAGES.name).max(120, CHANNEL_MESSAGES.name),
  campaignId: z
    .string({ message: CHANNEL_MESSAGES.campaignRequired })
    .trim()
    .min(1, CHANNEL_MESSAGES.campaignRequired)
    .max(100, CHANNEL_MESSAGES.campaignUnknown),
  kind: z.enum(CHANNEL_KINDS, { message: CHANNEL_MESSAGES.kind }),
  utmSource: utmValue,
  utmMedium: utmValue,
  utmCampaign: utmValue,
  utmContent: utmValue,
  opensAt: isoTime,
  closesAt: isoTime,
  cap: z
    .number({ message: CHANNEL_MESSAGES.cap })
    .int(CHANNEL_MESSAGES.cap)
    .min(1, CHANNEL_MESSAGES.cap)
    .max(10_000_000, CHANNEL_MESSAGES.cap)
    .nullable()
    .optional(),
  paused: z.boolean({ message: CHANNEL_MESSAGES.paused }).optional(),
  allowedOrigins: z
    .array(z.string({ message: CHANNEL_MESSAGES.origin }).trim().toLowerCase().refine(isHttpsOrigin, CHANNEL_MESSAGES.origin), {
      message: CHANNEL_MESSAGES.origin,
    })
    .max(20, CHANNEL_MESSAGES.origins)
    .optional(),
};

function closesAfterOpens(value: { opensAt?: string | null | undefined; closesAt?: string | null | undefined }): boolean {
  return !value.opensAt || !value.closesAt || Date.parse(value.closesAt) > Date.parse(value.opensAt);
}

/** POST /api/channels: name, campaign and kind are required. */
export const newChannelSchema = z.object(channelFields).refine(closesAfterOpens, { message: CHANNEL_MESSAGES.closesBeforeOpens, path: ['closesAt'] });
export type NewChannel = z.infer<typeof newChannelSchema>;

/** PATCH /api/channels/:id: any of the fields; null clears an optional one. The server checks the times against the stored ones too. */
export const channelUpdateSchema = z
  .object(channelFields)
  .partial()
  .refine(closesAfterOpens, { message: CHANNEL_MESSAGES.closesBeforeOpens, path: ['closesAt'] });
export type ChannelUpdate = z.infer<typeof channelUpdateSchema>;

export const channelSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** The public short link, absolute (PUBLIC_BASE_URL). */
  url: z.string(),
  status: z.enum(CHANNEL_STATUSES),
  /** Completed responses that came through this channel. */
  completed: z.number().int(),
  name: z.string(),
  campaignId: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  utmContent: z.string().nullable(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  cap: z.number().int().nullable(),
  paused: z.boolean(),
  allowedOrigins: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;
export const channelListSchema = z.array(channelSchema);
export const channelAnswerSchema = z.object({ channel: channelSchema, message: z.string() });

export const QR_SIZE = { min: 256, max: 2048, default: 512 } as const;
export const qrQuerySchema = z.object({
  size: z.coerce
    .number({ message: CHANNEL_MESSAGES.qrSize })
    .int(CHANNEL_MESSAGES.qrSize)
    .min(QR_SIZE.min, CHANNEL_MESSAGES.qrSize)
    .max(QR_SIZE.max, CHANNEL_MESSAGES.qrSize)
    .default(QR_SIZE.default),
});

/** The address a channel's QR code holds: its short link with the UTM values it has. */
export function channelQrUrl(channel: Pick<Channel, 'url' | 'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmContent'>): string {
  const params = new URLSearchParams();
  if (channel.utmSource) params.set('utm_source', channel.utmSource);
  if (channel.utmMedium) params.set('utm_medium', channel.utmMedium);
  if (channel.utmCampaign) params.set('utm_campaign', channel.utmCampaign);
  if (channel.utmContent) params.set('utm_content', channel.utmContent);
  const query = params.toString();
  return query ? `${channel.url}?${query}` : channel.url;
}

/**
 * The paste-ready code of an embed channel for a partner's page (decision 0034): the studio's
 * embed.js, from the public base URL the short link carries (PUBLIC_BASE_URL), and the channel's code.
 */
export function channelEmbedSnippet(channel: Pick<Channel, 'url' | 'code'>): string {
  return `<script src="${new URL(channel.url).origin}/embed.js" data-abode-channel="${channel.code}" async></script>`;
}

/** What a channel's state is at `now`: paused wins, then the schedule, then the cap. */
export function channelStatus(
  channel: { paused: boolean; opensAt: string | null; closesAt: string | null; cap: number | null },
  completed: number,
  now: Date,
): ChannelStatus {
  if (channel.paused) return 'paused';
  const t = now.getTime();
  if (channel.closesAt && Date.parse(channel.closesAt) <= t) return 'closed';
  if (channel.opensAt && Date.parse(channel.opensAt) > t) return 'scheduled';
  if (channel.cap !== null && completed >= channel.cap) return 'full';
  return 'open';
}

// ---------------------------------------------------------------------------------------------
// Attribution: where a visitor came from (POST /api/email/add and the short-link pages)

/** The five UTM values a link may carry (`utm_source` … `utm_term`), as the API names them. */
export const UTM_FIELDS = ['source', 'medium', 'campaign', 'content', 'term'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export type Utm = Partial<Record<UtmField, string>>;

const utmPart = z
  .string({ message: CHANNEL_MESSAGES.utm })
  .trim()
  .max(200, CHANNEL_MESSAGES.utm)
  .optional()
  .transform((v) => (v ? v : undefined));

/** The `utm` object: each value trimmed, at most 200 characters; empty ones left out, and null when none is left. */
export const utmSchema = z
  .object({ source: utmPart, medium: utmPart, campaign: utmPart, content: utmPart, term: utmPart }, { message: CHANNEL_MESSAGES.utm })
  .nullish()
  .transform((value): Utm | null => {
    if (!value) return null;
    const kept: Utm = {};
    for (const field of UTM_FIELDS) if (value[field]) kept[field] = value[field];
    return Object.keys(kept).length > 0 ? kept : null;
  });

const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/i;

/** The host of a referrer given as an address (`https://l.instagram.com/…`) or a host; undefined when it is neither. */
export function referrerHostOf(value: string): string | undefined {
  const text = value.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    try {
      const host = new URL(text).hostname.toLowerCase();
      return host || undefined;
    } catch {
      return undefined;
    }
  }
  return HOST.test(text) ? text.replace(/:\d+$/, '').toLowerCase() : undefined;
}

/** What the landing pages send beside the e-mail: the channel's code, the UTM values, the referrer. All optional. */
export const attributionFields = {
  channel: z
    .string({ message: CHANNEL_MESSAGES.linkUnknown })
    .trim()
    .max(20, CHANNEL_MESSAGES.linkUnknown)
    .optional()
    .transform((v) => (v ? v : undefined)),
  utm: utmSchema.optional(),
  referrer: z
    .string({ message: CHANNEL_MESSAGES.referrer })
    .max(2048, CHANNEL_MESSAGES.referrer)
    .optional()
    .superRefine((value, ctx) => {
      if (value && value.trim() && !referrerHostOf(value)) ctx.addIssue({ code: 'custom', message: CHANNEL_MESSAGES.referrer });
    })
    .transform((v) => (v && v.trim() ? referrerHostOf(v) : undefined)),
};

export const channelLinkQuerySchema = z.object({ lang: z.enum(['en', 'hi']).optional() });

/** GET /api/channels/link/:code: the short-link page's data. */
export const channelLinkSchema = z.object({
  code: z.string(),
  /** `open`: the page shows the e-mail form; anything else: `message` and the studio's contact details. */
  status: z.enum(CHANNEL_STATUSES),
  /** Why it takes no one now, in the language asked ("This survey is closed."); null while open. */
  message: z.string().nullable(),
  /** The channel's campaign: its name (the page's title) and, while open, its survey. */
  campaign: z.object({ _id: z.string(), name: z.string(), questions: z.string(), questioncolumns: z.string(), isActive: z.boolean() }),
  /** The channel's default UTM values; the link's own `utm_*` override them. */
  utm: z.object({ source: z.string(), medium: z.string(), campaign: z.string(), content: z.string(), term: z.string() }).partial(),
});
export type ChannelLink = z.infer<typeof channelLinkSchema>;

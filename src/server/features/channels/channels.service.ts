import { randomInt } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import { loadQrCode } from '#server/lib/lazy-modules';
import {
  CHANNEL_CODE_ALPHABET,
  CHANNEL_CODE_LENGTH,
  CHANNEL_MESSAGES,
  channelQrUrl,
  channelStatus,
  isHttpsOrigin,
  type Channel,
  type ChannelKind,
  type ChannelStatus,
  type ChannelUpdate,
  type NewChannel,
  type Utm,
  type ChannelLink,
} from '#shared/channels/channels.contract';
import { CHANNEL_LINK_PREFIX } from '#shared/channels/channels.api';
import { toBool, toIso } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { badRequest, HttpError, notFound } from '#server/lib/errors';
import { formatDateTime } from '#shared/i18n/format';
import type { Language } from '#shared/i18n/languages';
import { textsIn } from '#shared/i18n/translate';
import { newId } from '#server/lib/ids';
import { findCampaign } from '#server/features/surveys';
import { changedFields, recordAudit, type AuditActor } from '#server/features/audit';
import * as repo from './channels.repository';
import type { ChannelsTable } from './channels.tables';

type Db = Kysely<Database>;

/** What the channels need from the app: the clock tests control, the site's public address, the completed counts. */
export interface ChannelContext {
  db: Db;
  now: () => Date;
  /** PUBLIC_BASE_URL (or the configured site address), without a trailing slash. */
  siteUrl: string;
  completedByChannel: (db: Db, channelIds: readonly string[]) => Promise<Map<string, number>>;
}

/** A fresh code from the no-lookalike alphabet (31^7 ≈ 2.75e10 codes). */
export function newChannelCode(): string {
  let code = '';
  for (let i = 0; i < CHANNEL_CODE_LENGTH; i++) code += CHANNEL_CODE_ALPHABET[randomInt(CHANNEL_CODE_ALPHABET.length)];
  return code;
}

const isoOrNull = (value: Date | string | null) => (value === null ? null : toIso(value));

function toChannel(ctx: ChannelContext, row: repo.ChannelRow, completed: number): Channel {
  const fields = {
    opensAt: isoOrNull(row.opensAt),
    closesAt: isoOrNull(row.closesAt),
    cap: row.cap === null ? null : Number(row.cap),
    paused: toBool(row.paused),
  };
  return {
    id: row.id,
    code: row.code,
    url: `${ctx.siteUrl}${CHANNEL_LINK_PREFIX}${row.code}`,
    status: channelStatus(fields, completed, ctx.now()),
    completed,
    name: row.name,
    campaignId: row.campaignId,
    kind: row.kind as ChannelKind,
    utmSource: row.utmSource,
    utmMedium: row.utmMedium,
    utmCampaign: row.utmCampaign,
    utmContent: row.utmContent,
    ...fields,
    allowedOrigins: JSON.parse(row.allowedOrigins) as string[],
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

async function withCounts(ctx: ChannelContext, rows: repo.ChannelRow[]): Promise<Channel[]> {
  const counts = await ctx.completedByChannel(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toChannel(ctx, row, counts.get(row.id) ?? 0));
}

async function requireCampaignOf(db: Db, campaignId: string): Promise<void> {
  if (!(await findCampaign(db, campaignId))) {
    throw badRequest(CHANNEL_MESSAGES.campaignUnknown, [{ field: 'campaignId', message: CHANNEL_MESSAGES.campaignUnknown }]);
  }
}

const UNIQUE_VIOLATION = new Set(['SQLITE_CONSTRAINT_UNIQUE', '23505']);

export async function listChannels(ctx: ChannelContext): Promise<Channel[]> {
  return withCounts(ctx, await repo.listChannels(ctx.db));
}

export async function getChannel(ctx: ChannelContext, id: string): Promise<Channel> {
  const row = await repo.findChannel(ctx.db, id);
  if (!row) throw notFound(CHANNEL_MESSAGES.notFound);
  return (await withCounts(ctx, [row]))[0]!;
}

/** A channel by its public code, with its completed count and status at this moment; undefined when there is none. */
export async function channelByCode(ctx: ChannelContext, code: string): Promise<Channel | undefined> {
  const row = await repo.findChannelByCode(ctx.db, code);
  return row && (await withCounts(ctx, [row]))[0]!;
}

/** The channel and its audit entry are stored together. */
export async function createChannel(ctx: ChannelContext, input: NewChannel, actor: AuditActor): Promise<Channel> {
  await requireCampaignOf(ctx.db, input.campaignId);
  const now = ctx.now();
  const id = newId();
  // A clash is about one in 10^10 per existing code; the unique index settles a race between two.
  for (let attempt = 0; ; attempt++) {
    const code = newChannelCode();
    if (await repo.codeTaken(ctx.db, code)) continue;
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await repo.insertChannel(trx, {
          id,
          code,
          name: input.name,
          campaignId: input.campaignId,
          kind: input.kind,
          utmSource: input.utmSource ?? null,
          utmMedium: input.utmMedium ?? null,
          utmCampaign: input.utmCampaign ?? null,
          utmContent: input.utmContent ?? null,
          opensAt: input.opensAt ? new Date(input.opensAt) : null,
          closesAt: input.closesAt ? new Date(input.closesAt) : null,
          cap: input.cap ?? null,
          paused: input.paused ?? false,
          allowedOrigins: JSON.stringify(input.allowedOrigins ?? []),
          createdAt: now,
          updatedAt: now,
        });
        await recordAudit(trx, { actor, kind: 'channel.created', recordType: 'channel', recordId: id });
      });
      break;
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt < 5 && typeof code === 'string' && UNIQUE_VIOLATION.has(code)) continue;
      throw error;
    }
  }
  return getChannel(ctx, id);
}

/** The fields whose names (never values) an edit's audit entry lists. */
const AUDITED_FIELDS = [
  'name',
  'campaignId',
  'kind',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmContent',
  'opensAt',
  'closesAt',
  'cap',
  'paused',
  'allowedOrigins',
] as const;

export async function updateChannel(ctx: ChannelContext, id: string, input: ChannelUpdate, actor: AuditActor): Promise<Channel> {
  const before = await repo.findChannel(ctx.db, id);
  if (!before) throw notFound(CHANNEL_MESSAGES.notFound);
  if (input.campaignId !== undefined) await requireCampaignOf(ctx.db, input.campaignId);
  // The times are checked together with the stored one the change leaves in place.
  const opensAt = input.opensAt !== undefined ? input.opensAt : isoOrNull(before.opensAt);
  const closesAt = input.closesAt !== undefined ? input.closesAt : isoOrNull(before.closesAt);
  if (opensAt && closesAt && Date.parse(closesAt) <= Date.parse(opensAt)) {
    throw badRequest(CHANNEL_MESSAGES.closesBeforeOpens, [{ field: 'closesAt', message: CHANNEL_MESSAGES.closesBeforeOpens }]);
  }
  const fields: Updateable<ChannelsTable> = { updatedAt: ctx.now() };
  if (input.name !== undefined) fields.name = input.name;
  if (input.campaignId !== undefined) fields.campaignId = input.campaignId;
  if (input.kind !== undefined) fields.kind = input.kind;
  if (input.utmSource !== undefined) fields.utmSource = input.utmSource;
  if (input.utmMedium !== undefined) fields.utmMedium = input.utmMedium;
  if (input.utmCampaign !== undefined) fields.utmCampaign = input.utmCampaign;
  if (input.utmContent !== undefined) fields.utmContent = input.utmContent;
  if (input.opensAt !== undefined) fields.opensAt = input.opensAt ? new Date(input.opensAt) : null;
  if (input.closesAt !== undefined) fields.closesAt = input.closesAt ? new Date(input.closesAt) : null;
  if (input.cap !== undefined) fields.cap = input.cap;
  if (input.paused !== undefined) fields.paused = input.paused;
  if (input.allowedOrigins !== undefined) fields.allowedOrigins = JSON.stringify(input.allowedOrigins);
  const comparable = (row: repo.ChannelRow) => ({
    ...row,
    opensAt: isoOrNull(row.opensAt),
    closesAt: isoOrNull(row.closesAt),
    paused: toBool(row.paused),
    cap: row.cap === null ? null : Number(row.cap),
  });
  const changed = changedFields(comparable(before), comparable({ ...before, ...fields } as repo.ChannelRow), AUDITED_FIELDS);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.updateChannel(trx, id, fields))) throw notFound(CHANNEL_MESSAGES.notFound);
    await recordAudit(trx, { actor, kind: 'channel.updated', recordType: 'channel', recordId: id, fields: changed });
  });
  return getChannel(ctx, id);
}

export async function deleteChannel(ctx: ChannelContext, id: string, actor: AuditActor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteChannel(trx, id))) throw notFound(CHANNEL_MESSAGES.notFound);
    await recordAudit(trx, { actor, kind: 'channel.deleted', recordType: 'channel', recordId: id });
  });
}

// Error correction M (15 %) survives print and a phone held at an angle; the standard quiet zone
// of 4 modules lets a camera find the code on any background.
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } } as const;

/** The channel's QR code as SVG, `size` pixels wide. */
export async function channelQrSvg(ctx: ChannelContext, id: string, size: number): Promise<string> {
  return (await loadQrCode()).toString(channelQrUrl(await getChannel(ctx, id)), { ...QR_OPTIONS, type: 'svg', width: size });
}

/** The channel's QR code as PNG, `size` × `size` pixels. */
export async function channelQrPng(ctx: ChannelContext, id: string, size: number): Promise<Buffer> {
  return (await loadQrCode()).toBuffer(channelQrUrl(await getChannel(ctx, id)), { ...QR_OPTIONS, type: 'png', width: size });
}

// ---------------------------------------------------------------------------------------------
// Visitors (README "Channels")

/** A channel as a visitor's arrival sees it: locked in the caller's transaction, with what its status needs. */
export interface VisitorChannel {
  id: string;
  code: string;
  name: string;
  /** `link`, `qr`, `embed`, `whatsapp`, `ad`, `kiosk` or `other`. */
  kind: string;
  campaignId: string;
  paused: boolean;
  opensAt: string | null;
  closesAt: string | null;
  cap: number | null;
  /** The channel's default UTM values (a link's own override them). */
  utm: Utm;
}

export function visitorChannelOf(row: repo.ChannelRow): VisitorChannel {
  const utm: Utm = {};
  if (row.utmSource) utm.source = row.utmSource;
  if (row.utmMedium) utm.medium = row.utmMedium;
  if (row.utmCampaign) utm.campaign = row.utmCampaign;
  if (row.utmContent) utm.content = row.utmContent;
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    campaignId: row.campaignId,
    paused: toBool(row.paused),
    opensAt: isoOrNull(row.opensAt),
    closesAt: isoOrNull(row.closesAt),
    cap: row.cap === null ? null : Number(row.cap),
    utm,
  };
}

/**
 * The channel with this code, its row locked until the caller's transaction ends (PostgreSQL), so
 * that counting its completed responses and admitting a visitor cannot interleave with a
 * completion on another instance; undefined when no channel has the code.
 */
export async function lockVisitorChannel(db: Db, code: string): Promise<VisitorChannel | undefined> {
  const row = await repo.lockChannelByCode(db, code);
  return row && visitorChannelOf(row);
}

/** A channel looked up by code without a lock (the short-link pages). */
export async function findVisitorChannel(db: Db, code: string): Promise<VisitorChannel | undefined> {
  const row = await repo.findChannelByCode(db, code);
  return row && visitorChannelOf(row);
}

/** Locks the channel's row (PostgreSQL) until the transaction ends (see lockVisitorChannel). */
export function lockChannel(db: Db, id: string): Promise<void> {
  return repo.lockChannel(db, id);
}

/** The channels' names and codes by id (those that exist). */
export function channelNames(db: Db, ids: readonly string[]): Promise<Map<string, { name: string; code: string }>> {
  return repo.channelNames(db, ids);
}

/** Every channel's id, code and name (a download names the channels of its rows). */
export function listChannelNames(db: Db): Promise<Array<{ id: string; code: string; name: string }>> {
  return repo.listChannelNames(db);
}

/** The channels (of a campaign, or all) by name: the funnel's rows. */
export function channelsOfCampaign(db: Db, campaignId?: string): Promise<Array<{ id: string; name: string; campaignId: string }>> {
  return repo.channelsOfCampaign(db, campaignId);
}

/** A channel as the notifications name it (`data.channel` of the webhooks): null for none, or when it was deleted since. */
export async function channelReference(db: Db, id: string | null): Promise<{ id: string; code: string; name: string } | null> {
  if (id === null) return null;
  const found = (await repo.channelNames(db, [id])).get(id);
  return found ? { id, code: found.code, name: found.name } : null;
}

/** Stored UTM values (JSON text) as an object; null for none or an unreadable text. */
export function utmOf(json: string | null): Utm | null {
  if (json === null) return null;
  try {
    const value = JSON.parse(json) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Utm) : null;
  } catch {
    return null;
  }
}

/** Where a message's sender came from, as stored beside it: the channel's id, the UTM values (JSON text), the referrer's host. */
export interface StoredAttribution {
  channelId: string | null;
  utm: string | null;
  referrerHost: string | null;
}

/**
 * The attribution a contact message or an enquiry keeps (decision 0033). Unlike the survey's e-mail
 * step, a message is never refused for its link: a code no channel has (a link deleted since the
 * visit) is left out, and a paused, closed or full channel still names the message (its cap counts
 * completed surveys). The channel's default UTM values go under the link's own. Undefined: none sent.
 */
export async function messageAttribution(
  db: Db,
  input: { channel?: string | undefined; utm?: Utm | null | undefined; referrer?: string | undefined },
): Promise<StoredAttribution | undefined> {
  if (!input.channel && !input.utm && !input.referrer) return undefined;
  const channel = input.channel ? await findVisitorChannel(db, input.channel) : undefined;
  const utm = { ...(channel?.utm ?? {}), ...(input.utm ?? {}) };
  return { channelId: channel?.id ?? null, utm: Object.keys(utm).length > 0 ? JSON.stringify(utm) : null, referrerHost: input.referrer ?? null };
}

/** The studio's details a refused visitor is given, and the time zone the opening time is shown in. */
export interface StudioContact {
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  timeZone: string;
}

/** What a visitor reads when a channel takes no one: "This survey is closed." or when it opens, in their language. */
export function channelRefusalText(language: Language, channel: Pick<VisitorChannel, 'opensAt'>, status: ChannelStatus, timeZone: string): string {
  const t = textsIn(language);
  if (status === 'scheduled' && channel.opensAt) return t('channel.opensOn', { when: formatDateTime(language, new Date(channel.opensAt), timeZone) });
  return t('channel.closed');
}

/** The 409 of a paused, closed, not-yet-open or full channel: the sentence, the status and the studio's contact details. */
export function channelUnavailable(language: Language, channel: Pick<VisitorChannel, 'opensAt'>, status: ChannelStatus, studio: StudioContact): HttpError {
  return new HttpError(409, channelRefusalText(language, channel, status, studio.timeZone), 'CHANNEL_UNAVAILABLE', undefined, undefined, {
    status,
    contact: { name: studio.name, phone: studio.phone, whatsapp: studio.whatsapp, email: studio.email },
  });
}

/**
 * The short-link page's data (GET /api/channels/link/:code): the channel's campaign and whether it
 * takes visitors at this moment, with the sentence that says why not in `language`. 404: no channel.
 */
export async function channelLink(ctx: ChannelContext, code: string, language: Language, timeZone: string): Promise<ChannelLink> {
  const row = await repo.findChannelByCode(ctx.db, code);
  const campaign = row && (await findCampaign(ctx.db, row.campaignId));
  if (!row || !campaign) throw notFound(CHANNEL_MESSAGES.linkUnknown);
  const channel = visitorChannelOf(row);
  const completed = (await ctx.completedByChannel(ctx.db, [row.id])).get(row.id) ?? 0;
  const status = channelStatus(channel, completed, ctx.now());
  const open = status === 'open';
  return {
    code: row.code,
    status,
    message: open ? null : channelRefusalText(language, channel, status, timeZone),
    // Its survey only while it takes answers.
    campaign: {
      _id: campaign.id,
      name: campaign.name,
      questions: open ? campaign.questions : '',
      questioncolumns: open ? campaign.questioncolumns : '',
      isActive: toBool(campaign.isActive),
    },
    utm: channel.utm,
  };
}

// ---------------------------------------------------------------------------------------------
// Embeds (decision 0034, README "Embedding a survey on another site")

/** What an embed page (`/embed/<code>`) needs before it is rendered: the channel, and who may frame it. */
export interface EmbedFraming {
  code: string;
  /**
   * The origins allowed to frame the page (CSP frame-ancestors): an `embed` channel's allowed origins;
   * none for another kind, or an embed channel without any (then no site may frame it).
   */
  origins: string[];
}

/** The framing of the channel with this code; undefined when no channel has it. */
export async function embedFraming(db: Db, code: string): Promise<EmbedFraming | undefined> {
  const row = await repo.findChannelByCode(db, code);
  if (!row) return undefined;
  if (row.kind !== 'embed') return { code: row.code, origins: [] };
  let stored: unknown;
  try {
    stored = JSON.parse(row.allowedOrigins);
  } catch {
    stored = [];
  }
  // Checked when stored; checked again here, as they go into a response header.
  const origins = Array.isArray(stored) ? stored.filter((o): o is string => typeof o === 'string' && isHttpsOrigin(o)) : [];
  return { code: row.code, origins };
}

/** How a visitor reached a channel's page: its short link, or its embed in another site's frame. */

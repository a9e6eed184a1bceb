import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ZodError } from 'zod';
import type { FieldError } from '#shared/api-error';
import {
  KIOSK_CLOCK_SKEW_MS,
  KIOSK_MESSAGES,
  kioskResponseSchema,
  type KioskBatchResult,
  type KioskConfig,
  type KioskConflict,
  type KioskDevice,
  type KioskDeviceCreated,
  type KioskOutcome,
  type KioskResponse,
  type NewKioskDevice,
} from '#shared/kiosk/kiosk.contract';
import { kioskPairUrl } from '#shared/kiosk/kiosk.api';
import type { ListingMatches } from '#shared/matching/listing-match';
import type { StudioSettings } from '#shared/settings/settings.contract';
import { toIso } from '#server/db/database';
import type { Database } from '#server/db/schema';
import type { GroupCommitter } from '#server/db/group-commit';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '#server/lib/errors';
import { newId } from '#server/lib/ids';
import { recordAudit, type AuditActor } from '#server/features/audit';
import { channelNames, findVisitorChannel, lockVisitorChannel, type VisitorChannel } from '#server/features/channels';
import { currentNotices, pendingConsent, storeConsent } from '#server/features/consent';
import { addEmailRecord, storeLeadResponse, storeResponse } from '#server/features/responses';
import { findOrCreateLead } from '#server/features/leads';
import { recordEvent } from '#server/features/notifications';
import { campaignLeadFields, findCampaign } from '#server/features/surveys';
import { leadDetailsFrom } from '#shared/leads/lead-fields';
import * as repo from './kiosk.repository';

type Db = Kysely<Database>;

/** What the kiosk room needs from the app. */
export interface KioskContext {
  db: Db;
  writes: GroupCommitter;
  /** The clock tests control: the sync time (an answer's arrival). */
  now: () => Date;
  /** PUBLIC_BASE_URL (or the configured site address), without a trailing slash. */
  siteUrl: string;
  settings: (db?: Db) => Promise<StudioSettings>;
  /** The homes and decor matched to the answers, as online (outside the write). */
  matches: (campaignId: string, answer: Record<string, unknown>) => Promise<ListingMatches | null>;
  /** Wakes the notification dispatcher (staff mail, webhooks, the visitor's mail). */
  wake: () => void;
}

// ---------------------------------------------------------------------------------------------
// Devices

const KEY_PREFIX = 'kdk_';

/** A fresh device key: 256 random bits, URL-safe (it travels in a URL fragment and a header). */
function newDeviceKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashDeviceKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

const isoOrNull = (value: Date | string | null) => (value === null ? null : toIso(value));

async function toDevices(db: Db, rows: repo.DeviceRow[]): Promise<KioskDevice[]> {
  const names = await channelNames(db, [...new Set(rows.map((r) => r.channelId))]);
  const counts = await repo.deviceCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    channelId: row.channelId,
    channelName: names.get(row.channelId)?.name ?? '',
    channelCode: names.get(row.channelId)?.code ?? '',
    createdAt: toIso(row.createdAt),
    lastSyncAt: isoOrNull(row.lastSyncAt),
    stored: counts.get(row.id)?.stored ?? 0,
    conflicts: counts.get(row.id)?.conflicts ?? 0,
    queued: null,
    revokedAt: isoOrNull(row.revokedAt),
  }));
}

/** The channel by id, as a visitor's arrival sees it; undefined when there is none. */
async function channelById(db: Db, id: string): Promise<VisitorChannel | undefined> {
  const code = (await channelNames(db, [id])).get(id)?.code;
  return code === undefined ? undefined : findVisitorChannel(db, code);
}

/** A kiosk channel's new tablet: its key is returned this once, only its hash is kept; audited. */
export async function createDevice(ctx: KioskContext, input: NewKioskDevice, actor: AuditActor): Promise<KioskDeviceCreated> {
  const channel = await channelById(ctx.db, input.channelId);
  if (!channel) throw badRequest(KIOSK_MESSAGES.channelUnknown, [{ field: 'channelId', message: KIOSK_MESSAGES.channelUnknown }]);
  if (channel.kind !== 'kiosk') throw badRequest(KIOSK_MESSAGES.channelNotKiosk, [{ field: 'channelId', message: KIOSK_MESSAGES.channelNotKiosk }]);
  const id = newId();
  const deviceKey = newDeviceKey();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertDevice(trx, {
      id,
      channelId: channel.id,
      name: input.name,
      keyHash: hashDeviceKey(deviceKey),
      createdAt: ctx.now(),
      createdBy: actor?.sub ?? null,
      lastSyncAt: null,
      revokedAt: null,
    });
    await recordAudit(trx, { actor, kind: 'kiosk-device.created', recordType: 'kiosk-device', recordId: id });
  });
  const device = (await toDevices(ctx.db, [(await repo.findDevice(ctx.db, id))!]))[0]!;
  return { id, deviceKey, pairUrl: kioskPairUrl(ctx.siteUrl, channel.code, deviceKey), device, message: KIOSK_MESSAGES.deviceCreated };
}

export async function listDevices(ctx: KioskContext, channelId?: string): Promise<KioskDevice[]> {
  return toDevices(ctx.db, await repo.listDevices(ctx.db, channelId));
}

/** Revokes the tablet (owners): its key stops working at once; audited. 404: no such tablet, or revoked already. */
export async function revokeDevice(ctx: KioskContext, id: string, actor: AuditActor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.revokeDevice(trx, id, ctx.now()))) throw notFound(KIOSK_MESSAGES.deviceNotFound);
    await recordAudit(trx, { actor, kind: 'kiosk-device.revoked', recordType: 'kiosk-device', recordId: id });
  });
}

/**
 * The tablet behind `Authorization: Bearer <deviceKey>`, and its channel. 401 for no key, an
 * unknown one or a revoked one (one answer for all three); 403 when the request names another
 * channel than the device's.
 */
export async function authenticateDevice(
  ctx: KioskContext,
  authorization: string | undefined,
  namedChannel: string | undefined,
): Promise<{ device: repo.DeviceRow; channel: VisitorChannel }> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  const device = match && match[1]!.startsWith(KEY_PREFIX) ? await repo.findLiveDeviceByKeyHash(ctx.db, hashDeviceKey(match[1]!)) : undefined;
  const channel = device && (await channelById(ctx.db, device.channelId));
  if (!device || !channel) throw unauthorized(KIOSK_MESSAGES.keyInvalid);
  if (namedChannel && namedChannel !== channel.code) throw forbidden(KIOSK_MESSAGES.otherChannel);
  return { device, channel };
}

// ---------------------------------------------------------------------------------------------
// Answers

/** Canonical JSON (keys sorted at every level): the same answer always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What identifies an answer's contents (the channel's code is the request's, not the answer's). */
function answerBody(input: KioskResponse): string {
  return canonicalJson({
    id: input.id.toLowerCase(),
    email: input.email ?? null,
    phone: input.phone ?? null,
    answer: input.answer,
    answeredAt: new Date(input.answeredAt).toISOString(),
    language: input.language ?? null,
    campaignVersion: input.campaignVersion ?? null,
    consent: input.consent,
  });
}

const VERSION_SEPARATOR = '@';

/** The version the kiosk configuration gives: the campaign's id and when it was last changed. */
export function campaignVersionOf(campaign: { id: string; updatedAt: Date | string }): string {
  return `${campaign.id}${VERSION_SEPARATOR}${toIso(campaign.updatedAt)}`;
}

/**
 * The campaign an answer is stored under: the one its version names, while that campaign exists
 * (the channel may have moved on to another since the tablet loaded it: the answer keeps the
 * questions it answered), else the channel's.
 */
async function campaignOfAnswer(db: Db, channel: VisitorChannel, version: string | undefined): Promise<string> {
  const named = version?.slice(0, version.lastIndexOf(VERSION_SEPARATOR));
  if (named && named !== channel.campaignId && (await findCampaign(db, named))) return named;
  return channel.campaignId;
}

export function fieldErrorsOf(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
}

const outcome = (id: string, kind: KioskOutcome['outcome'], status: number, message: string, errors?: FieldError[]): KioskOutcome =>
  errors ? { id, outcome: kind, status, message, errors } : { id, outcome: kind, status, message };

/** An answer's own problems that zod does not see: the tablet's clock far ahead. */
function answerProblems(input: KioskResponse, now: Date): FieldError[] {
  const problems: FieldError[] = [];
  if (Date.parse(input.answeredAt) > now.getTime() + KIOSK_CLOCK_SKEW_MS) problems.push({ field: 'answeredAt', message: KIOSK_MESSAGES.answeredInFuture });
  return problems;
}

/**
 * One answer, in its own write: stored once per id. The channel's row is locked first (as an online
 * completion does: decision 0032), then the id is claimed; a repeat with the same contents changes
 * nothing (200), one with other contents is kept beside it (409). A new answer becomes a lead as an
 * online one does: the e-mail record (the sync time is the arrival), the consent with its notice
 * version, the response (the tablet's time is the answer's), the events that send staff mail,
 * webhooks and the visitor's mail, the assignment.
 */
export async function takeAnswer(
  ctx: KioskContext,
  source: { channel: VisitorChannel; deviceId: string | null; via: 'tablet' | 'upload' },
  input: KioskResponse,
): Promise<KioskOutcome> {
  const now = ctx.now();
  const problems = answerProblems(input, now);
  if (problems.length > 0) return outcome(input.id, 'refused', 400, problems[0]!.message, problems);
  const id = input.id.toLowerCase();
  const body = answerBody(input);
  const bodyHash = createHash('sha256').update(body, 'utf8').digest('hex');
  const campaignId = await campaignOfAnswer(ctx.db, source.channel, input.campaignVersion);
  const matches = await ctx.matches(campaignId, input.answer);
  const result = await ctx.writes.run(async (trx): Promise<{ kind: 'stored' | 'duplicate' | 'conflict'; event: boolean }> => {
    const channel = (await lockVisitorChannel(trx, source.channel.code)) ?? source.channel;
    const claimed = await repo.insertResponseOnce(trx, {
      id,
      channelId: channel.id,
      deviceId: source.deviceId,
      bodyHash,
      body,
      answeredAt: new Date(input.answeredAt),
      receivedAt: now,
      via: source.via,
      leadId: null,
      responseId: null,
    });
    if (source.deviceId) await repo.markSynced(trx, source.deviceId, now);
    if (!claimed) {
      const existing = (await repo.findResponse(trx, id))!;
      if (existing.bodyHash === bodyHash) return { kind: 'duplicate', event: false };
      await repo.insertConflictOnce(trx, {
        id: newId(),
        responseId: id,
        channelId: channel.id,
        deviceId: source.deviceId,
        bodyHash,
        body,
        receivedAt: now,
        via: source.via,
      });
      return { kind: 'conflict', event: false };
    }
    const settings = await ctx.settings(trx);
    const utm = Object.keys(channel.utm).length > 0 ? JSON.stringify(channel.utm) : null;
    if (!input.email) {
      // A phone only (decision 0036): the person's lead through the leads' intake, and the answers a
      // response of that lead with no e-mail record (decision 0044), so staff read them as any other
      // (the lead's page, the answers, the export, the staff mail and webhooks of survey.completed).
      // No mail to the visitor: there is no address.
      const lead = await findOrCreateLead(trx, {
        phone: input.phone!,
        name: leadDetailsFrom(await campaignLeadFields(trx, campaignId), input.answer).name,
        source: 'survey',
        campaignId,
        at: now,
        touch: { channelId: channel.id, utm, at: now },
      });
      if (lead.created) await recordEvent(trx, { type: 'lead.created', email: '', subjectId: id, leadId: lead.id }, now);
      const stored = await storeLeadResponse(
        trx,
        campaignId,
        { leadId: lead.id, answer: input.answer, language: input.language, channelId: channel.id, utm },
        matches,
        { now, answeredAt: new Date(input.answeredAt) },
      );
      await repo.linkResponse(trx, id, { leadId: lead.id, responseId: stored.responseId });
      return { kind: 'stored', event: true };
    }
    const email = input.email;
    const arrival = { channel: { ...channel, campaignId }, utm: Object.keys(channel.utm).length > 0 ? channel.utm : null, referrerHost: null, at: now };
    const consent = await pendingConsent(trx, settings, 'landing', {
      noticeVersion: input.consent.version,
      newsletter: input.consent.newsletter,
      language: input.language,
    });
    const added = await addEmailRecord(trx, { email, campaignid: campaignId }, () => null, settings, arrival);
    const confirmation = await storeConsent(trx, consent, { leadId: added.leadId, recordId: added.emailID, email, sender: null, at: now });
    const stored = await storeResponse(
      trx,
      campaignId,
      { email, emailId: added.emailID, answer: input.answer, language: input.language ?? 'en' },
      matches,
      null,
      {
        now,
        answeredAt: new Date(input.answeredAt),
      },
    );
    await repo.linkResponse(trx, id, { leadId: added.leadId, responseId: stored.responseId });
    // The phone given beside the e-mail fills the lead's when it has none (the intake finds the same person).
    if (input.phone) await findOrCreateLead(trx, { email, phone: input.phone, at: now });
    return { kind: 'stored', event: added.event || confirmation || stored.stored };
  });
  if (result.event) ctx.wake();
  if (result.kind === 'stored') return outcome(id, 'stored', 201, KIOSK_MESSAGES.stored);
  if (result.kind === 'duplicate') return outcome(id, 'duplicate', 200, KIOSK_MESSAGES.duplicate);
  return outcome(id, 'conflict', 409, KIOSK_MESSAGES.conflict);
}

/** The 409 of a single answer: the error's shape, with the outcome's fields. */
export function conflictError(result: KioskOutcome): HttpError {
  return new HttpError(409, result.message, 'CONFLICT', undefined, undefined, { id: result.id, outcome: result.outcome, status: 409 });
}

/** Many answers: each checked and stored on its own (a bad one is refused alone), in the order given. */
export async function takeAnswers(
  ctx: KioskContext,
  source: { channel: VisitorChannel; deviceId: string | null; via: 'tablet' | 'upload' },
  items: unknown[],
): Promise<KioskBatchResult> {
  const results: KioskOutcome[] = new Array(items.length);
  // Sent together, so that on SQLite they share commits (group commit); the channel's lock orders them.
  const WINDOW = 64;
  for (let start = 0; start < items.length; start += WINDOW) {
    await Promise.all(
      items.slice(start, start + WINDOW).map(async (item, offset) => {
        const parsed = kioskResponseSchema.safeParse(item);
        const rawId =
          item !== null && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'string'
            ? String((item as { id: string }).id).slice(0, 100)
            : '';
        if (!parsed.success) {
          const errors = fieldErrorsOf(parsed.error);
          results[start + offset] = outcome(rawId, 'refused', 400, errors[0]!.message, errors);
          return;
        }
        if (parsed.data.channel && parsed.data.channel !== source.channel.code) {
          results[start + offset] = outcome(parsed.data.id, 'refused', 403, KIOSK_MESSAGES.otherChannel);
          return;
        }
        results[start + offset] = await takeAnswer(ctx, source, parsed.data);
      }),
    );
  }
  const counts = { stored: 0, duplicate: 0, conflict: 0, refused: 0 };
  for (const r of results) counts[r.outcome]++;
  return { results, counts };
}

// ---------------------------------------------------------------------------------------------
// The queue file, conflicts, the configuration

/** The channel a queue file names, and its device when it names one of that channel (400 otherwise). */
export async function uploadSource(
  ctx: KioskContext,
  code: string,
  deviceId: string | undefined,
): Promise<{ channel: VisitorChannel; deviceId: string | null }> {
  const channel = await findVisitorChannel(ctx.db, code);
  if (!channel) throw badRequest(KIOSK_MESSAGES.fileChannel, [{ field: 'file', message: KIOSK_MESSAGES.fileChannel }]);
  if (!deviceId) return { channel, deviceId: null };
  const device = await repo.findDevice(ctx.db, deviceId);
  if (device && device.channelId !== channel.id) throw badRequest(KIOSK_MESSAGES.fileDevice, [{ field: 'file', message: KIOSK_MESSAGES.fileDevice }]);
  return { channel, deviceId: device ? device.id : null };
}

export async function recordUpload(ctx: KioskContext, channelId: string, actor: AuditActor): Promise<void> {
  await ctx.db.transaction().execute((trx) => recordAudit(trx, { actor, kind: 'kiosk.uploaded', recordType: 'channel', recordId: channelId }));
}

export async function listConflicts(ctx: KioskContext, channelId?: string): Promise<KioskConflict[]> {
  const rows = await repo.listConflicts(ctx.db, channelId);
  const names = await repo.deviceNames(ctx.db, [
    ...new Set(rows.flatMap((r) => [r.conflict.deviceId, r.stored.deviceId]).filter((v): v is string => v !== null)),
  ]);
  return rows.map(({ conflict, stored }) => ({
    id: conflict.responseId,
    channelId: conflict.channelId,
    deviceName: (conflict.deviceId && names.get(conflict.deviceId)) ?? (stored.deviceId && names.get(stored.deviceId)) ?? null,
    stored: { body: JSON.parse(stored.body) as unknown, receivedAt: toIso(stored.receivedAt) },
    conflicting: { body: JSON.parse(conflict.body) as unknown, receivedAt: toIso(conflict.receivedAt), via: conflict.via === 'upload' ? 'upload' : 'tablet' },
  }));
}

/** What the tablet needs to work offline: the channel's survey and its version, the notices in both languages, the studio's contact. 404: no such code. */
export async function kioskConfig(ctx: KioskContext, code: string): Promise<KioskConfig> {
  const channel = await findVisitorChannel(ctx.db, code);
  const campaign = channel && (await findCampaign(ctx.db, channel.campaignId));
  if (!channel || !campaign) throw notFound(KIOSK_MESSAGES.codeUnknown);
  const settings = await ctx.settings();
  const [en, hi] = await Promise.all([currentNotices(ctx.db, settings, 'en'), currentNotices(ctx.db, settings, 'hi')]);
  return {
    channel: { code: channel.code, name: channel.name },
    campaign: { id: campaign.id, name: campaign.name, questions: campaign.questions, version: campaignVersionOf(campaign) },
    notices: { en: { survey: en.survey, newsletter: en.newsletter }, hi: { survey: hi.survey, newsletter: hi.newsletter } },
    studio: { name: settings.name, phone: settings.phone, whatsapp: settings.whatsapp, email: settings.email },
  };
}

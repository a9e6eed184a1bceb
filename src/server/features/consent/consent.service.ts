import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import { toIso } from '#server/db/database';
import { badRequest } from '#server/lib/errors';
import { newId } from '#server/lib/ids';
import {
  NOTICE_PURPOSES,
  UNSUBSCRIBE_MESSAGES,
  type ConsentFields,
  type ConsentSource,
  type NewsletterSubscriber,
  type Notice,
  type NoticePurpose,
  type PublicNotices,
} from '#shared/consent/consent.contract';
import { unsubscribeApiPath, unsubscribePagePath } from '#shared/consent/consent.api';
import type { SiteSettings } from '#shared/site';
import type { StudioSettings } from '#shared/settings/settings.contract';
import * as repo from './consent.repository';
import { leadEmails, leadIdByEmailKey } from '#server/features/leads';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What the notices are made of: the texts the owners keep in settings (issue 24 §2: the landing
 * form's and the contact form's) and the studio's name for the newsletter box's line. `version` is
 * the settings' version, raised by every save.
 */
export type NoticeSettings = Pick<StudioSettings, 'name' | 'notices' | 'version'>;

/** The newsletter box's line (settings keep no text of their own for it). */
export function newsletterNoticeText(studio: Pick<SiteSettings, 'name'>): string {
  return `Our free weekly newsletter: new homes and decor ideas from ${studio.name}. Leave at any time with the unsubscribe link in every e-mail.`;
}

/** The text each form shows now: the settings' notices, and the newsletter's line. */
export function noticeTexts(settings: Pick<NoticeSettings, 'name' | 'notices'>): Record<NoticePurpose, string> {
  return { survey: settings.notices.landing, contact: settings.notices.contact, newsletter: newsletterNoticeText(settings) };
}

export const noticeHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function toNotice(row: { purpose: NoticePurpose; version: number; text: string; hash: string }): Notice {
  return { purpose: row.purpose, version: Number(row.version), text: row.text, hash: row.hash };
}

/**
 * Keeps `text` as the purpose's current notice and returns it with its version: a new version only
 * when the text differs from the latest one (by hash); every older version is kept. Safe inside a
 * transaction on PostgreSQL (a version taken by another writer at the same moment is skipped with
 * ON CONFLICT, not an error that would end the transaction).
 */
export async function recordNoticeText(db: Db, purpose: NoticePurpose, text: string): Promise<Notice> {
  const hash = noticeHash(text);
  for (let attempt = 0; attempt < 5; attempt++) {
    const latest = await repo.latestNotice(db, purpose);
    if (latest && latest.hash === hash) return toNotice(latest);
    const version = latest ? Number(latest.version) + 1 : 1;
    // Another instance wrote this version at the same moment (unique purpose+version): read again.
    if (await repo.insertNotice(db, { id: newId(), purpose, version, text, hash, createdAt: new Date() })) return { purpose, version, text, hash };
  }
  throw new Error(`The ${purpose} notice's version kept being taken by other writers.`);
}

/**
 * A save of the settings (in its transaction): each notice whose text changed gets a new version,
 * the old ones stay (issue 24 §5).
 */
export async function recordNoticeTexts(db: Db, settings: Pick<NoticeSettings, 'name' | 'notices'>): Promise<PublicNotices> {
  const texts = noticeTexts(settings);
  const out = {} as Record<NoticePurpose, Notice>;
  for (const purpose of NOTICE_PURPOSES) out[purpose] = await recordNoticeText(db, purpose, texts[purpose]);
  return out;
}

/**
 * The version of `text`: the latest one with its hash, else a new one (the settings' first values,
 * which no save recorded). Never a new version of a text that has one, so an instance that reads
 * settings a moment old cannot make the old text "new" again.
 */
/** The notice with this text, and whether it was already stored (else it is recorded now, in `db`'s transaction if any). */
async function noticeOf(db: Kysely<Database>, purpose: NoticePurpose, text: string): Promise<{ notice: Notice; stored: boolean }> {
  const known = await repo.latestNoticeWithHash(db, purpose, noticeHash(text));
  return known ? { notice: toNotice(known), stored: true } : { notice: await recordNoticeText(db, purpose, text), stored: false };
}

// The notices in use, per database and settings version: looked up once, not on every request. Keyed
// by the database's adapter, which its transactions share.
const known = new WeakMap<object, { version: number; notices: Map<string, Notice> }>();

/**
 * The current notice of every purpose, from the settings now in force (recorded as a version when
 * its text is new). `db` may be a transaction: a notice recorded in it is not kept in memory until
 * it is read back, since that transaction may still roll back.
 */
export async function currentNotices(db: Kysely<Database>, settings: NoticeSettings): Promise<PublicNotices> {
  const key = db.getExecutor().adapter;
  let cache = known.get(key);
  if (!cache || cache.version !== settings.version) known.set(key, (cache = { version: settings.version, notices: new Map() }));
  const texts = noticeTexts(settings);
  const out = {} as Record<NoticePurpose, Notice>;
  for (const purpose of NOTICE_PURPOSES) {
    const textKey = `${purpose}\n${texts[purpose]}`;
    let notice = cache.notices.get(textKey);
    if (!notice) {
      const found = await noticeOf(db, purpose, texts[purpose]);
      notice = found.notice;
      if (found.stored) cache.notices.set(textKey, notice);
    }
    out[purpose] = notice;
  }
  return out;
}

/** Every version of every notice, newest first per purpose (for /privacy). */
export async function noticeHistory(db: Db): Promise<Notice[]> {
  return (await repo.listNotices(db)).map(toNotice);
}

/** What a form's consent will store: worked out before the write, stored inside it. */
export interface PendingConsent {
  source: ConsentSource;
  purpose: NoticePurpose;
  notice: Notice;
  newsletter: boolean;
  newsletterNotice: Notice;
}

/**
 * The notice the visitor saw (the version their page sent, if it is one of this form's; else the
 * current one, as for old clients) and whether they ticked the newsletter box (absent: no).
 */
export async function pendingConsent(
  db: Kysely<Database>,
  settings: NoticeSettings,
  source: ConsentSource,
  fields: ConsentFields,
): Promise<PendingConsent> {
  const purpose: NoticePurpose = source === 'contact' ? 'contact' : 'survey';
  const current = await currentNotices(db, settings);
  let notice = current[purpose];
  if (fields.noticeVersion !== undefined && fields.noticeVersion !== notice.version) {
    const shown = await repo.findNotice(db, purpose, fields.noticeVersion);
    if (shown) notice = toNotice(shown);
  }
  return { source, purpose, notice, newsletter: fields.newsletter === true, newsletterNotice: current.newsletter };
}

/** Stores what the person was shown and agreed to, in the transaction of their record. */
export async function storeConsent(db: Db, pending: PendingConsent, owner: { leadId: string; recordId: string | null; at?: Date }): Promise<void> {
  const createdAt = owner.at ?? new Date();
  const base = { leadId: owner.leadId, recordId: owner.recordId, source: pending.source, createdAt };
  await repo.insertConsentPair(db, [
    { ...base, id: newId(), purpose: pending.purpose, noticePurpose: pending.notice.purpose, noticeVersion: pending.notice.version, noticeHash: pending.notice.hash, granted: true },
    {
      ...base,
      id: newId(),
      purpose: 'newsletter',
      noticePurpose: pending.newsletterNotice.purpose,
      noticeVersion: pending.newsletterNotice.version,
      noticeHash: pending.newsletterNotice.hash,
      granted: pending.newsletter,
    },
  ]);
}

export const consentsOfLead = repo.consentsOfLead;

// Unsubscribing ------------------------------------------------------------------------------

const emailKey = (email: string) => email.trim().toLowerCase();
const TOKEN_PREFIX = 'u1';

function signature(secret: string, key: string): Buffer {
  return createHmac('sha256', secret).update(`unsubscribe:${key}`).digest().subarray(0, 18);
}

/** A link token for this address: the address and an HMAC of it with the site's secret; it does not expire. */
export function unsubscribeToken(secret: string, email: string): string {
  const key = emailKey(email);
  return `${TOKEN_PREFIX}.${Buffer.from(key, 'utf8').toString('base64url')}.${signature(secret, key).toString('base64url')}`;
}

/** The address a token was made for, or null when it was not made with this secret (changed, cut, made up). */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts[0] !== TOKEN_PREFIX) return null;
  const key = Buffer.from(parts[1]!, 'base64url').toString('utf8');
  if (!key || key !== emailKey(key) || !key.includes('@')) return null;
  // Compared as text: base64url decoding ignores stray characters, so a changed token could read as the same bytes.
  if (Buffer.from(key, 'utf8').toString('base64url') !== parts[1]) return null;
  const given = Buffer.from(parts[2]!, 'utf8');
  const expected = Buffer.from(signature(secret, key).toString('base64url'), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return key;
}

/** The page link for the mail's body and the headers of RFC 2369 / RFC 8058 (one-click POST to the API). */
export function unsubscribeLinks(secret: string, siteUrl: string, email: string): { pageUrl: string; headers: Record<string, string> } {
  const token = unsubscribeToken(secret, email);
  const base = siteUrl.replace(/\/+$/, '');
  return {
    pageUrl: `${base}${unsubscribePagePath(token)}`,
    headers: { 'List-Unsubscribe': `<${base}${unsubscribeApiPath(token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Records the unsubscribe a token asks for; a token not made here is refused with 400. */
export async function unsubscribe(db: Db, secret: string, token: string | undefined, now = new Date()): Promise<void> {
  if (!token) throw badRequest(UNSUBSCRIBE_MESSAGES.noToken, [{ field: 'token', message: UNSUBSCRIBE_MESSAGES.noToken }]);
  const key = readUnsubscribeToken(secret, token);
  if (!key) throw badRequest(UNSUBSCRIBE_MESSAGES.badToken, [{ field: 'token', message: UNSUBSCRIBE_MESSAGES.badToken }]);
  // A replayed link (a mail client's one-click retries, a second click) changes nothing: an address
  // already unsubscribed keeps its one withdrawal row and gets the same answer.
  if (await isUnsubscribed(db, key)) return;
  const lead = await leadIdByEmailKey(db, key);
  const since = lead ? await repo.latestNewsletterGrant(db, lead.id) : undefined;
  // The row's id is fixed by the address and the consent it withdraws, so replays racing each other
  // on several connections still write one row (the second insert finds the id taken).
  await repo.insertUnsubscribe(db, { id: withdrawalId(key, since), emailKey: key, leadId: lead?.id ?? null, createdAt: now });
}

/** One withdrawal per address and per newsletter consent it ends (none yet: ''). */
function withdrawalId(key: string, since: Date | string | null | undefined): string {
  const grant = since === undefined || since === null ? '' : toIso(since);
  return `u-${createHash('sha256').update(`unsubscribe:${key}|${grant}`).digest('hex').slice(0, 32)}`;
}

const time = (value: Date | string) => new Date(toIso(value)).getTime();

/**
 * True when this address unsubscribed and has not ticked the newsletter box since: it gets no
 * newsletter and no visitor mail. Staff mail never asks.
 */
export async function isUnsubscribed(db: Db, email: string): Promise<boolean> {
  const key = emailKey(email);
  const left = await repo.latestUnsubscribe(db, key);
  if (left === undefined || left === null) return false;
  const lead = await leadIdByEmailKey(db, key);
  const rejoined = lead ? await repo.latestNewsletterGrant(db, lead.id) : undefined;
  return !rejoined || time(rejoined) <= time(left);
}

/** The newsletter's subscribers: the latest tick of each person, unless they unsubscribed after it. */
export async function newsletterSubscribers(db: Db): Promise<NewsletterSubscriber[]> {
  const [consents, unsubscribed] = await Promise.all([repo.newsletterGrants(db), repo.unsubscribeTimes(db)]);
  // Every grant has its lead (consents.lead_id references leads): the e-mails are read in batches.
  const emails = await leadEmails(db, consents.map((c) => c.leadId));
  const grants = consents.flatMap((c) => {
    const person = emails.get(c.leadId);
    return person ? [{ ...c, ...person }] : [];
  });
  const left = new Map(unsubscribed.map((u) => [u.emailKey, time(u.at as Date | string)]));
  const latest = new Map<string, (typeof grants)[number]>();
  for (const grant of grants) latest.set(grant.leadId, grant);
  return [...latest.values()]
    .filter((g) => {
      const at = left.get(g.emailKey);
      return at === undefined || time(g.createdAt) > at;
    })
    .map((g) => ({
      leadId: g.leadId,
      email: g.email,
      consentedAt: toIso(g.createdAt),
      noticePurpose: g.noticePurpose,
      noticeVersion: Number(g.noticeVersion),
      source: g.source,
    }))
    .sort((a, b) => b.consentedAt.localeCompare(a.consentedAt));
}

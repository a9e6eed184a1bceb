import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import { toIso } from '#server/db/database';
import { badRequest } from '#server/lib/errors';
import { newId } from '#server/lib/ids';
import {
  NEWSLETTER_CONFIRM_MESSAGES,
  NOTICE_PURPOSES,
  UNSUBSCRIBE_MESSAGES,
  type ConsentFields,
  type ConsentSource,
  type NewsletterSubscriber,
  type Notice,
  type NoticePurpose,
  type PublicNotices,
} from '#shared/consent/consent.contract';
import { newsletterConfirmPagePath, unsubscribeApiPath, unsubscribePagePath } from '#shared/consent/consent.api';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, localizedPath, type Language } from '#shared/i18n/languages';
import { textsIn } from '#shared/i18n/translate';
import { recordEvent } from '#server/features/notifications';
import type { SiteSettings } from '#shared/site';
import type { StudioSettings } from '#shared/settings/settings.contract';
import * as repo from './consent.repository';
import { leadEmails, leadIdByEmailKey } from '#server/features/leads';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What the notices are made of: the texts the owners keep in settings (the landing
 * form's and the contact form's, in English and in Hindi) and the studio's name for the newsletter
 * box's line. `version` is the settings' version, raised by every save.
 */
export type NoticeSettings = Pick<StudioSettings, 'name' | 'notices' | 'noticesHi' | 'version'>;

const NEWSLETTER_LINES: Record<Language, (name: string) => string> = {
  en: (name) => `Our free weekly newsletter: new homes and decor ideas from ${name}. Leave at any time with the unsubscribe link in every e-mail.`,
  hi: (name) => `हमारा मुफ़्त साप्ताहिक न्यूज़लेटर: ${name} की ओर से नए घर और सजावट के सुझाव। हर ई-मेल में दिए सदस्यता छोड़ने के लिंक से कभी भी छोड़ें।`,
};

/** The newsletter box's line in a language (settings keep no text of their own for it). */
export function newsletterNoticeText(studio: Pick<SiteSettings, 'name'>, language: Language = DEFAULT_LANGUAGE): string {
  return NEWSLETTER_LINES[language](studio.name);
}

/** The text each form shows now in a language: the settings' notices of that language, and the newsletter's line. */
export function noticeTexts(
  settings: Pick<NoticeSettings, 'name' | 'notices' | 'noticesHi'>,
  language: Language = DEFAULT_LANGUAGE,
): Record<NoticePurpose, string> {
  const texts = language === 'hi' ? settings.noticesHi : settings.notices;
  return { survey: texts.landing, contact: texts.contact, newsletter: newsletterNoticeText(settings, language) };
}

export const noticeHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function toNotice(row: { purpose: NoticePurpose; language: string; version: number; text: string; hash: string }): Notice {
  return {
    purpose: row.purpose,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    version: Number(row.version),
    text: row.text,
    hash: row.hash,
  };
}

/**
 * Keeps `text` as the purpose's current notice in `language` and returns it with its version: a new
 * version of that language only when the text differs from its latest one (by hash); every older
 * version is kept, and the other languages' versions are left alone (decision 0027). Safe inside a
 * transaction on PostgreSQL (a version taken by another writer at the same moment is skipped with
 * ON CONFLICT, not an error that would end the transaction).
 */
export async function recordNoticeText(db: Db, purpose: NoticePurpose, text: string, language: Language = DEFAULT_LANGUAGE): Promise<Notice> {
  const hash = noticeHash(text);
  for (let attempt = 0; attempt < 5; attempt++) {
    const latest = await repo.latestNotice(db, purpose, language);
    if (latest && latest.hash === hash) return toNotice(latest);
    const version = latest ? Number(latest.version) + 1 : 1;
    // Another instance wrote this version at the same moment (unique purpose+language+version): read again.
    if (await repo.insertNotice(db, { id: newId(), purpose, language, version, text, hash, createdAt: new Date() }))
      return { purpose, language, version, text, hash };
  }
  throw new Error(`The ${purpose} notice's ${language} version kept being taken by other writers.`);
}

/**
 * A save of the settings (in its transaction): each notice whose text changed, in any language,
 * gets a new version of that language; the old ones stay (decision 0027).
 */
export async function recordNoticeTexts(db: Db, settings: Pick<NoticeSettings, 'name' | 'notices' | 'noticesHi'>): Promise<void> {
  for (const language of LANGUAGES) {
    const texts = noticeTexts(settings, language);
    for (const purpose of NOTICE_PURPOSES) await recordNoticeText(db, purpose, texts[purpose], language);
  }
}

/**
 * The version of `text`: the latest one with its hash, else a new one (the settings' first values,
 * which no save recorded). Never a new version of a text that has one, so an instance that reads
 * settings a moment old cannot make the old text "new" again.
 */
/** The notice with this text, and whether it was already stored (else it is recorded now, in `db`'s transaction if any). */
async function noticeOf(db: Kysely<Database>, purpose: NoticePurpose, language: Language, text: string): Promise<{ notice: Notice; stored: boolean }> {
  const known = await repo.latestNoticeWithHash(db, purpose, language, noticeHash(text));
  return known ? { notice: toNotice(known), stored: true } : { notice: await recordNoticeText(db, purpose, text, language), stored: false };
}

// The notices in use, per database and settings version: looked up once, not on every request. Keyed
// by the database's adapter, which its transactions share.
const known = new WeakMap<object, { version: number; notices: Map<string, Notice> }>();

/**
 * The current notice of every purpose in `language`, from the settings now in force (recorded as a
 * version when its text is new). `db` may be a transaction: a notice recorded in it is not kept in
 * memory until it is read back, since that transaction may still roll back.
 */
export async function currentNotices(db: Kysely<Database>, settings: NoticeSettings, language: Language = DEFAULT_LANGUAGE): Promise<PublicNotices> {
  const key = db.getExecutor().adapter;
  let cache = known.get(key);
  if (!cache || cache.version !== settings.version) known.set(key, (cache = { version: settings.version, notices: new Map() }));
  const texts = noticeTexts(settings, language);
  const out = {} as Record<NoticePurpose, Notice>;
  for (const purpose of NOTICE_PURPOSES) {
    const textKey = `${purpose}\n${language}\n${texts[purpose]}`;
    let notice = cache.notices.get(textKey);
    if (!notice) {
      const found = await noticeOf(db, purpose, language, texts[purpose]);
      notice = found.notice;
      if (found.stored) cache.notices.set(textKey, notice);
    }
    out[purpose] = notice;
  }
  return out;
}

/** Every version of every notice, newest first per purpose and language (for /privacy). */
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
  /** The page's language: the newsletter's confirmation mail follows it. */
  language: Language;
}

/**
 * The notice the visitor saw, in the language of their page (the request's `language`; English when
 * left out, as for old clients): the version their page sent if it is one of this form's in that
 * language, else the current one — never a text of another language or form (decision 0027) — and
 * whether they ticked the newsletter box (absent: no).
 */
export async function pendingConsent(db: Kysely<Database>, settings: NoticeSettings, source: ConsentSource, fields: ConsentFields): Promise<PendingConsent> {
  const purpose: NoticePurpose = source === 'contact' ? 'contact' : 'survey';
  const language = fields.language ?? DEFAULT_LANGUAGE;
  const current = await currentNotices(db, settings, language);
  let notice = current[purpose];
  if (fields.noticeVersion !== undefined && fields.noticeVersion !== notice.version) {
    const shown = await repo.findNotice(db, purpose, language, fields.noticeVersion);
    if (shown) notice = toNotice(shown);
  }
  return { source, purpose, notice, newsletter: fields.newsletter === true, newsletterNotice: current.newsletter, language };
}

/**
 * The form's sender keyed (visitor mail is limited per sender, decision 0014), or how to work it out:
 * a keyed hash, needed only when a confirmation is queued, not for every form.
 */
export type Sender = string | null | (() => string);

/**
 * Stores what the person was shown and agreed to, in the transaction of their record. A ticked
 * newsletter box is stored pending: it subscribes nobody, and lifts no unsubscribe, until the
 * address confirms it from its mailbox (double opt-in, decision 0018); the confirmation link is
 * queued in the outbox here. True when one was queued (wake the dispatcher).
 */
export async function storeConsent(
  db: Db,
  pending: PendingConsent,
  owner: { leadId: string; recordId: string | null; at?: Date; email: string; sender?: Sender },
): Promise<boolean> {
  const createdAt = owner.at ?? new Date();
  const { leadId, recordId } = owner;
  const { source } = pending;
  const newsletterId = newId();
  // Each row written out whole: spreading a shared base and adding fields cost some 9 µs a row in
  // V8 (a slow path for new properties after a spread), on every form's write (decision 0074).
  await repo.insertConsentPair(db, [
    {
      leadId,
      recordId,
      source,
      createdAt,
      id: newId(),
      purpose: pending.purpose,
      noticePurpose: pending.notice.purpose,
      noticeLanguage: pending.notice.language,
      noticeVersion: pending.notice.version,
      noticeHash: pending.notice.hash,
      granted: true,
    },
    {
      leadId,
      recordId,
      source,
      createdAt,
      id: newsletterId,
      purpose: 'newsletter',
      noticePurpose: pending.newsletterNotice.purpose,
      noticeLanguage: pending.newsletterNotice.language,
      noticeVersion: pending.newsletterNotice.version,
      noticeHash: pending.newsletterNotice.hash,
      granted: pending.newsletter,
    },
  ]);
  if (!pending.newsletter) return false;
  return askToConfirm(db, {
    leadId: owner.leadId,
    consentId: newsletterId,
    email: owner.email,
    sender: owner.sender ?? null,
    language: pending.language,
    at: createdAt,
  });
}

// Double opt-in (decision 0018) ----------------------------------------------------------------

/** How long a confirmation link works. */
export const CONFIRM_LINK_MS = 7 * 24 * 60 * 60 * 1000;
/** At most one confirmation mail a day to a person, however often the box is ticked for them. */
export const CONFIRM_GAP_MS = 24 * 60 * 60 * 1000;
const CONFIRM_PREFIX = 'n1';

/** True when the person has a confirmed newsletter consent later than their latest unsubscribe. */
async function isSubscribedLead(db: Db, leadId: string, key: string): Promise<boolean> {
  const confirmed = await repo.latestNewsletterGrant(db, leadId);
  if (confirmed === undefined || confirmed === null) return false;
  const left = await repo.latestUnsubscribe(db, key);
  return left === undefined || left === null || time(confirmed) > time(left);
}

/**
 * Queues the confirmation link for a pending newsletter consent: not for a person already
 * subscribed (nothing to confirm), and not when one went to them in the last day (the link sent
 * then still works), so a stranger's form can cause at most one mail a day to an address.
 */
async function askToConfirm(
  db: Db,
  input: { leadId: string; consentId: string; email: string; sender: Sender; language: Language; at: Date },
): Promise<boolean> {
  if (await isSubscribedLead(db, input.leadId, emailKey(input.email))) return false;
  if (await repo.confirmationSentSince(db, input.leadId, new Date(input.at.getTime() - CONFIRM_GAP_MS))) return false;
  const id = newId();
  await repo.insertConfirmation(db, {
    id,
    leadId: input.leadId,
    consentId: input.consentId,
    language: input.language,
    createdAt: input.at,
    expiresAt: new Date(input.at.getTime() + CONFIRM_LINK_MS),
  });
  const sender = typeof input.sender === 'function' ? input.sender() : input.sender;
  await recordEvent(db, { type: 'newsletter.confirm', email: input.email.trim(), subjectId: id, leadId: input.leadId, sender }, input.at);
  return true;
}

const confirmSignature = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`newsletter-confirm:${body}`).digest().subarray(0, 18).toString('base64url');

/** The link token of a confirmation: its id and expiry, signed for this purpose only (no other link's signature fits). */
export function newsletterConfirmToken(secret: string, confirmationId: string, expiresAt: Date): string {
  const body = Buffer.from(JSON.stringify({ c: confirmationId, x: Math.floor(expiresAt.getTime() / 1000) }), 'utf8').toString('base64url');
  return `${CONFIRM_PREFIX}.${body}.${confirmSignature(secret, body)}`;
}

/** The confirmation a token names, or null when it was not made here (changed, cut, made up) or has expired. */
export function readNewsletterConfirmToken(secret: string, token: string, now: Date): string | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts[0] !== CONFIRM_PREFIX) return null;
  const given = Buffer.from(parts[2]!, 'utf8');
  const expected = Buffer.from(confirmSignature(secret, parts[1]!), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as { c?: unknown; x?: unknown };
    if (typeof data.c !== 'string' || typeof data.x !== 'number' || !(data.x * 1000 > now.getTime())) return null;
    return data.c;
  } catch {
    return null;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The confirmation mail of a queued link, built when it is sent (the outbox never holds the token);
 * null when the link was used or has expired by then. Only the studio's words and the link: nothing
 * the form's sender typed (decision 0014).
 */
export async function newsletterConfirmMail(
  db: Kysely<Database>,
  confirmationId: string,
  options: { secret: string; siteUrl: string; studioName: string; now: Date },
): Promise<{ subject: string; text: string; html: string } | null> {
  const row = await repo.findConfirmation(db, confirmationId);
  if (!row || row.usedAt !== null || time(row.expiresAt) <= options.now.getTime()) return null;
  const language = isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
  const t = textsIn(language);
  const token = newsletterConfirmToken(options.secret, row.id, new Date(toIso(row.expiresAt)));
  const link = `${options.siteUrl.replace(/\/+$/, '')}${localizedPath(language, newsletterConfirmPagePath(token))}`;
  const studio = options.studioName;
  const asked = t('mail.newsletterConfirm.asked', { studio });
  return {
    subject: t('mail.newsletterConfirm.subject', { studio }),
    text: `${asked}\n\n${t('mail.newsletterConfirm.openLink')}\n${link}\n\n${t('mail.newsletterConfirm.notYou')}\n\n${studio}`,
    html:
      `<p>${escapeHtml(asked)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.newsletterConfirm.button'))}</a>${escapeHtml(t('mail.newsletterConfirm.linkWorks'))}</p>` +
      `<p>${escapeHtml(t('mail.newsletterConfirm.notYou'))}</p><p>${escapeHtml(studio)}</p>`,
  };
}

/**
 * The link was opened and its button pressed: the pending consent is confirmed now, which lifts an
 * earlier unsubscribe (it is the address's own word). Once per link, before it expires; anything
 * else is refused with 400 and a sentence.
 */
export async function confirmNewsletter(db: Db, secret: string, token: string | undefined, now: Date): Promise<Language> {
  if (!token) throw badRequest(NEWSLETTER_CONFIRM_MESSAGES.noToken, [{ field: 'token', message: NEWSLETTER_CONFIRM_MESSAGES.noToken }]);
  const invalid = () => badRequest(NEWSLETTER_CONFIRM_MESSAGES.invalid, [{ field: 'token', message: NEWSLETTER_CONFIRM_MESSAGES.invalid }]);
  const id = readNewsletterConfirmToken(secret, token, now);
  if (!id) throw invalid();
  const row = await repo.findConfirmation(db, id);
  if (!row || !(await repo.useConfirmation(db, id, now))) throw invalid();
  await repo.confirmConsent(db, row.consentId, now);
  return isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
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
 * True when this address unsubscribed and has not confirmed a newsletter consent since (from its
 * mailbox: a ticked box alone does not count, decision 0018): it gets no newsletter and no visitor
 * mail. Staff mail never asks.
 */
export async function isUnsubscribed(db: Db, email: string): Promise<boolean> {
  const key = emailKey(email);
  const left = await repo.latestUnsubscribe(db, key);
  if (left === undefined || left === null) return false;
  const lead = await leadIdByEmailKey(db, key);
  const rejoined = lead ? await repo.latestNewsletterGrant(db, lead.id) : undefined;
  return !rejoined || time(rejoined) <= time(left);
}

/**
 * The newsletter's people: each one's latest confirmed consent unless they unsubscribed after it
 * (`confirmed`: mailed and exported); else their latest ticked box not yet confirmed, when it came
 * after any unsubscribe (`pending`: shown to staff, never mailed).
 */
export async function newsletterSubscribers(db: Db): Promise<NewsletterSubscriber[]> {
  const [consents, unsubscribed] = await Promise.all([repo.newsletterGrants(db), repo.unsubscribeTimes(db)]);
  // Every grant has its lead (consents.lead_id references leads): the e-mails are read in batches.
  const emails = await leadEmails(
    db,
    consents.map((c) => c.leadId),
  );
  const left = new Map(unsubscribed.map((u) => [u.emailKey, time(u.at as Date | string)]));
  type Grant = (typeof consents)[number] & { email: string; emailKey: string };
  const confirmed = new Map<string, Grant>();
  const pending = new Map<string, Grant>();
  for (const c of consents) {
    const person = emails.get(c.leadId);
    if (!person) continue;
    const grant = { ...c, ...person };
    const since = left.get(person.emailKey);
    if (c.confirmedAt !== null && c.confirmedAt !== undefined) {
      const previous = confirmed.get(c.leadId);
      if ((since === undefined || time(c.confirmedAt) > since) && (!previous || time(c.confirmedAt) >= time(previous.confirmedAt!)))
        confirmed.set(c.leadId, grant);
    } else if (since === undefined || time(c.createdAt) > since) pending.set(c.leadId, grant);
  }
  const row = (g: Grant, state: 'confirmed' | 'pending'): NewsletterSubscriber => ({
    leadId: g.leadId,
    email: g.email,
    consentedAt: toIso(g.createdAt),
    state,
    confirmedAt: state === 'confirmed' ? toIso(g.confirmedAt!) : null,
    noticePurpose: g.noticePurpose,
    noticeLanguage: isLanguage(g.noticeLanguage) ? g.noticeLanguage : DEFAULT_LANGUAGE,
    noticeVersion: Number(g.noticeVersion),
    source: g.source,
  });
  return [
    ...[...confirmed.values()].map((g) => row(g, 'confirmed')),
    ...[...pending.values()].filter((g) => !confirmed.has(g.leadId)).map((g) => row(g, 'pending')),
  ].sort((a, b) => b.consentedAt.localeCompare(a.consentedAt));
}

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { badRequest, notFound } from '#server/lib/errors';
import { newId } from '#server/lib/ids';
import { recordAudit } from '#server/features/audit';
import { PRIVACY_MESSAGES } from '#shared/privacy/privacy.contract';
import type { Database } from '#server/db/schema';
import type { PersonalData } from '#server/lib/personal-data';
import { toIso } from '#server/db/database';
import { PRIVACY_REQUEST_MESSAGES, type PrivacyRequestItem } from '#shared/privacy/privacy-requests';
import { DEFAULT_LANGUAGE, localizedPath, localizedUrl, type Language } from '#shared/i18n/languages';
import { textsIn } from '#shared/i18n/translate';
import { paths } from '#shared/paths';
import { findOpenRequest, insertRequest, insertRequestOnce, listOpenRequests, type PrivacyRequestRow } from './privacy.repository';

export interface RequestMailer {
  send(mail: { to: string[]; subject: string; text: string; html: string; headers?: Record<string, string> }): Promise<void>;
}

/**
 * A confirmation is visitor mail (decision 0014): it counts toward the hourly limits per address and
 * per client address, and carries the unsubscribe link and headers. It is sent to an unsubscribed
 * address too: asking for one's data or its erasure must still work after unsubscribing.
 */
export interface RequestMailPolicy {
  /** False: the hour's limit is reached, nothing is sent (the answer is the same). */
  allow(to: string, sender: string | null): Promise<boolean>;
  unsubscribe(to: string): { pageUrl: string; headers: Record<string, string> } | undefined;
}

const LINK_SECONDS = 24 * 60 * 60;
const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const sign = (secret: string, body: string) => createHmac('sha256', secret).update(`privacy-request:${body}`).digest();

/** A signed link token: the address, the kind, the expiry (24 h). */
export function requestToken(secret: string, email: string, kind: 'export' | 'erase', now: Date): string {
  const body = b64(JSON.stringify({ e: email.trim().toLowerCase(), k: kind, x: Math.floor(now.getTime() / 1000) + LINK_SECONDS }));
  return `${body}.${b64(sign(secret, body))}`;
}

/**
 * A token is exactly what was issued: base64url body, one dot, the 43-character base64url signature.
 * Nothing before, after or between (`token.anything`, a second dot, spaces, padding) is read past:
 * each such variant would have a hash of its own, and so open a request of its own.
 */
const TOKEN_FORM = /^[A-Za-z0-9_-]{1,1500}\.[A-Za-z0-9_-]{43}$/;

export function readRequestToken(secret: string, token: string, now: Date): { email: string; kind: 'export' | 'erase' } | null {
  if (!TOKEN_FORM.test(token)) return null;
  const [body, sig] = token.split('.') as [string, string];
  // Compared as text: base64url decoding ignores stray bits and characters, so a changed link could
  // read as the same bytes, and open a second request (its id is the token's hash).
  const given = Buffer.from(sig, 'utf8');
  const expected = Buffer.from(b64(sign(secret, body)), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (b64(Buffer.from(body, 'base64url')) !== body) return null;
  try {
    const data = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { e: string; k: string; x: number };
    if (typeof data.e !== 'string' || (data.k !== 'export' && data.k !== 'erase') || !(data.x * 1000 > now.getTime())) return null;
    return { email: data.e, kind: data.k };
  } catch {
    return null;
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Mails the confirmation link to the address (whether or not it is known: the answer is the same), in
 * the language of the page the request came from, the link to that language's confirm page.
 */
export async function sendConfirmation(
  mailer: RequestMailer,
  secret: string,
  siteUrl: string,
  studio: string,
  input: { email: string; kind: 'export' | 'erase'; language?: Language | undefined },
  now: Date,
  policy?: { rules: RequestMailPolicy; sender: string | null },
): Promise<void> {
  if (policy && !(await policy.rules.allow(input.email.trim(), policy.sender))) return;
  const unsubscribe = policy?.rules.unsubscribe(input.email.trim());
  const language = input.language ?? DEFAULT_LANGUAGE;
  const t = textsIn(language);
  const link = `${siteUrl.replace(/\/$/, '')}${localizedPath(language, paths.privacyConfirm)}?token=${encodeURIComponent(requestToken(secret, input.email, input.kind, now))}`;
  const asked = t(input.kind === 'export' ? 'mail.privacy.askedExport' : 'mail.privacy.askedErase', { studio });
  // The unsubscribe page in the mail's language: the body's last line, beside the one-click headers.
  const unsubscribePage = unsubscribe ? localizedUrl(language, unsubscribe.pageUrl) : undefined;
  const text = `${asked}\n\n${t('mail.privacy.openLink')}\n${link}\n\n${t('mail.privacy.notYou')}${unsubscribePage ? `\n\n${t('mail.unsubscribeText', { url: unsubscribePage })}` : ''}`;
  await mailer.send({
    to: [input.email.trim()],
    subject: t('mail.privacy.subject', { studio }),
    text,
    html:
      `<p>${escapeHtml(asked)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.privacy.button'))}</a>${escapeHtml(t('mail.privacy.linkWorks'))}</p><p>${escapeHtml(t('mail.privacy.notYou'))}</p>` +
      (unsubscribePage
        ? `<p style="font-size:12px">${escapeHtml(t('mail.unsubscribeAsk'))}<a href="${escapeHtml(unsubscribePage)}">${escapeHtml(t('mail.unsubscribeLink'))}</a>.</p>`
        : ''),
    ...(unsubscribe ? { headers: unsubscribe.headers } : {}),
  });
}

/**
 * The link was opened: the request becomes open, once per link. The id is the token's hash, and only
 * the token exactly as issued is read, so a link opened again (even after its request was closed)
 * finds its id taken and opens nothing new.
 */
export async function confirmRequest(db: Kysely<Database>, registry: readonly PersonalData[], secret: string, token: string, now: Date): Promise<boolean> {
  const read = readRequestToken(secret, token, now);
  if (!read) return false;
  const owner = registry.find((d) => d.leadOf);
  const leadId = (await owner?.leadOf?.(db, read.email)) ?? null;
  const id = createHash('sha256').update(token).digest('hex').slice(0, 32);
  await insertRequestOnce(db, { id, leadId, kind: read.kind, status: 'open', createdAt: now, confirmedAt: now, closedAt: null });
  return true;
}

function toItem(r: PrivacyRequestRow, now: Date): PrivacyRequestItem {
  const confirmedAt = toIso(r.confirmedAt ?? r.createdAt);
  return {
    _id: r.id,
    leadId: r.leadId,
    kind: r.kind,
    status: r.status,
    confirmedAt,
    ageDays: Math.floor((now.getTime() - Date.parse(confirmedAt)) / 86_400_000),
    confirmedVia: r.confirmedBy === null ? 'link' : 'phone',
    confirmedBy: r.confirmedBy,
  };
}

export async function openRequests(db: Kysely<Database>, now: Date): Promise<PrivacyRequestItem[]> {
  const rows = await listOpenRequests(db);
  return rows.map((r) => toItem(r, now));
}

/**
 * A person known by phone only asked by phone (no link can be mailed to them): the staff
 * member who took the call records the request, confirmed by them, audited. Only for a lead with a
 * phone and no e-mail (one with an e-mail confirms from the mailed link). The same kind still open
 * for the lead is answered as it is (`created: false`).
 */
export async function recordPhoneRequest(
  db: Kysely<Database>,
  registry: readonly PersonalData[],
  input: { leadId: string; kind: 'export' | 'erase' },
  staff: { sub: string; name: string; email?: string | null },
  now: Date,
): Promise<{ created: boolean; request: PrivacyRequestItem }> {
  const owner = registry.find((d) => d.identify);
  if (!owner?.identify) throw new Error('No personal-data declaration identifies a lead.');
  return db.transaction().execute(async (trx) => {
    const lead = await owner.identify!(trx, input.leadId);
    if (!lead) throw notFound(PRIVACY_MESSAGES.leadNotFound);
    if (lead.email) throw badRequest(PRIVACY_REQUEST_MESSAGES.hasEmail, [{ field: 'leadId', message: PRIVACY_REQUEST_MESSAGES.hasEmail }]);
    if (!lead.phone) throw badRequest(PRIVACY_REQUEST_MESSAGES.noPhone, [{ field: 'leadId', message: PRIVACY_REQUEST_MESSAGES.noPhone }]);
    const open = await findOpenRequest(trx, input.leadId, input.kind);
    if (open) return { created: false, request: toItem(open, now) };
    const row: PrivacyRequestRow = {
      id: newId(),
      leadId: input.leadId,
      kind: input.kind,
      status: 'open',
      createdAt: now,
      confirmedAt: now,
      closedAt: null,
      confirmedBy: staff.name,
    };
    await insertRequest(trx, row);
    await recordAudit(trx, { actor: staff, kind: 'privacy-request.recorded', recordType: 'lead', recordId: input.leadId, fields: [input.kind] });
    return { created: true, request: toItem(row, now) };
  });
}

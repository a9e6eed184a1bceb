import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { visitorMailSince, type ClaimedDelivery } from './notifications.repository';
import { DEFAULT_VISITOR_MAIL_LIMITS, type VisitorMailGate, type VisitorMailLimits } from './visitor-mail';

const HOUR_MS = 60 * 60 * 1000;

/** Why a visitor mail was not sent (kept on the delivery, shown to staff). */
export const VISITOR_MAIL_HELD = 'Not sent: this address, or the visitor who asked, already had its visitor mail for the hour.';

/**
 * The visitor mail of this batch that would go past a limit (decision 0014): per recipient and per
 * sender address, over the last hour, counting what was delivered before and what this batch sends
 * first. Held mail is not sent later either: it is skipped.
 */
export async function overVisitorMailLimits(
  db: Kysely<Database>,
  limits: VisitorMailLimits | undefined,
  gate: VisitorMailGate | undefined,
  due: ClaimedDelivery[],
  now: Date,
): Promise<Set<string>> {
  const held = new Set<string>();
  const visitor = due.filter((d) => d.channel === 'visitor_email');
  if (visitor.length === 0) return held;
  const { perRecipientHour, perSenderHour } = limits ?? DEFAULT_VISITOR_MAIL_LIMITS;
  const recipientOf = (d: ClaimedDelivery) => d.event.email.trim().toLowerCase();
  const recipients = [...new Set(visitor.map(recipientOf))];
  const senders = [...new Set(visitor.map((d) => d.event.sender).filter((s): s is string => s !== null))];
  const sent = await visitorMailSince(db, new Date(now.getTime() - HOUR_MS), recipients, senders);
  const byRecipient = new Map<string, number>();
  const bySender = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  // What went out beside the outbox in the hour (site visits, privacy requests) shares the budget.
  const elsewhere = await gate?.counts(new Date(now.getTime() - HOUR_MS), recipients, senders);
  for (const [key, count] of elsewhere?.byRecipient ?? []) byRecipient.set(key, count);
  for (const [key, count] of elsewhere?.bySender ?? []) bySender.set(key, count);
  for (const row of sent) {
    bump(byRecipient, row.recipient);
    if (row.sender !== null) bump(bySender, row.sender);
  }
  for (const d of [...visitor].sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime())) {
    const recipient = recipientOf(d);
    const sender = d.event.sender;
    if ((byRecipient.get(recipient) ?? 0) >= perRecipientHour || (sender !== null && (bySender.get(sender) ?? 0) >= perSenderHour)) {
      held.add(d.id);
      continue;
    }
    bump(byRecipient, recipient);
    if (sender !== null) bump(bySender, sender);
  }
  return held;
}

import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { clientKey } from '#server/lib/client-key';
import { newId } from '#server/lib/ids';
import { keepVisitorMailPlace, lockVisitorMailPlaces, visitorMailPlaces, visitorMailSince } from './notifications.repository';

const HOUR_MS = 60 * 60 * 1000;
/** Rows older than this count for nothing and are removed as new ones come. */
const KEEP_MS = 24 * HOUR_MS;

/** A keyed hash of a recipient (in lower case): the log never holds the address itself. */
const recipientKey = (secret: string, email: string) => clientKey(secret, 'visitor-mail-to', email.trim().toLowerCase());

/** Visitor mail allowed in any hour (decision 0014). */
export interface VisitorMailLimits {
  /** Confirmations and "continue" links to one address. */
  perRecipientHour: number;
  /** Visitor mail caused by the requests of one client address, to any recipients. */
  perSenderHour: number;
}

export const DEFAULT_VISITOR_MAIL_LIMITS: VisitorMailLimits = { perRecipientHour: 3, perSenderHour: 10 };

/**
 * The visitor-mail limits of decision 0014 for the mail that does not go through the outbox (site
 * visits' invitations, updates and reminders; privacy-request confirmations). Each mail takes a place
 * first; the places are counted together with the outbox's visitor mail delivered in the hour, and
 * the dispatcher counts these places too, so one budget covers every visitor mail.
 */
export class VisitorMailGate {
  constructor(private readonly options: { db: Kysely<Database>; dialect: Dialect; secret: string; limits: () => VisitorMailLimits }) {}

  /**
   * Takes a place for one mail to `to` caused by `sender` (a client key, or null for the studio's
   * own mail such as a reminder): false when either has had its hour's mail, and the mail is not sent.
   */
  async take(to: string, sender: string | null, now = new Date()): Promise<boolean> {
    const { db, dialect, secret } = this.options;
    const limits = this.options.limits();
    const since = new Date(now.getTime() - HOUR_MS);
    const lower = to.trim().toLowerCase();
    const recipient = recipientKey(secret, lower);
    return db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') await lockVisitorMailPlaces(trx);
      const outbox = await visitorMailSince(trx, since, [lower], sender ? [sender] : []);
      const logged = await this.logged(trx, since, [recipient], sender ? [sender] : []);
      const toCount = outbox.filter((r) => r.recipient === lower).length + logged.filter((r) => r.recipient === recipient).length;
      const fromCount = sender ? outbox.filter((r) => r.sender === sender).length + logged.filter((r) => r.sender === sender).length : 0;
      if (toCount >= limits.perRecipientHour || (sender !== null && fromCount >= limits.perSenderHour)) return false;
      await keepVisitorMailPlace(trx, { id: newId(), recipient, sender, sentAt: now }, new Date(now.getTime() - KEEP_MS));
      return true;
    });
  }

  /** The places taken since `since` for these recipients (addresses, any case) or senders: what the dispatcher adds to its own count. */
  async counts(since: Date, recipients: string[], senders: string[]): Promise<{ byRecipient: Map<string, number>; bySender: Map<string, number> }> {
    const keyOf = new Map(recipients.map((email) => [recipientKey(this.options.secret, email), email.trim().toLowerCase()]));
    const rows = await this.logged(this.options.db, since, [...keyOf.keys()], senders);
    const byRecipient = new Map<string, number>();
    const bySender = new Map<string, number>();
    for (const row of rows) {
      const email = keyOf.get(row.recipient);
      if (email !== undefined) byRecipient.set(email, (byRecipient.get(email) ?? 0) + 1);
      if (row.sender !== null && senders.includes(row.sender)) bySender.set(row.sender, (bySender.get(row.sender) ?? 0) + 1);
    }
    return { byRecipient, bySender };
  }

  private async logged(db: Kysely<Database>, since: Date, recipients: string[], senders: string[]) {
    if (recipients.length === 0 && senders.length === 0) return [];
    return visitorMailPlaces(db, since, recipients, senders);
  }
}

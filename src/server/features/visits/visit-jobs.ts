import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { newId } from '#server/lib/ids';
import { leadPath } from '#shared/paths';
import { LOCALES, localizedUrl } from '#shared/i18n/languages';
import type { MessageKey } from '#shared/i18n/messages/en';
import { textsIn } from '#shared/i18n/translate';
import { visitInvitations, type VisitInvitations } from './visit-calendar';
import type { VisitMailsTable } from './visits.tables';
import { claimReminder, leaseMail, markMailSent, markVisitorMailSent, noteMailFailure, pendingMails, visitsDueReminder } from './visit-mails.repository';
import { findVisit, insertMail } from './visits.repository';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** How long one instance holds a mail it is sending before another may take it. */
const LOCK_MS = 5 * MINUTE_MS;
const MAX_ATTEMPTS = 8;

type MailKind = VisitMailsTable['kind'];

/** A mail as the app's mailer sends it, with the calendar part (nodemailer's `icalEvent`). */
export interface VisitMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  from?: string;
  /** List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on the visitor's mail. */
  headers?: Record<string, string>;
  icalEvent: { method: string; filename: string; content: string };
}

/**
 * What a visitor's mail must pass (decision 0014), given at app.ts: the address may be
 * unsubscribed or have had its hour's mail (then the visitor's mail is not sent; staff's still is),
 * and every visitor mail carries the unsubscribe headers.
 */
export interface VisitorMailPolicy {
  allow(to: string, sender: string | null): Promise<boolean>;
  unsubscribe(to: string): { pageUrl: string; headers: Record<string, string> } | undefined;
}

export interface VisitJobOptions {
  db: Kysely<Database>;
  send(mail: VisitMail): Promise<void>;
  /** The studio as the mails name it (settings at send time). */
  studio(): Promise<{ name: string; email: string; address: string; timeZone: string; from?: string }>;
  /**
   * Who on the staff side hears of a visit. One function, so the lead's assignee can be added when
   * assignment exists; today the studio's notification recipients (else every staff user).
   */
  staffRecipients(visit: { leadId: string }): Promise<string[]>;
  siteUrl: string;
  secret: string;
  /** Without it (a test's jobs) every visitor mail goes, without unsubscribe headers. */
  visitorMail?: VisitorMailPolicy;
  now?: () => Date;
  pollMs?: number;
  log?: { error(message: string): void };
}

/** The staff mails' subjects (English). */
const SUBJECTS: Record<MailKind, string> = {
  booked: 'Site visit booked',
  moved: 'Site visit moved',
  cancelled: 'Site visit cancelled',
  'reminder-day': 'Reminder: site visit tomorrow',
  'reminder-hours': 'Reminder: site visit in 2 hours',
};

/** The visitor's subjects, from the catalogue in the visit's language; English equals `SUBJECTS[kind]: place, when`. */
const VISITOR_SUBJECTS: Record<MailKind, MessageKey> = {
  booked: 'mail.visit.subject.booked',
  moved: 'mail.visit.subject.moved',
  cancelled: 'mail.visit.subject.cancelled',
  'reminder-day': 'mail.visit.subject.reminderDay',
  'reminder-hours': 'mail.visit.subject.reminderHours',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The visits' background work, on every instance: queues the 24-hour and 2-hour reminders (each
 * claimed once by a conditional UPDATE: once across instances and restarts) and sends the queued
 * mails (each claimed by a lease, marked sent after). `now` is injectable: tests drive it by hand.
 */
export class VisitJobs {
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(private readonly options: VisitJobOptions) {
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    const poll = () => {
      if (this.stopped) return;
      this.running = this.runOnce().catch((error: unknown) =>
        this.options.log?.error(`visits: a run failed (${error instanceof Error ? error.message : String(error)})`),
      );
      this.timer = setTimeout(poll, this.options.pollMs ?? MINUTE_MS);
      this.timer.unref();
    };
    poll();
  }

  /** Runs soon (after a booking): the invitation goes out without waiting for the next poll. */
  wake(): void {
    if (this.stopped || !this.timer) return;
    void this.running?.then(() => this.runOnce()).catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  async runOnce(): Promise<{ reminders: number; sent: number; failed: number }> {
    const reminders =
      (await this.queueReminders('remindedDayAt', 'reminder-day', DAY_MS)) + (await this.queueReminders('remindedHoursAt', 'reminder-hours', 2 * HOUR_MS));
    const { sent, failed } = await this.sendQueued();
    return { reminders, sent, failed };
  }

  /** Claims each due reminder once (the conditional UPDATE) and queues its mail in the same transaction. */
  private async queueReminders(column: 'remindedDayAt' | 'remindedHoursAt', kind: MailKind, before: number): Promise<number> {
    const { db } = this.options;
    const now = this.now();
    const due = await visitsDueReminder(db, column, now, new Date(now.getTime() + before));
    let queued = 0;
    for (const { id } of due) {
      const claimed = await db.transaction().execute(async (trx) => {
        if (!(await claimReminder(trx, id, column, now))) return false;
        await insertMail(trx, { id: newId(), visitId: id, kind, at: now, sender: null });
        return true;
      });
      if (claimed) queued++;
    }
    return queued;
  }

  private async sendQueued(): Promise<{ sent: number; failed: number }> {
    const { db } = this.options;
    const now = this.now();
    const pending = await pendingMails(db, MAX_ATTEMPTS, now);
    let sent = 0;
    let failed = 0;
    for (const mail of pending) {
      if (!(await leaseMail(db, mail.id, new Date(now.getTime() + LOCK_MS), now))) continue;
      try {
        await this.deliver(mail, now);
        await markMailSent(db, mail.id, now);
        sent++;
      } catch (error) {
        failed++;
        const backoff = Math.min(60, 2 ** mail.attempts) * MINUTE_MS;
        await noteMailFailure(db, mail.id, {
          attempts: mail.attempts + 1,
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          lockedUntil: new Date(now.getTime() + backoff),
        });
      }
    }
    return { sent, failed };
  }

  /**
   * One mail to the visitor and one to staff, each with the invitation as it stands now. The visitor's
   * is marked sent as soon as it goes: a retry for staff's (their server said "try later") skips it.
   */
  private async deliver(mail: { id: string; visitId: string; kind: MailKind; sender: string | null; visitorSentAt: unknown }, now: Date): Promise<void> {
    const { visitId, kind, sender } = mail;
    const { db } = this.options;
    const visit = await findVisit(db, visitId);
    if (!visit) return;
    // A reminder for a visit cancelled or moved since it was queued is not news.
    if ((kind === 'reminder-day' || kind === 'reminder-hours') && (visit.status === 'cancelled' || visit.status === 'done')) return;
    const studio = await this.options.studio();
    const { place, home, link, language, start, staff: staffInvite, visitor: visitorInvite } = await visitInvitations(this.options, visit, now);
    const attach = (invite: VisitInvitations['staff']) => ({
      method: invite.method,
      filename: invite.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
      content: invite.content,
    });
    // Staff's invitation in English; the visitor's event titled in the visit's language.
    const icalEvent = attach(staffInvite);
    const dateTime = (locale: string) => new Intl.DateTimeFormat(locale, { timeZone: studio.timeZone, dateStyle: 'full', timeStyle: 'short' }).format(start);
    const when = dateTime(LOCALES.en);
    // The visitor's mail in the visit's language: texts from the catalogue, the date in its locale.
    const t = textsIn(language);
    const visitorWhen = dateTime(LOCALES[language]);
    const visitorLines = [
      kind === 'cancelled'
        ? t('mail.visit.cancelled', { place: place.name, when: visitorWhen })
        : t('mail.visit.when', { place: place.name, when: visitorWhen, zone: studio.timeZone }),
      ...(home ? [t('mail.visit.home', { home: home.name, url: home.url })] : []),
      kind === 'cancelled' ? t('mail.visit.bookAgain') : t('mail.visit.manage', { link }),
      t(kind === 'cancelled' ? 'mail.visit.calendarCancelled' : 'mail.visit.calendar'),
    ];
    // The visitor's mail only for an address that has not unsubscribed and is within the hour's limits.
    // The headers give mail clients the one-click button; the body's last line the page, in the mail's language.
    const policy = this.options.visitorMail;
    const unsubscribe = policy?.unsubscribe(visit.email);
    const unsubscribePage = unsubscribe ? localizedUrl(language, unsubscribe.pageUrl) : undefined;
    const allowed = !mail.visitorSentAt && (!policy || (await policy.allow(visit.email, sender)));
    if (allowed)
      await this.options.send({
        ...(unsubscribe ? { headers: unsubscribe.headers } : {}),
        to: [visit.email],
        subject: t(VISITOR_SUBJECTS[kind], { place: place.name, when: visitorWhen }),
        text: [...visitorLines, ...(unsubscribePage ? [t('mail.unsubscribeText', { url: unsubscribePage })] : [])].join('\n\n'),
        html:
          visitorLines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
          (unsubscribePage
            ? `<p style="font-size:12px">${escapeHtml(t('mail.unsubscribeAsk'))}<a href="${escapeHtml(unsubscribePage)}">${escapeHtml(t('mail.unsubscribeLink'))}</a>.</p>`
            : ''),
        from: studio.from,
        icalEvent: attach(visitorInvite),
      });
    if (allowed) await markVisitorMailSent(db, mail.id, now);
    const staff = await this.options.staffRecipients({ leadId: visit.leadId });
    if (staff.length === 0) return;
    const who = visit.name ? `${visit.name} <${visit.email}>` : visit.email;
    const leadUrl = `${this.options.siteUrl.replace(/\/+$/, '')}${leadPath(visit.leadId)}`;
    const staffLines = [
      `${SUBJECTS[kind]}: ${who} at ${place.name}, ${when} (${studio.timeZone}).`,
      ...(home ? [`Home: ${home.name} — ${home.url}`] : []),
      ...(visit.phone ? [`Phone: ${visit.phone}`] : []),
      `Lead: ${leadUrl}`,
    ];
    await this.options.send({
      to: staff,
      subject: `${SUBJECTS[kind]}: ${place.name}, ${when} (${who})`,
      text: staffLines.join('\n\n'),
      html: staffLines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
      from: studio.from,
      icalEvent,
    });
  }
}

import { DEFAULT_LANGUAGE, isLanguage, localizedPath } from '#shared/i18n/languages';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/database';
import type { GroupCommitter } from '#server/db/group-commit';
import type { Database } from '#server/db/schema';
import { newId } from '#server/lib/ids';
import { isInboundSubject, STAFF_MAIL_EVENT_TYPES, type StaffMailEventType } from '#shared/notifications/notifications.contract';
import type { StudioDetails } from '#shared/site';
import { GIVE_UP_AFTER_MS, retryDelayMs } from './backoff';
import { resumeLinkMail, staffLeadMail, visitorConfirmationMail, type MatchLinks } from './emails/lead-emails';
import { leadPath, paths } from '#shared/paths';
import { buildEventData, type EventData, type NotificationSources } from './event-data';
import type { Mailer } from './mailer';
import {
  claimDeliveries,
  claimEvents,
  completeFanOuts,
  endpointsFor,
  recordOutcomes,
  visitorMailSince,
  withEvents,
  type ClaimedDelivery,
  type DeliveryOutcome,
  type NewDelivery,
} from './notifications.repository';
import { sendWebhook, type WebhookAttempt } from './webhook-sender';
import type { VisitorMailGate } from './visitor-mail';
import { staffRecipients } from '#server/features/auth';

/** Under a flood of visitors the dispatcher rests this many times as long as a pass took (≤ 10% duty). */
const REST_FACTOR = 9;
/** Requests per second above which visitors count as a flood. */
const FLOOD_RATE = 200;
/** A slow pass (a slow mail server) must not hold every notification back for long. */
const MAX_REST_MS = 1000;

const isStaffMailEvent = (type: string): type is StaffMailEventType => (STAFF_MAIL_EVENT_TYPES as readonly string[]).includes(type);

/** How long an unfinished survey waits before staff are told of the lead. */
export const UNFINISHED_ALERT_DELAY_MS = 30 * 60 * 1000;

/** Visitor mail allowed in any hour (decision 0014). */
export interface VisitorMailLimits {
  /** Confirmations and "continue" links to one address. */
  perRecipientHour: number;
  /** Visitor mail caused by the requests of one client address, to any recipients. */
  perSenderHour: number;
}

export const DEFAULT_VISITOR_MAIL_LIMITS: VisitorMailLimits = { perRecipientHour: 3, perSenderHour: 10 };

const HOUR_MS = 60 * 60 * 1000;

/** Why a visitor mail was not sent (kept on the delivery, shown to staff). */
export const VISITOR_MAIL_HELD = 'Not sent: this address, or the visitor who asked, already had its visitor mail for the hour.';

export interface NotifySettings {
  /** Staff recipients; empty means every staff user. */
  notifyEmails: string[];
  confirmVisitors: boolean;
  visitorMailLimits?: VisitorMailLimits;
  allowPrivateWebhooks: boolean;
  publicBaseUrl?: string;
  /** Where visitors open the site (PUBLIC_BASE_URL, or the first allowed host): links in visitors' e-mails. */
  siteUrl: string;
  studio: StudioDetails;
  /** Signs the unsubscribe links of visitor mail; without it visitor mail carries none. */
  unsubscribeSecret?: string;
}

/** What a mail takes from the studio's settings at send time. */
export interface MailSettings {
  studio: StudioDetails;
  /** Staff recipients; empty means every staff user. */
  notifyEmails: string[];
  /** The sender ("Studio name" <address>). */
  from?: string;
}

export interface DispatcherOptions {
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed row stays with this instance before another may take it. */
  lockMs?: number;
  webhookTimeoutMs?: number;
  now?: () => Date;
  random?: () => number;
}

export interface DispatcherDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * Every write goes through the group committer: on SQLite it shares commits (and the fsync off
   * the event loop) with the visitors' writes instead of adding a synchronous fsync of its own.
   */
  writes: GroupCommitter;
  mailer: Mailer;
  settings: NotifySettings;
  /** The studio's current settings, read at send time; without it, `settings`' fixed values. */
  mailSettings?: () => Promise<MailSettings>;
  log: FastifyBaseLogger;
  /** What the mails read from the rooms that own the data (wired at app.ts). */
  sources: NotificationSources;
  /** How many HTTP requests the process has answered so far (to tell a flood of visitors). */
  requestCount: () => number;
  /** The visitor mail sent outside the outbox (site visits, privacy requests): counted in the same limits. */
  visitorMailGate?: VisitorMailGate;
}

/**
 * Delivers the outbox at least once. Each pass fans new events out into deliveries (staff e-mail,
 * visitor e-mail, one per subscribed webhook) and sends what is due; failures are retried with
 * backoff for up to 24 hours. Rows are claimed with a lease (and FOR UPDATE SKIP LOCKED on
 * PostgreSQL), so several instances share the work without sending anything twice; a crashed
 * instance's lease lapses and another picks its rows up. Nothing here runs on a visitor's request.
 */
export class NotificationDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly lockMs: number;
  private readonly webhookTimeoutMs: number;
  private readonly now: () => Date;
  private readonly random: () => number;

  constructor(
    private readonly deps: DispatcherDeps,
    options: DispatcherOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.batchSize = options.batchSize ?? 50;
    // Longer than a batch takes (webhook and SMTP time out after 10 s), short enough that the
    // rows of an instance that died are picked up by another within half a minute.
    this.lockMs = options.lockMs ?? 30_000;
    this.webhookTimeoutMs = options.webhookTimeoutMs ?? 10_000;
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
  }

  /** Polls every `pollMs` (other instances' events) and whenever woken (this one's). */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Something was just written: look now rather than at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Finishes the pass under way and stops polling. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.pass(), delay);
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = (async () => {
      try {
        let busy = true;
        while (busy && !this.stopped) {
          this.again = false;
          const started = performance.now();
          const requestsBefore = this.deps.requestCount();
          const { fannedOut, attempted } = await this.runOnce();
          busy = fannedOut + attempted > 0 || this.again;
          // Visitors first: when requests are pouring in, rest REST_FACTOR times as long as the pass
          // took, so the dispatcher takes at most a tenth of the process's time. Notifications then
          // lag the flood; submissions do not slow down for them. At an ordinary pace, no rest.
          const spent = performance.now() - started;
          const rate = ((this.deps.requestCount() - requestsBefore) * 1000) / Math.max(1, spent);
          if (busy) await new Promise((resolve) => setTimeout(resolve, rate > FLOOD_RATE ? Math.min(spent * REST_FACTOR, MAX_REST_MS) : 0).unref());
        }
      } catch (error) {
        this.deps.log.error({ err: error }, 'notification pass failed; retrying at the next poll');
      }
    })();
    await this.running;
    this.running = undefined;
    if (!this.stopped) this.schedule(this.again ? 0 : this.pollMs);
  }

  /** One pass: fan out a batch of events, then send a batch of due deliveries. */
  async runOnce(): Promise<{ fannedOut: number; attempted: number }> {
    const fannedOut = await this.fanOut();
    const attempted = await this.deliverDue();
    return { fannedOut, attempted };
  }

  private async fanOut(): Promise<number> {
    const { db, dialect, writes, settings } = this.deps;
    const now = this.now();
    const events = await writes.run((trx) => claimEvents(trx, dialect, now, new Date(now.getTime() + this.lockMs), this.batchSize));
    if (events.length === 0) return 0;
    const fanned: Array<{ eventId: string; payload: string | null; deliveries: NewDelivery[] }> = [];
    const endpointsByType = new Map<string, Awaited<ReturnType<typeof endpointsFor>>>();
    for (const event of events) {
      const createdAt = new Date(event.createdAt);
      const deliveries: NewDelivery[] = [];
      const add = (channel: NewDelivery['channel'], endpointId: string | null, due: Date) =>
        deliveries.push({ id: newId(), eventId: event.id, channel, endpointId, nextAttemptAt: due, createdAt: now });
      if (isStaffMailEvent(event.type)) {
        // One staff member's mail, built from the lead as it is when sent; no webhook.
        add('staff_email', null, now);
        fanned.push({ eventId: event.id, payload: null, deliveries });
        continue;
      }
      if (event.type === 'survey.resume_link' || event.type === 'newsletter.confirm') {
        // The visitor asked for it: their e-mail only; staff are not told and no webhook hears of it.
        add('visitor_email', null, now);
        fanned.push({ eventId: event.id, payload: null, deliveries });
        continue;
      }
      // A survey's new lead waits to see whether it is finished; a lead sent by API has none to wait for.
      if (event.type === 'lead.created' && !isInboundSubject(event.subjectId))
        add('staff_email', null, new Date(createdAt.getTime() + UNFINISHED_ALERT_DELAY_MS));
      else add('staff_email', null, now);
      if (event.type === 'survey.completed' && settings.confirmVisitors) add('visitor_email', null, now);
      if (!endpointsByType.has(event.type)) endpointsByType.set(event.type, await endpointsFor(db, event.type));
      for (const endpoint of endpointsByType.get(event.type)!) add('webhook', endpoint.id, now);
      // A webhook's body is fixed now, so every retry sends the same bytes. Without one, the data
      // is read when the mail goes (a lead's alert waits 30 minutes, and may then be skipped).
      const needsPayloadNow = deliveries.some((d) => d.channel === 'webhook' || d.nextAttemptAt.getTime() <= now.getTime());
      const payload = needsPayloadNow ? await this.payloadOf(event) : null;
      fanned.push({ eventId: event.id, payload, deliveries });
    }
    // One write for the whole batch.
    await writes.run((trx) => completeFanOuts(trx, fanned, now));
    return events.length;
  }

  /**
   * The event's body. Reading its rows can fail (a survey that survey-core cannot read, say): the
   * event then goes out with what the outbox row itself says, rather than holding back every event
   * queued behind it.
   */
  private async payloadOf(event: { type: string; email: string; subjectId: string; leadId: string | null; createdAt: Date | string }): Promise<string> {
    const timestamp = new Date(event.createdAt).toISOString();
    let data: EventData;
    try {
      data = await buildEventData(this.deps.db, event as Parameters<typeof buildEventData>[1], this.deps.sources, this.deps.settings.siteUrl);
    } catch (error) {
      this.deps.log.error({ err: error, event: event.subjectId, type: event.type }, 'could not read the data of a notification; sending what the outbox holds');
      const activity = event.type === 'contact.created' ? 'contact' : event.type === 'survey.completed' ? 'response' : 'email';
      data = { lead: { _id: event.leadId, email: event.email, name: null, phone: null }, activity: { type: activity, at: timestamp } };
    }
    return JSON.stringify({ type: event.type, timestamp, data });
  }

  /** What the visitor's e-mail shows of each matched listing besides its name: its page, photo and price. */
  private async matchLinks(data: EventData): Promise<MatchLinks> {
    const { db, sources, settings } = this.deps;
    const prices = new Map<string, number | null>();
    for (const [kind, items] of [
      ['project', data.matches?.projects],
      ['product', data.matches?.products],
    ] as const) {
      const ids = (items ?? []).map((item) => item._id);
      if (ids.length > 0 && sources.listingPrices) for (const [id, price] of await sources.listingPrices(db, kind, ids)) prices.set(id, price);
    }
    return { siteUrl: settings.siteUrl, prices };
  }

  private async deliverDue(): Promise<number> {
    const { db, dialect, writes } = this.deps;
    const now = this.now();
    const claimed = await writes.run((trx) => claimDeliveries(trx, dialect, now, new Date(now.getTime() + this.lockMs), this.batchSize));
    if (claimed.length === 0) return 0;
    const due = await withEvents(db, claimed);
    const held = await this.overVisitorMailLimits(due, now);
    const outcomes = await Promise.all(
      due.map((delivery) =>
        held.has(delivery.id)
          ? { id: delivery.id, status: 'skipped' as const, lastStatus: null, lastError: VISITOR_MAIL_HELD, nextAttemptAt: now, deliveredAt: null }
          : this.deliver(delivery),
      ),
    );
    await writes.run((trx) => recordOutcomes(trx, outcomes));
    return due.length;
  }

  /**
   * The visitor mail of this batch that would go past a limit (decision 0014): per recipient and per
   * sender address, over the last hour, counting what was delivered before and what this batch sends
   * first. Held mail is not sent later either: it is skipped.
   */
  private async overVisitorMailLimits(due: ClaimedDelivery[], now: Date): Promise<Set<string>> {
    const held = new Set<string>();
    const visitor = due.filter((d) => d.channel === 'visitor_email');
    if (visitor.length === 0) return held;
    const limits = this.deps.settings.visitorMailLimits ?? DEFAULT_VISITOR_MAIL_LIMITS;
    const recipientOf = (d: ClaimedDelivery) => d.event.email.trim().toLowerCase();
    const recipients = [...new Set(visitor.map(recipientOf))];
    const senders = [...new Set(visitor.map((d) => d.event.sender).filter((s): s is string => s !== null))];
    const sent = await visitorMailSince(this.deps.db, new Date(now.getTime() - HOUR_MS), recipients, senders);
    const byRecipient = new Map<string, number>();
    const bySender = new Map<string, number>();
    const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
    // What went out beside the outbox in the hour (site visits, privacy requests) shares the budget.
    const elsewhere = await this.deps.visitorMailGate?.counts(new Date(now.getTime() - HOUR_MS), recipients, senders);
    for (const [key, count] of elsewhere?.byRecipient ?? []) byRecipient.set(key, count);
    for (const [key, count] of elsewhere?.bySender ?? []) bySender.set(key, count);
    for (const row of sent) {
      bump(byRecipient, row.recipient);
      if (row.sender !== null) bump(bySender, row.sender);
    }
    for (const d of [...visitor].sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime())) {
      const recipient = recipientOf(d);
      const sender = d.event.sender;
      if ((byRecipient.get(recipient) ?? 0) >= limits.perRecipientHour || (sender !== null && (bySender.get(sender) ?? 0) >= limits.perSenderHour)) {
        held.add(d.id);
        continue;
      }
      bump(byRecipient, recipient);
      if (sender !== null) bump(bySender, sender);
    }
    return held;
  }

  private async deliver(delivery: ClaimedDelivery): Promise<DeliveryOutcome> {
    let attempt: WebhookAttempt | 'skipped';
    try {
      attempt = await this.attempt(delivery);
    } catch (error) {
      attempt = { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
    }
    const now = this.now();
    if (attempt === 'skipped') return { id: delivery.id, status: 'skipped', lastStatus: null, lastError: null, nextAttemptAt: now, deliveredAt: null };
    if (attempt.ok) return { id: delivery.id, status: 'delivered', lastStatus: attempt.status, lastError: null, nextAttemptAt: now, deliveredAt: now };
    const age = now.getTime() - new Date(delivery.createdAt).getTime();
    const next = new Date(now.getTime() + retryDelayMs(delivery.attempts, this.random));
    const givingUp = next.getTime() - new Date(delivery.createdAt).getTime() > GIVE_UP_AFTER_MS || age > GIVE_UP_AFTER_MS;
    this.deps.log.warn(
      { delivery: delivery.id, channel: delivery.channel, attempts: delivery.attempts, error: attempt.error },
      givingUp ? 'notification failed for good' : 'notification failed; will retry',
    );
    return {
      id: delivery.id,
      status: givingUp ? 'failed' : 'pending',
      lastStatus: attempt.status,
      lastError: attempt.error?.slice(0, 500) ?? null,
      nextAttemptAt: givingUp ? now : next,
      deliveredAt: null,
    };
  }

  /**
   * The "continue" e-mail: a fresh resume token is made now (only its hash is stored), so the
   * outbox never holds one. A record finished or without answers by now needs no link.
   */
  private async sendResumeLink(event: { email: string; subjectId: string }): Promise<WebhookAttempt | 'skipped'> {
    const { db, writes, mailer, settings } = this.deps;
    const open = await this.deps.sources.unfinishedSurvey(db, event.subjectId);
    if (!open) return 'skipped';
    const token = await writes.run((trx) => this.deps.sources.issueResumeToken(trx, event.subjectId, this.now()));
    // In the language the visitor was answering in, and back to the survey in that language.
    const language = isLanguage(open.language) ? open.language : DEFAULT_LANGUAGE;
    const url = `${settings.siteUrl}${localizedPath(language, paths.startSurvey)}?resume=${encodeURIComponent(token)}`;
    const current = await this.mailSettings();
    const mail = resumeLinkMail({
      to: event.email,
      url,
      campaignName: open.campaignName,
      studio: current.studio,
      unsubscribe: this.unsubscribeFor(event.email),
      language,
    });
    await mailer.send({ ...mail, from: current.from });
    return { ok: true, status: null, error: null };
  }

  /** The newsletter's confirmation link (decision 0018), made now from the queued confirmation; none once used or expired. */
  private async sendNewsletterConfirm(event: { email: string; subjectId: string }): Promise<WebhookAttempt | 'skipped'> {
    const { db, mailer, settings } = this.deps;
    const secret = settings.unsubscribeSecret;
    if (!secret || !this.deps.sources.newsletterConfirmMail) return 'skipped';
    const current = await this.mailSettings();
    const mail = await this.deps.sources.newsletterConfirmMail(db, event.subjectId, {
      secret,
      siteUrl: settings.siteUrl,
      studioName: current.studio.name,
      now: this.now(),
    });
    if (!mail) return 'skipped';
    const unsubscribe = this.unsubscribeFor(event.email);
    await mailer.send({
      to: [event.email],
      ...mail,
      replyTo: current.studio.email,
      ...(unsubscribe ? { headers: unsubscribe.headers } : {}),
      from: current.from,
    });
    return { ok: true, status: null, error: null };
  }

  /** The unsubscribe link and headers of a visitor mail to `email`. */
  private unsubscribeFor(email: string) {
    const { unsubscribeSecret, siteUrl } = this.deps.settings;
    return unsubscribeSecret ? this.deps.sources.unsubscribeLinks(unsubscribeSecret, siteUrl, email) : undefined;
  }

  /** The studio's details and recipients as they are now (settings may change between mails). */
  private async mailSettings(): Promise<MailSettings> {
    const { settings, mailSettings } = this.deps;
    return mailSettings ? mailSettings() : { studio: settings.studio, notifyEmails: settings.notifyEmails };
  }

  private async attempt(delivery: ClaimedDelivery): Promise<WebhookAttempt | 'skipped'> {
    const { db, mailer, settings } = this.deps;
    const { event } = delivery;
    // The newsletter's confirmation link is the one visitor mail an unsubscribed address may get
    // (decision 0018: it is how they come back); the limits above still count it, and it is queued
    // at most once a day per address.
    if (event.type === 'newsletter.confirm') return this.sendNewsletterConfirm(event);
    // A person known by phone only gets no e-mail.
    if (delivery.channel === 'visitor_email' && event.email.trim() === '') return 'skipped';
    // Someone who unsubscribed gets no visitor mail; staff mail about them still goes.
    if (delivery.channel === 'visitor_email' && (await this.deps.sources.isUnsubscribed(db, event.email))) return 'skipped';
    if (event.type === 'survey.resume_link') return this.sendResumeLink(event);
    if (isStaffMailEvent(event.type)) {
      const mail = await this.deps.sources.staffMail?.(db, { ...event, type: event.type }, settings.siteUrl);
      if (!mail || mail.to.length === 0) return 'skipped';
      await mailer.send({ ...mail, from: (await this.mailSettings()).from });
      return { ok: true, status: null, error: null };
    }
    const body = event.payload ?? (await this.payloadOf(event));
    if (delivery.channel === 'webhook') {
      if (!delivery.endpoint) return 'skipped';
      return sendWebhook(
        { url: delivery.endpoint.url, secret: delivery.endpoint.secret, id: `msg_${delivery.id}`, body },
        { timeoutMs: this.webhookTimeoutMs, allowPrivate: settings.allowPrivateWebhooks },
      );
    }
    const data = (JSON.parse(body) as { data: EventData }).data;
    const current = await this.mailSettings();
    if (delivery.channel === 'visitor_email') {
      await mailer.send({
        ...visitorConfirmationMail(data, current.studio, this.unsubscribeFor(data.lead.email), await this.matchLinks(data)),
        from: current.from,
      });
      return { ok: true, status: null, error: null };
    }
    // A survey left unfinished is news only if it is still unfinished; a lead that came by a contact
    // message (no e-mail record) was told to staff by that message's own e-mail.
    if (event.type === 'lead.created' && !isInboundSubject(event.subjectId) && !(await this.deps.sources.surveyStillOpen(db, event.subjectId)))
      return 'skipped';
    // Only people still active hear of a lead (its name, e-mail and phone).
    const to = await staffRecipients(db, current.notifyEmails);
    if (to.length === 0) return 'skipped';
    // The site's configured address (PUBLIC_BASE_URL, else its host and port), never a request header.
    const leadUrl = data.lead._id ? `${settings.siteUrl}${leadPath(data.lead._id)}` : null;
    await mailer.send({ ...staffLeadMail(data, { to, leadUrl, studioName: current.studio.name }), from: current.from });
    return { ok: true, status: null, error: null };
  }
}

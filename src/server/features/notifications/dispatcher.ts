import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/database';
import type { GroupCommitter } from '#server/db/group-commit';
import type { Database } from '#server/db/schema';
import type { StudioDetails } from '#shared/site';
import { claimDue, claimNewEvents, completeFanOut, outcomeOf, recordBatch, skippedOutcome, type Claims } from './claiming';
import type { NotificationSources } from './event-data';
import { plannedDeliveries } from './fan-out-policy';
import { MailComposer, type MailSettings } from './mail-composition';
import type { Mailer } from './mailer';
import type { ClaimedDelivery, DeliveryOutcome, NewDelivery } from './notifications.repository';
import { overVisitorMailLimits, VISITOR_MAIL_HELD } from './visitor-mail-limits';
import type { VisitorMailGate, VisitorMailLimits } from './visitor-mail';
import { deliverWebhook, subscribedEndpoints } from './webhook-delivery';
import type { WebhookAttempt } from './webhook-sender';

/** Under a flood of visitors the dispatcher rests this many times as long as a pass took (≤ 10% duty). */
const REST_FACTOR = 9;
/** Requests per second above which visitors count as a flood. */
const FLOOD_RATE = 200;
/** A slow pass (a slow mail server) must not hold every notification back for long. */
const MAX_REST_MS = 1000;

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
 * backoff for up to 24 hours. Nothing here runs on a visitor's request. This class only schedules
 * the passes and wires their jobs, each in its own module: claiming and retry (`claiming.ts`), who
 * gets what (`fan-out-policy.ts`), the visitor-mail limits (`visitor-mail-limits.ts`), what each
 * mail says (`mail-composition.ts`) and webhooks (`webhook-delivery.ts`).
 */
export class NotificationDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private readonly pollMs: number;
  private readonly webhookTimeoutMs: number;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly claims: Claims;
  private readonly mails: MailComposer;

  constructor(
    private readonly deps: DispatcherDeps,
    options: DispatcherOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.webhookTimeoutMs = options.webhookTimeoutMs ?? 10_000;
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
    this.claims = {
      dialect: deps.dialect,
      writes: deps.writes,
      batchSize: options.batchSize ?? 50,
      // Longer than a batch takes (webhook and SMTP time out after 10 s), short enough that the
      // rows of an instance that died are picked up by another within half a minute.
      lockMs: options.lockMs ?? 30_000,
    };
    const { db, writes, mailer, settings, mailSettings, log, sources } = deps;
    this.mails = new MailComposer({ db, writes, mailer, settings, mailSettings, log, sources, now: this.now });
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
    const now = this.now();
    const events = await claimNewEvents(this.claims, now);
    if (events.length === 0) return 0;
    const fanned: Array<{ eventId: string; payload: string | null; deliveries: NewDelivery[] }> = [];
    const endpoints = subscribedEndpoints(this.deps.db);
    for (const event of events) {
      const { deliveries, payloadNow } = await plannedDeliveries(event, now, this.deps.settings, endpoints);
      fanned.push({ eventId: event.id, payload: payloadNow ? await this.mails.body(event) : null, deliveries });
    }
    // One write for the whole batch.
    await completeFanOut(this.claims, fanned, now);
    return events.length;
  }

  private async deliverDue(): Promise<number> {
    const now = this.now();
    const due = await claimDue(this.claims, this.deps.db, now);
    if (due === null) return 0;
    const held = await overVisitorMailLimits(this.deps.db, this.deps.settings.visitorMailLimits, this.deps.visitorMailGate, due, now);
    const outcomes = await this.mails.forPass(due, () =>
      Promise.all(due.map((delivery) => (held.has(delivery.id) ? skippedOutcome(delivery.id, now, VISITOR_MAIL_HELD) : this.deliver(delivery)))),
    );
    await recordBatch(this.claims, outcomes);
    return due.length;
  }

  private async deliver(delivery: ClaimedDelivery): Promise<DeliveryOutcome> {
    let attempt: WebhookAttempt | 'skipped';
    try {
      attempt = await this.attempt(delivery);
    } catch (error) {
      attempt = { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
    }
    return outcomeOf(delivery, attempt, this.now(), this.random, this.deps.log);
  }

  /** A webhook sends the body fixed at fan-out; every other channel is an e-mail. */
  private async attempt(delivery: ClaimedDelivery): Promise<WebhookAttempt | 'skipped'> {
    if (delivery.channel !== 'webhook') return this.mails.send(delivery);
    const body = delivery.event.payload ?? (await this.mails.body(delivery.event));
    return deliverWebhook(delivery, body, { timeoutMs: this.webhookTimeoutMs, allowPrivate: this.deps.settings.allowPrivateWebhooks });
  }
}

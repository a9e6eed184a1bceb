import { DEFAULT_LANGUAGE, isLanguage, localizedPath } from '#shared/i18n/languages';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { GroupCommitter } from '#server/db/group-commit';
import type { Database } from '#server/db/schema';
import { isInboundSubject } from '#shared/notifications/notifications.contract';
import type { StudioDetails } from '#shared/site';
import { leadPath, paths } from '#shared/paths';
import { staffRecipients } from '#server/features/auth';
import { resumeLinkMail, staffLeadMail, visitorConfirmationMail, type MatchLinks } from './emails/lead-emails';
import { eventBody, type EventData, type NotificationSources, type StaffMail, type StaffMailEvent } from './event-data';
import { isStaffMailEvent } from './fan-out-policy';
import type { Mailer } from './mailer';
import type { ClaimedDelivery } from './notifications.repository';
import type { WebhookAttempt } from './webhook-sender';

/** What a mail takes from the studio's settings at send time. */
export interface MailSettings {
  studio: StudioDetails;
  /** Staff recipients; empty means every staff user. */
  notifyEmails: string[];
  /** The sender ("Studio name" <address>). */
  from?: string;
}

export interface MailComposerDeps {
  db: Kysely<Database>;
  /** The resume token's write goes through the group committer, like every other (see DispatcherDeps.writes). */
  writes: GroupCommitter;
  mailer: Mailer;
  settings: {
    /** Staff recipients; empty means every staff user. */
    notifyEmails: string[];
    /** Where visitors open the site: links in visitors' e-mails. */
    siteUrl: string;
    studio: StudioDetails;
    /** Signs the unsubscribe links of visitor mail; without it visitor mail carries none. */
    unsubscribeSecret?: string;
  };
  /** The studio's current settings, read at send time; without it, `settings`' fixed values. */
  mailSettings?: () => Promise<MailSettings>;
  log: FastifyBaseLogger;
  sources: NotificationSources;
  now: () => Date;
}

const sent = (): WebhookAttempt => ({ ok: true, status: null, error: null });

/** What a pass (`forPass`) reads once for all its mails, each at its first mail that needs it. */
interface PassReads {
  settings(): Promise<MailSettings>;
  /** The staff mail of one of the pass's staff-mail events: all of them are built together. */
  staffMail(event: StaffMailEvent & { id: string }): Promise<StaffMail | null>;
}

/**
 * One read shared by every caller until it succeeds: the first call starts it; a failed read is
 * tried again by the next call (each delivery that saw the failure is retried later).
 */
function readOnce<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= read().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

/**
 * Mail composition: what each staff or visitor e-mail says, built when it is sent from the rows as
 * they are then, and whether it goes at all (a person known by phone only, an unsubscribed address,
 * a survey finished since, no staff left to tell).
 */
export class MailComposer {
  /** The pass under way (`forPass`): what its mails read once. Else undefined: each mail reads its own. */
  #pass: PassReads | undefined;

  constructor(private readonly deps: MailComposerDeps) {}

  /**
   * Sends a pass's mails (`send`, concurrently, for `deliveries`) with what they read taken once for
   * all of them, at the first mail that needs it: the studio's settings (one read of the content
   * version a pass, where there was one a mail), and the leads and staff of the staff mails (three
   * reads a pass, where there were two a mail): fifty mails at once under a flood share the
   * connections with the visitors' writes (decision 0081).
   */
  async forPass<T>(deliveries: readonly ClaimedDelivery[], send: () => Promise<T>): Promise<T> {
    const staffEvents = deliveries.flatMap(({ channel, event }) =>
      channel === 'staff_email' && isStaffMailEvent(event.type) ? [{ ...event, type: event.type }] : [],
    );
    const staffMails = readOnce(async () => {
      const mails = await this.staffMails(staffEvents);
      return new Map(staffEvents.map((event, i) => [event.id, mails[i] ?? null]));
    });
    this.#pass = {
      settings: readOnce(() => this.freshSettings()),
      staffMail: async (event) => {
        const mails = await staffMails();
        // An event not among the pass's deliveries (never, as the dispatcher calls it): its own read.
        return mails.has(event.id) ? mails.get(event.id)! : ((await this.staffMails([event]))[0] ?? null);
      },
    };
    try {
      return await send();
    } finally {
      this.#pass = undefined;
    }
  }

  /** Builds and sends the mail of one staff or visitor e-mail delivery. */
  async send(delivery: ClaimedDelivery): Promise<WebhookAttempt | 'skipped'> {
    const { db, mailer, settings, sources } = this.deps;
    const { event } = delivery;
    // The newsletter's confirmation link is the one visitor mail an unsubscribed address may get
    // (decision 0018: it is how they come back); the limits above still count it, and it is queued
    // at most once a day per address.
    if (event.type === 'newsletter.confirm') return this.sendNewsletterConfirm(event);
    // A person known by phone only gets no e-mail.
    if (delivery.channel === 'visitor_email' && event.email.trim() === '') return 'skipped';
    // Someone who unsubscribed gets no visitor mail; staff mail about them still goes.
    if (delivery.channel === 'visitor_email' && (await sources.isUnsubscribed(db, event.email))) return 'skipped';
    if (event.type === 'survey.resume_link') return this.sendResumeLink(event);
    if (isStaffMailEvent(event.type)) {
      const staffEvent = { ...event, type: event.type };
      const mail = this.#pass ? await this.#pass.staffMail(staffEvent) : (await this.staffMails([staffEvent]))[0];
      if (!mail || mail.to.length === 0) return 'skipped';
      await mailer.send({ ...mail, from: (await this.mailSettings()).from });
      return sent();
    }
    const body = event.payload ?? (await this.body(event));
    const data = (JSON.parse(body) as { data: EventData }).data;
    const current = await this.mailSettings();
    if (delivery.channel === 'visitor_email') {
      await mailer.send({
        ...visitorConfirmationMail(data, current.studio, this.unsubscribeFor(data.lead.email), await this.matchLinks(data)),
        from: current.from,
      });
      return sent();
    }
    // A survey left unfinished is news only if it is still unfinished; a lead that came by a contact
    // message (no e-mail record) was told to staff by that message's own e-mail.
    if (event.type === 'lead.created' && !isInboundSubject(event.subjectId) && !(await sources.surveyStillOpen(db, event.subjectId))) return 'skipped';
    // Only people still active hear of a lead (its name, e-mail and phone).
    const to = await staffRecipients(db, current.notifyEmails);
    if (to.length === 0) return 'skipped';
    // The site's configured address (PUBLIC_BASE_URL, else its host and port), never a request header.
    const leadUrl = data.lead._id ? `${settings.siteUrl}${leadPath(data.lead._id)}` : null;
    await mailer.send({ ...staffLeadMail(data, { to, leadUrl, studioName: current.studio.name }), from: current.from });
    return sent();
  }

  /** The event's body (webhooks' and mails' data), read from the rows it names. */
  body(event: { type: string; email: string; subjectId: string; leadId: string | null; createdAt: Date | string }): Promise<string> {
    return eventBody(this.deps.db, event, this.deps.sources, this.deps.settings.siteUrl, this.deps.log);
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

  /**
   * The "continue" e-mail: a fresh resume token is made now (only its hash is stored), so the
   * outbox never holds one. A record finished or without answers by now needs no link.
   */
  private async sendResumeLink(event: { email: string; subjectId: string }): Promise<WebhookAttempt | 'skipped'> {
    const { db, writes, mailer, settings, sources } = this.deps;
    const open = await sources.unfinishedSurvey(db, event.subjectId);
    if (!open) return 'skipped';
    const token = await writes.run((trx) => sources.issueResumeToken(trx, event.subjectId, this.deps.now()));
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
    return sent();
  }

  /** The newsletter's confirmation link (decision 0018), made now from the queued confirmation; none once used or expired. */
  private async sendNewsletterConfirm(event: { email: string; subjectId: string }): Promise<WebhookAttempt | 'skipped'> {
    const { db, mailer, settings, sources } = this.deps;
    const secret = settings.unsubscribeSecret;
    if (!secret || !sources.newsletterConfirmMail) return 'skipped';
    const current = await this.mailSettings();
    const mail = await sources.newsletterConfirmMail(db, event.subjectId, {
      secret,
      siteUrl: settings.siteUrl,
      studioName: current.studio.name,
      now: this.deps.now(),
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
    return sent();
  }

  /** The unsubscribe link and headers of a visitor mail to `email`. */
  private unsubscribeFor(email: string) {
    const { unsubscribeSecret, siteUrl } = this.deps.settings;
    return unsubscribeSecret ? this.deps.sources.unsubscribeLinks(unsubscribeSecret, siteUrl, email) : undefined;
  }

  /** The studio's details and recipients: as read for this pass, else as they are now. */
  private mailSettings(): Promise<MailSettings> {
    return this.#pass ? this.#pass.settings() : this.freshSettings();
  }

  /** The staff mails of these events, in their order (null: none to send), from the rows as they are now. */
  private async staffMails(events: ReadonlyArray<StaffMailEvent>): Promise<Array<StaffMail | null>> {
    const { db, settings, sources } = this.deps;
    if (events.length === 0 || !sources.staffMails) return events.map(() => null);
    return sources.staffMails(db, events, settings.siteUrl);
  }

  private async freshSettings(): Promise<MailSettings> {
    const { settings, mailSettings } = this.deps;
    return mailSettings ? mailSettings() : { studio: settings.studio, notifyEmails: settings.notifyEmails };
  }
}

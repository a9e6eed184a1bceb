import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { activeStaff } from '#server/features/auth';
import { claimDueReminders, digestLeads, leadAssignees, type FollowUpReminder } from '#server/features/leads';
import { recordEvent } from '#server/features/notifications';
import { giveDigestBack, markDigestSent, takeDigest } from './followup.repository';
import { localDay, workingWindow, instantOf } from '#shared/followup/working-hours';
import type { StudioSettings } from '#shared/settings/settings.contract';
import { leadPath } from '#shared/paths';
import { formatPhone } from '#shared/phone';

const REMINDERS: readonly FollowUpReminder[] = ['first_contact_due', 'first_contact_overdue', 'next_action_due'];
const EVENT_OF = {
  first_contact_due: 'lead.first_contact_due',
  first_contact_overdue: 'lead.first_contact_overdue',
  next_action_due: 'lead.next_action_due',
} as const;

export interface FollowUpJobOptions {
  db: Kysely<Database>;
  /** The studio's settings now (time zone, working hours). */
  settings: () => Promise<Pick<StudioSettings, 'timeZone' | 'followUp' | 'name'>>;
  /** Sends the morning digest (the app's mailer, with the studio's sender). */
  send: (mail: { to: string[]; subject: string; text: string; html: string }) => Promise<void>;
  /** The site's address, for links. */
  siteUrl: string;
  /** Something was queued in the outbox: deliver it now. */
  wake?: () => void;
  /** The site visits starting in [from, to) (the visits feature, wired at app.ts: it imports this one). */
  visits?: (from: Date, to: Date) => Promise<DigestVisit[]>;
  /** The clock (tests control it). */
  now?: () => Date;
  pollMs?: number;
  batchSize?: number;
}

/** A site visit as the morning digest lists it. */
export interface DigestVisit {
  leadId: string;
  start: string;
  studioName: string;
  name: string | null;
  email: string;
  status: 'booked' | 'confirmed' | 'done' | 'cancelled';
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The follow-up clock. Every poll, on every instance: reminders that fell due are taken
 * (each once: a conditional UPDATE on the lead, in the transaction that queues its mail in the
 * outbox), and each staff member whose working day has begun gets the morning digest (once per
 * studio day: a row taken before it is sent).
 */
export class FollowUpJob {
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(private readonly options: FollowUpJobOptions) {
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    this.stopped = false;
    const poll = () => {
      if (this.stopped) return;
      this.running = this.runOnce().catch((error: unknown) =>
        console.error(`follow-up: the pass failed (${error instanceof Error ? error.message : String(error)})`),
      );
      this.timer = setTimeout(poll, this.options.pollMs ?? 30_000);
      this.timer.unref();
    };
    poll();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One pass: due reminders queued, digests sent. Answers how many of each. */
  async runOnce(): Promise<{ reminders: Record<FollowUpReminder, number>; digests: number }> {
    const now = this.now();
    const reminders = { first_contact_due: 0, first_contact_overdue: 0, next_action_due: 0 } as Record<FollowUpReminder, number>;
    for (const kind of REMINDERS) {
      for (;;) {
        const taken = await this.options.db.transaction().execute(async (trx) => {
          const rows = await claimDueReminders(trx, kind, now, this.options.batchSize ?? 100);
          for (const row of rows) await recordEvent(trx, { type: EVENT_OF[kind], email: row.email ?? '', subjectId: row.id, leadId: row.id }, now);
          return rows.length;
        });
        reminders[kind] += taken;
        if (taken < (this.options.batchSize ?? 100)) break;
      }
    }
    if (Object.values(reminders).some((n) => n > 0)) this.options.wake?.();
    const digests = await this.sendDigests(now);
    return { reminders, digests };
  }

  /** The morning digest to each active staff member whose working day has begun (today's, once). */
  private async sendDigests(now: Date): Promise<number> {
    const { db } = this.options;
    const settings = await this.options.settings();
    const calendar = { timeZone: settings.timeZone, hours: settings.followUp.hours, holidays: settings.followUp.holidays };
    const day = localDay(now, calendar.timeZone);
    const window = workingWindow(day, calendar);
    if (!window || now < window.start || now >= window.end) return 0;
    const tomorrow = instantOf(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), 0, calendar.timeZone);
    // Today's visits, each under the person who has its lead.
    const todays = ((await this.options.visits?.(instantOf(day, 0, calendar.timeZone), tomorrow)) ?? []).filter(
      (v) => v.status === 'booked' || v.status === 'confirmed',
    );
    const assignees = await leadAssignees(
      db,
      todays.map((v) => v.leadId),
    );
    let sent = 0;
    for (const person of await activeStaff(db)) {
      if (!(await takeDigest(db, person.id, day, now))) continue;
      const leads = await digestLeads(db, person.id, now, tomorrow);
      const visits = todays.filter((v) => assignees.get(v.leadId) === person.id).sort((a, b) => a.start.localeCompare(b.start));
      if (leads.length === 0 && visits.length === 0) continue;
      const overdue = leads.filter((l) => l.status === 'new' && l.firstContactDueAt && new Date(l.firstContactDueAt) <= now);
      const actions = leads.filter((l) => l.nextActionDueAt && l.nextActionText);
      const base = this.options.siteUrl.replace(/\/+$/, '');
      const who = (l: (typeof leads)[number]) => `${l.name ?? l.email}${l.phone ? ` (${formatPhone(l.phone)})` : ''}`;
      const when = (at: Date | string) =>
        new Intl.DateTimeFormat('en-IN', { timeZone: calendar.timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
      const lines: string[] = [`Good morning ${person.name}, here is your day at ${settings.name}.`, ''];
      const html: string[] = [`<p>Good morning ${esc(person.name)}, here is your day at ${esc(settings.name)}.</p>`];
      if (overdue.length > 0) {
        lines.push(`Overdue leads (${overdue.length}): not contacted within the target`);
        html.push(`<h2>Overdue leads (${overdue.length})</h2><ul>`);
        for (const l of overdue) {
          lines.push(`- ${who(l)}: due ${when(l.firstContactDueAt!)} — ${base}${leadPath(l.id)}`);
          html.push(`<li><a href="${esc(base + leadPath(l.id))}">${esc(who(l))}</a>: due ${esc(when(l.firstContactDueAt!))}</li>`);
        }
        lines.push('');
        html.push('</ul>');
      }
      if (visits.length > 0) {
        const at = (iso: string) => new Intl.DateTimeFormat('en-IN', { timeZone: calendar.timeZone, timeStyle: 'short' }).format(new Date(iso));
        lines.push(`Site visits today (${visits.length})`);
        html.push(`<h2>Site visits today (${visits.length})</h2><ul>`);
        for (const v of visits) {
          lines.push(`- ${at(v.start)} at ${v.studioName}: ${v.name ?? v.email} — ${base}${leadPath(v.leadId)}`);
          html.push(`<li>${esc(at(v.start))} at ${esc(v.studioName)}: <a href="${esc(base + leadPath(v.leadId))}">${esc(v.name ?? v.email)}</a></li>`);
        }
        lines.push('');
        html.push('</ul>');
      }
      if (actions.length > 0) {
        lines.push(`Next actions due today (${actions.length})`);
        html.push(`<h2>Next actions due today (${actions.length})</h2><ul>`);
        for (const l of actions) {
          lines.push(`- ${when(l.nextActionDueAt!)}: ${l.nextActionText} — ${who(l)} — ${base}${leadPath(l.id)}`);
          html.push(`<li>${esc(when(l.nextActionDueAt!))}: ${esc(l.nextActionText!)} — <a href="${esc(base + leadPath(l.id))}">${esc(who(l))}</a></li>`);
        }
        html.push('</ul>');
      }
      try {
        await this.options.send({
          to: [person.email],
          subject: `Your day: ${overdue.length} overdue, ${actions.length} next actions${visits.length > 0 ? `, ${visits.length} site visits` : ''}`,
          text: `${lines.join('\n')}\n`,
          html: html.join(''),
        });
        await markDigestSent(db, person.id, day, leads.length);
        sent++;
      } catch (error) {
        // Not sent: give the row back, so the next pass (on any instance) tries again.
        await giveDigestBack(db, person.id, day);
        throw error;
      }
    }
    return sent;
  }
}

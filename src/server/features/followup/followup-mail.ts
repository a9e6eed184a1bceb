import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { activeStaff, staffContacts } from '#server/features/auth';
import { leadsForFollowUp } from '#server/features/leads';
import type { StaffMail, StaffMailEvent } from '#server/features/notifications';
import { formatPhone } from '#shared/phone';
import { leadPath, paths } from '#shared/paths';
import type { ImportAssignedPayload } from '#shared/imports/imports.contract';

/** How staff mails name a lead: its name, else its e-mail, else its phone (a lead may have no e-mail). */
const leadName = (lead: { name: string | null; email: string | null; phone: string | null }) =>
  lead.name ?? lead.email ?? (lead.phone ? formatPhone(lead.phone) : 'A lead');

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A short staff mail: a few lines of text, the lead's contact details and a link to its page. */
export function leadMail(input: {
  to: string[];
  subject: string;
  intro: string;
  lead: { name: string | null; email: string | null; phone: string | null };
  url: string;
  extra?: string[];
}): StaffMail {
  const who = leadName(input.lead);
  const lines = [
    input.intro,
    '',
    `Name: ${who}`,
    ...(input.lead.email ? [`E-mail: ${input.lead.email}`] : []),
    ...(input.lead.phone ? [`Phone: ${formatPhone(input.lead.phone)}`] : []),
    ...(input.extra ?? []),
    '',
    `Open the lead: ${input.url}`,
  ];
  const html =
    `<p>${esc(input.intro)}</p><p>Name: ${esc(who)}` +
    (input.lead.email ? `<br>E-mail: ${esc(input.lead.email)}` : '') +
    (input.lead.phone ? `<br>Phone: ${esc(formatPhone(input.lead.phone))}` : '') +
    (input.extra ?? []).map((line) => `<br>${esc(line)}`).join('') +
    `</p><p><a href="${esc(input.url)}">Open the lead</a></p>`;
  return { to: input.to, subject: input.subject, text: `${lines.join('\n')}\n`, html };
}

/** What a pass's mails read, each once for all of them: the leads, the staff they name, and (for reminders) every active member. */
interface MailReads {
  leads: Awaited<ReturnType<typeof leadsForFollowUp>>;
  staff: Awaited<ReturnType<typeof staffContacts>>;
  active: Awaited<ReturnType<typeof activeStaff>>;
}

/**
 * Decision 0057: one mail per assignee per import, "N new leads from ‹file› were assigned to you",
 * the first few names and "and N more", and a link to the inbox's new leads (the counts are the
 * import's, fixed when it was written).
 */
function importAssignedMail(event: StaffMailEvent, siteUrl: string, reads: MailReads): StaffMail | null {
  if (!event.payload) return null;
  const { fileName, count, names } = JSON.parse(event.payload) as ImportAssignedPayload;
  const staff = reads.staff.get(event.subjectId);
  if (!staff?.active || count < 1) return null;
  const url = `${siteUrl.replace(/\/+$/, '')}${paths.leads}?status=new`;
  const subject = count === 1 ? `1 new lead from ${fileName} was assigned to you` : `${count} new leads from ${fileName} were assigned to you`;
  const more = count - names.length;
  const who = `${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  const intro = `Hello ${staff.name}, ${subject}: ${who}. Please get in touch soon.`;
  const text = `${intro}\n\nOpen the new leads: ${url}\n`;
  const html = `<p>${esc(intro)}</p><p><a href="${esc(url)}">Open the new leads</a></p>`;
  return { to: [staff.email], subject, text, html };
}

/**
 * The staff mails of outbox events about leads, built when they are sent (given to the dispatcher at
 * app.ts), in the events' order; null where none is needed any more. The rows are read once for
 * all of them: the leads in one read, the staff they name in another, and every active member once
 * if any is a reminder (a dispatcher pass sends up to 50: decision 0081). `lead.assigned`: to the
 * assignee (the event's subject) while they still have the lead.
 */
export async function followUpMails(db: Kysely<Database>, events: readonly StaffMailEvent[], siteUrl: string): Promise<Array<StaffMail | null>> {
  const leadIds = events.flatMap((e) => (e.type !== 'leads.import_assigned' && e.leadId ? [e.leadId] : []));
  const staffIds = events.flatMap((e) => (e.type === 'lead.assigned' || e.type === 'leads.import_assigned' ? [e.subjectId] : []));
  const reminder = events.some((e) => e.type !== 'lead.assigned' && e.type !== 'leads.import_assigned');
  const [leads, staff, active] = await Promise.all([
    leadsForFollowUp(db, leadIds),
    staffContacts(db, staffIds),
    reminder ? activeStaff(db) : Promise.resolve([]),
  ]);
  const reads = { leads, staff, active };
  return events.map((event) => followUpMail(event, siteUrl, reads));
}

function followUpMail(event: StaffMailEvent, siteUrl: string, reads: MailReads): StaffMail | null {
  if (event.type === 'leads.import_assigned') return importAssignedMail(event, siteUrl, reads);
  if (!event.leadId) return null;
  const lead = reads.leads.get(event.leadId);
  if (!lead) return null;
  const url = `${siteUrl.replace(/\/+$/, '')}${leadPath(lead.id)}`;
  const who = leadName(lead);
  if (event.type === 'lead.assigned') {
    if (lead.assigneeId !== event.subjectId) return null;
    const staff = reads.staff.get(event.subjectId);
    if (!staff?.active) return null;
    return leadMail({
      to: [staff.email],
      subject: `Assigned to you: ${who}`,
      intro: `Hello ${staff.name}, this lead is now yours. Please get in touch soon.`,
      lead,
      url,
    });
  }
  // Reminders: to the assignee (the owners when nobody has the lead); the escalation to both.
  const people = reads.active;
  const assignee = people.find((p) => p.id === lead.assigneeId);
  const owners = people.filter((p) => p.role === 'owner').map((p) => p.email);
  if (event.type === 'lead.first_contact_due' || event.type === 'lead.first_contact_overdue') {
    if (lead.status !== 'new') return null;
    const overdue = event.type === 'lead.first_contact_overdue';
    const to = overdue ? [...new Set([...(assignee ? [assignee.email] : []), ...owners])] : assignee ? [assignee.email] : owners;
    const since = `${lead.assigneeId ? `Assigned to ${assignee?.name ?? 'someone no longer active'}. ` : 'Nobody is assigned. '}`;
    return leadMail({
      to,
      subject: overdue ? `Overdue: ${who} is still waiting for a first contact` : `Reminder: please contact ${who}`,
      intro: overdue
        ? `${who} came in and has still not been contacted: twice the first-contact target has passed. ${since}`
        : `${who} is still new: the first-contact target has been reached. ${since}`,
      lead,
      url,
    });
  }
  if (event.type === 'lead.next_action_due') {
    if (!lead.nextActionText || !lead.nextActionDueAt) return null;
    const to = assignee ? [assignee.email] : owners;
    return leadMail({
      to,
      subject: `Next action due: ${lead.nextActionText} (${who})`,
      intro: `It is time for the next action on ${who}: ${lead.nextActionText}`,
      lead,
      url,
    });
  }
  return null;
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import { assignCreatedLeadTo, assignCreatedLeadsTo, assignNewLead, lastAssignmentAutomatic, leadForFollowUp } from '#server/features/leads';
import { addWorkingMinutes } from '#shared/followup/working-hours';
import { leadTakers, leadTakersNamed, staffContacts } from '#server/features/auth';
import { readFollowUpSettings } from '#server/features/settings';
import type { AssignmentSettings, StudioSettings } from '#shared/settings/settings.contract';
import { setLastTurn, takeTurn, takeTurns } from './followup.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** What a new lead says about itself when it comes: the rules read these. */
export interface LeadHints {
  campaignId?: string | null;
  requestQuotation?: string | null;
  /** A finished survey's answers (question key → answer). */
  answers?: Record<string, unknown> | null;
}

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/** Every text an answer holds (strings, numbers, and those inside arrays and objects). */
function answerTexts(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(fold(value));
  else if (typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) answerTexts(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) answerTexts(v, out);
  return out;
}

/** The person the first matching rule names, if any (eligibility is checked by the caller). */
export function ruleMatch(rules: AssignmentSettings['rules'], hints: LeadHints): { staffId: string; kind: string } | undefined {
  const answers = hints.answers ? answerTexts(hints.answers) : [];
  for (const rule of rules) {
    const value = fold(rule.value);
    if (rule.kind === 'campaign' && hints.campaignId && hints.campaignId === rule.value) return rule;
    if (rule.kind === 'quotation' && hints.requestQuotation && fold(hints.requestQuotation) === value) return rule;
    if (rule.kind === 'locality' && answers.includes(value)) return rule;
  }
  return undefined;
}

async function nextByTurn(db: Db, takers: readonly string[]): Promise<string | undefined> {
  // One UPDATE takes the routing row's lock and the turn (decision 0046): followup.repository.ts.
  const turn = await takeTurn(db);
  if (takers.length === 0) return undefined;
  return turn?.lastStaffId ?? undefined;
}

/** The settings a new lead's assignment reads (the caller may have them already: see assignCreatedLead). */
export type FollowUpView = Pick<StudioSettings, 'assignment' | 'followUp' | 'timeZone'>;

/**
 * A lead just created gets its first-contact due times (the target and twice it, in
 * working hours) and its assignee, as the studio's settings say (off, round-robin, or rules falling
 * back to round-robin). Call it in the transaction that created the lead, with the settings if the
 * caller has read them (a request's settings, one read per request), else they are read here.
 * Answers who was chosen.
 */
export async function assignCreatedLead(
  db: Db,
  lead: { id: string; email: string },
  hints: LeadHints,
  at: Date,
  settings?: FollowUpView,
): Promise<string | undefined> {
  const { assignment, followUp, timeZone } = settings ?? (await readFollowUpSettings(db as Kysely<Database>));
  const calendar = { timeZone, hours: followUp.hours, holidays: followUp.holidays };
  const due = {
    firstContactDueAt: addWorkingMinutes(at, followUp.firstContactMinutes, calendar),
    firstContactEscalateAt: addWorkingMinutes(at, 2 * followUp.firstContactMinutes, calendar),
  };
  const assignee = assignment.mode === 'off' ? null : await chooseAssignee(db, assignment, hints);
  await assignCreatedLeadTo(db, { leadId: lead.id, email: lead.email, assignee, ...due, at });
  return assignee?.staffId;
}

/**
 * Leads an import created, all at `at`: what assignCreatedLead does for each, with the
 * settings and takers read once and the turns taken at once (an import brings no hints, so no rule
 * matches: round-robin, or nobody when assignment is off). The routing row is locked by the first
 * UPDATE until the import's transaction ends, as for one lead.
 */
export async function assignCreatedLeads(
  db: Db,
  leads: ReadonlyArray<{ id: string; email: string }>,
  at: Date,
  options: { announce?: boolean } = {},
): Promise<Array<{ leadId: string; staffId: string }>> {
  if (leads.length === 0) return [];
  const { assignment, followUp, timeZone } = await readFollowUpSettings(db as Kysely<Database>);
  const calendar = { timeZone, hours: followUp.hours, holidays: followUp.holidays };
  const due = {
    firstContactDueAt: addWorkingMinutes(at, followUp.firstContactMinutes, calendar),
    firstContactEscalateAt: addWorkingMinutes(at, 2 * followUp.firstContactMinutes, calendar),
  };
  let assignees: Array<{ staffId: string; staffName: string; how: string } | null> = leads.map(() => null);
  if (assignment.mode !== 'off') {
    const takers = await leadTakersNamed(db as Kysely<Database>);
    const turn = await takeTurns(db, leads.length);
    if (takers.length > 0) {
      const ids = takers.map((t) => t.id);
      let last = turn?.lastStaffId ?? null;
      assignees = leads.map(() => {
        const next = (last !== null && ids.find((id) => id > last!)) || ids[0]!;
        last = next;
        return { staffId: next, staffName: takers.find((t) => t.id === next)?.name ?? 'Staff', how: 'Automatic: Round-robin' };
      });
      await setLastTurn(db, last);
    }
  }
  await assignCreatedLeadsTo(db, {
    leads: leads.map((l, i) => ({ leadId: l.id, email: l.email, assignee: assignees[i]! })),
    ...due,
    at,
    announce: options.announce,
  });
  return leads.flatMap((l, i) => (assignees[i] ? [{ leadId: l.id, staffId: assignees[i].staffId }] : []));
}

async function chooseAssignee(db: Db, assignment: AssignmentSettings, hints: LeadHints): Promise<{ staffId: string; staffName: string; how: string } | null> {
  const takers = await leadTakersNamed(db as Kysely<Database>);
  const nameOf = (id: string) => takers.find((t) => t.id === id)?.name ?? 'Staff';
  if (assignment.mode === 'rules') {
    const rule = ruleMatch(assignment.rules, hints);
    if (rule && takers.some((t) => t.id === rule.staffId))
      return { staffId: rule.staffId, staffName: nameOf(rule.staffId), how: `Automatic: Rule (${rule.kind})` };
  }
  const staffId = await nextByTurn(
    db,
    takers.map((t) => t.id),
  );
  return staffId ? { staffId, staffName: nameOf(staffId), how: 'Automatic: Round-robin' } : null;
}

/**
 * A finished survey's answers may name a locality a rule gives to someone. A lead still
 * `new` whose assignee was chosen automatically (by turn, or nobody) moves to that person, who is
 * told; a lead a person assigned by hand stays. Call it in the response's transaction.
 */
export async function reviewAssignmentByAnswers(db: Db, leadId: string, answers: Record<string, unknown>, at: Date): Promise<string | undefined> {
  const { assignment } = await readFollowUpSettings(db as Kysely<Database>);
  if (assignment.mode !== 'rules') return undefined;
  const rule = ruleMatch(
    assignment.rules.filter((r) => r.kind === 'locality'),
    { answers },
  );
  if (!rule) return undefined;
  const lead = await leadForFollowUp(db, leadId);
  if (!lead || lead.status !== 'new' || lead.assigneeId === rule.staffId) return undefined;
  if (lead.assigneeId !== null && !(await lastAssignmentAutomatic(db, leadId))) return undefined;
  if (!(await leadTakers(db as Kysely<Database>)).includes(rule.staffId)) return undefined;
  const name = (await staffContacts(db as Kysely<Database>, [rule.staffId])).get(rule.staffId)?.name ?? 'Staff';
  await assignNewLead(db, { leadId, staffId: rule.staffId, staffName: name, how: 'Automatic: Rule (locality)', at });
  return rule.staffId;
}

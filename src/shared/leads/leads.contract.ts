import { LEAD_SOURCE_KINDS } from './lead-source';
import { z } from 'zod';
import { listingMatchesSchema } from '../matching/matching.contract';
import { safeText } from '../text-schema';
import { emailProblem } from '../email';
import { toE164 } from '../phone';
import { contactListingSchema, ENQUIRY_TOPICS } from '../contact/contact.contract';

/**
 * Leads: one person (an e-mail, trimmed and compared case-insensitively) and everything
 * they sent, worked by the studio through a status, an assignee and notes.
 */

export const LEAD_STATUSES = ['new', 'contacted', 'visit', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  visit: 'Site visit',
  won: 'Won',
  lost: 'Lost',
};

export const LEAD_SOURCES = ['survey', 'contact', 'newsletter'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** How staff read a source: in the dashboard and in the leads download alike. */
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = { survey: 'Survey', contact: 'Contact form', newsletter: 'Newsletter' };

export { LEAD_FIELD_PROPERTY, LEAD_FIELDS, type LeadField } from './lead-field-names';

export const LEAD_MESSAGES = {
  notFound: 'This lead does not exist.',
  statusInvalid: `Status must be one of: ${LEAD_STATUSES.join(', ')}.`,
  sourceInvalid: `Source must be one of: ${LEAD_SOURCES.join(', ')}.`,
  assigneeNotFound: 'This staff member does not exist.',
  noteRequired: 'Please write a note.',
  noteTooLong: 'A note can be at most 2,000 characters.',
  updated: 'Lead updated.',
  noteAdded: 'Note added.',
  nothingToChange: 'Nothing to change: send a status or an assignee.',
  nextActionSet: 'Next action saved.',
  nextActionCleared: 'Next action cleared.',
  dateInvalid: 'Dates are YYYY-MM-DD.',
  emailOrPhoneRequired: 'Please give an e-mail address or a phone number.',
  phoneInvalid: 'Please enter a valid phone number.',
  emailInvalid: 'Please enter a valid e-mail address.',
  created: 'Lead added.',
  existing: 'This person is already a lead: their lead is shown.',
  merged: 'Leads merged.',
  unmerged: 'Merge undone.',
  mergeSelf: 'A lead cannot be merged into itself.',
  mergeTargetUnknown: 'The lead to merge into does not exist.',
  mergeTargetRequired: 'Choose the lead to merge into.',
  alreadyMerged: 'One of these leads has already been merged.',
  mergeNotFound: 'This merge does not exist or has been undone.',
  mergeTooOld: 'A merge can be undone within 30 days only.',
} as const;

export const NOTE_MAX = 2000;
/** How long a merge can be undone. */
export const MERGE_UNDO_DAYS = 30;
export const LEADS_PAGE_MAX = 200;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, LEAD_MESSAGES.dateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), LEAD_MESSAGES.dateInvalid);

/** Query of the list and of its download. Empty parameters count as absent. */
export const leadFilters = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LEAD_STATUSES, { message: LEAD_MESSAGES.statusInvalid }).optional()),
  source: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LEAD_SOURCES, { message: LEAD_MESSAGES.sourceInvalid }).optional()),
  campaign: z.preprocess((v) => (v === '' ? undefined : v), safeText().max(100).optional()),
  q: z.preprocess((v) => (v === '' ? undefined : v), safeText().trim().max(200).optional()),
  /** Last activity on or after this day (UTC). */
  from: z.preprocess((v) => (v === '' ? undefined : v), day.optional()),
  /** Last activity on or before this day (UTC). */
  to: z.preprocess((v) => (v === '' ? undefined : v), day.optional()),
  /** Only leads that are overdue (still new past the first-contact target, or a next action past due). */
  overdue: z.preprocess((v) => (v === '' || v === undefined ? undefined : v === 'true' || v === '1' || v === true), z.boolean().optional()),
  /** README "Channels": only leads whose first or latest touch came through this channel. */
  channelId: z.preprocess((v) => (v === '' ? undefined : v), safeText().max(100).optional()),
  /** Decision 0057: only the leads an import or a call created from this source (its name, any case). */
  leadSource: z.preprocess((v) => (v === '' ? undefined : v), safeText().max(200).optional()),
});
export type LeadFilters = z.infer<typeof leadFilters>;

export const LEAD_SORTS = ['activity', 'next-action'] as const;

export const leadListQuery = leadFilters.extend({
  /** `next-action`: the soonest next action first (leads without one last); default newest activity first. */
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LEAD_SORTS, { message: `Sort is one of: ${LEAD_SORTS.join(', ')}.` }).optional()),
  limit: z.coerce.number().int().min(1).max(LEADS_PAGE_MAX).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type LeadListQuery = z.infer<typeof leadListQuery>;

/** Where a lead came from (README "Channels"): a channel (null: UTM values only), its UTM values, when. */
export const leadTouch = z.object({
  channelId: z.string().nullable(),
  channelName: z.string().nullable(),
  utm: z.object({ source: z.string(), medium: z.string(), campaign: z.string(), content: z.string(), term: z.string() }).partial().nullable(),
  at: z.string(),
});
export type LeadTouch = z.infer<typeof leadTouch>;

export const leadListItem = z.object({
  _id: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  sources: z.array(z.enum(LEAD_SOURCES)),
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  completed: z.boolean(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  /** Since when the assignee has the lead. */
  assignedAt: z.string().nullable(),
  /** The first-contact target (working hours from creation); null for leads from before. */
  firstContactDueAt: z.string().nullable(),
  /** What staff will do next, and when. */
  nextAction: z.object({ text: z.string(), dueAt: z.string() }).nullable(),
  /** Still new past its first-contact target, or its next action past due. */
  overdue: z.boolean(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  /** The first and latest arrival through a channel or with UTM values (README "Channels"); null: none yet. */
  firstTouch: leadTouch.nullable(),
  latestTouch: leadTouch.nullable(),
  /** The system the lead first came from by API (`source` of POST /api/inbound/leads, e.g. "99acres"); null: none. */
  origin: z.string().nullable(),
  /** Decision 0057: the source an import or a call created the lead from (its channel for staff); null: none. */
  leadSource: z.object({ key: z.string(), name: z.string(), kind: z.enum(LEAD_SOURCE_KINDS) }).nullable(),
});
export type LeadListItem = z.infer<typeof leadListItem>;

/** GET /api/leads/sources: the sources of imported and API leads, by name (decision 0057). */
export const leadSourceList = z.object({ sources: z.array(z.object({ key: z.string(), name: z.string() })) });
export type LeadSourceList = z.infer<typeof leadSourceList>;

export const leadCounts = z.object(Object.fromEntries(LEAD_STATUSES.map((s) => [s, z.number()])) as Record<LeadStatus, z.ZodNumber>);
export type LeadCounts = z.infer<typeof leadCounts>;

export const leadList = z.object({ items: z.array(leadListItem), total: z.number(), counts: leadCounts });
export type LeadList = z.infer<typeof leadList>;

export const leadActivity = z.object({
  /** `progress`: answers kept while the survey is unfinished; `at` is when they were last saved. */
  type: z.enum(['email', 'response', 'progress', 'contact', 'newsletter']),
  at: z.string(),
  campaignId: z.string().nullable().optional(),
  campaignName: z.string().nullable().optional(),
  completed: z.boolean().optional(),
  /** `files`: for a file question, the uploaded files (each opens on the staff file page). */
  answers: z
    .array(z.object({ question: z.string(), answer: z.string(), files: z.array(z.object({ fileId: z.string(), name: z.string() })).optional() }))
    .optional(),
  requestQuotation: z.string().optional(),
  message: z.string().optional(),
  /** A contact message about a listing: the listing as named then (its page is listingPagePath), and what for. */
  listing: contactListingSchema.optional(),
  topic: z.enum(ENQUIRY_TOPICS).optional(),
  /** The phone (E.164) given with a contact message. */
  phone: z.string().optional(),
  /** `progress`: the (one-based) page the visitor stopped on, and the furthest they reached. */
  page: z.number().optional(),
  furthestPage: z.number().optional(),
  /** The homes and decor matched to a response's answers. */
  matches: listingMatchesSchema.optional(),
});
export type LeadActivity = z.infer<typeof leadActivity>;

export const leadTimelineEntry = z.object({
  at: z.string(),
  type: z.enum(['status', 'note', 'assign']),
  by: z.string(),
  from: z.string().nullable().optional(),
  to: z.string().nullable().optional(),
  text: z.string().optional(),
});
export type LeadTimelineEntry = z.infer<typeof leadTimelineEntry>;

export const leadDetail = leadListItem.extend({
  activities: z.array(leadActivity),
  timeline: z.array(leadTimelineEntry),
  /** Leads staff should look at beside this one ("Possible duplicate of …"): an arrival's e-mail was this lead's and its phone theirs. */
  possibleDuplicates: z.array(z.object({ _id: z.string(), email: z.string().nullable(), name: z.string().nullable(), phone: z.string().nullable() })),
});
export type LeadDetail = z.infer<typeof leadDetail>;

export const leadPatch = z.object({
  status: z.enum(LEAD_STATUSES, { message: LEAD_MESSAGES.statusInvalid }).optional(),
  /** A staff user's id; null unassigns. */
  assigneeId: safeText().max(100).nullable().optional(),
});
export type LeadPatch = z.infer<typeof leadPatch>;

export const leadNoteInput = z.object({
  text: safeText({ message: LEAD_MESSAGES.noteRequired }).trim().min(1, LEAD_MESSAGES.noteRequired).max(NOTE_MAX, LEAD_MESSAGES.noteTooLong),
});
export type LeadNoteInput = z.infer<typeof leadNoteInput>;

const emptyIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * Staff "Add lead" (POST /api/leads): an e-mail, a phone, or both (at least one); the
 * phone as typed (kept in E.164, +91 when typed without a country). The same person (e-mail or
 * phone) is not added twice: their lead is answered.
 */
export const leadCreateInput = z
  .object({
    name: z.preprocess(emptyIsAbsent, safeText().trim().max(200, 'A name can be at most 200 characters.').optional()),
    email: z.preprocess(
      emptyIsAbsent,
      z
        .string({ message: LEAD_MESSAGES.emailInvalid })
        .trim()
        .refine((v) => emailProblem(v) === null, LEAD_MESSAGES.emailInvalid)
        .optional(),
    ),
    phone: z.preprocess(
      emptyIsAbsent,
      z
        .string({ message: LEAD_MESSAGES.phoneInvalid })
        .trim()
        .refine((v) => toE164(v) !== null, LEAD_MESSAGES.phoneInvalid)
        .optional(),
    ),
    message: z.preprocess(emptyIsAbsent, safeText().trim().max(NOTE_MAX, LEAD_MESSAGES.noteTooLong).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.email === undefined && v.phone === undefined) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: LEAD_MESSAGES.emailOrPhoneRequired });
      ctx.addIssue({ code: 'custom', path: ['phone'], message: LEAD_MESSAGES.emailOrPhoneRequired });
    }
  });
export type LeadCreateInput = z.infer<typeof leadCreateInput>;

/** POST /api/leads/:id/merge. */
export const leadMergeInput = z.object({
  intoId: safeText({ message: LEAD_MESSAGES.mergeTargetRequired }).trim().min(1, LEAD_MESSAGES.mergeTargetRequired).max(100),
});
export const leadMerged = z.object({ mergeId: z.string(), lead: leadListItem });
export const leadUnmerged = z.object({ message: z.string(), lead: leadListItem, merged: leadListItem });

/** 201 when the lead is new; 200 with the person's existing lead. */
export const leadCreated = z.object({ message: z.string(), created: z.boolean(), lead: leadListItem });

export const NEXT_ACTION_MAX = 300;

/** PUT /api/leads/:id/next-action: what and when (an ISO 8601 time). */
export const nextActionInput = z.object({
  text: safeText({ message: 'Please say what the next action is.' })
    .trim()
    .min(1, 'Please say what the next action is.')
    .max(NEXT_ACTION_MAX, `Please keep it under ${NEXT_ACTION_MAX} characters.`),
  dueAt: z.iso.datetime({ offset: true, message: 'Please give the time as ISO 8601, such as 2026-12-01T11:00:00+05:30.' }),
});
export type NextActionInput = z.infer<typeof nextActionInput>;

/** How leads are keyed: trimmed, lower case. */
export function leadKey(email: string): string {
  return email.trim().toLowerCase();
}

/** PATCH /api/leads/:id answers the lead as the list shows it. */
export const leadUpdated = z.object({ message: z.string(), lead: leadListItem });

import { z } from 'zod';
import { route } from '../api-route';
import { AUDIT_API } from './audit.api';

/**
 * The audit log: who changed what, which record, when, and the names of the fields
 * that changed: never the values themselves (they may be a person's data).
 */
export const AUDIT_KINDS = [
  'listing.created',
  'listing.updated',
  'listing.deleted',
  'campaign.created',
  'campaign.updated',
  'campaign.activated',
  'campaign.deactivated',
  'campaign.deleted',
  'lead.updated',
  'lead.created',
  'lead.merged',
  'lead.unmerged',
  'lead.exported',
  'lead.erased',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'responses.exported',
  'settings.updated',
  'staff.created',
  'staff.updated',
  'staff.reset',
  'personal-data.exported',
  'channel.created',
  'channel.updated',
  'channel.deleted',
  'demo.removed',
  'lead.imported',
  'lead.import-undone',
  'api-key.created',
  'api-key.revoked',
  'kiosk-device.created',
  'kiosk-device.revoked',
  'kiosk.uploaded',
  'privacy-request.recorded',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'listing.created': 'Listing added',
  'listing.updated': 'Listing edited',
  'listing.deleted': 'Listing deleted',
  'campaign.created': 'Campaign created',
  'campaign.updated': 'Campaign edited',
  'campaign.activated': 'Campaign activated',
  'campaign.deactivated': 'Campaign deactivated',
  'campaign.deleted': 'Campaign deleted',
  'lead.updated': 'Lead updated',
  'lead.created': 'Lead added',
  'lead.merged': 'Leads merged',
  'lead.unmerged': 'Merge undone',
  'lead.exported': 'Leads downloaded',
  'lead.erased': 'Person erased',
  'webhook.created': 'Webhook added',
  'webhook.updated': 'Webhook edited',
  'webhook.deleted': 'Webhook deleted',
  'responses.exported': 'Responses downloaded',
  'settings.updated': 'Settings changed',
  'staff.created': 'Staff member added',
  'staff.updated': 'Staff member changed',
  'staff.reset': 'Password reset sent',
  'personal-data.exported': "Person's data downloaded",
  'channel.created': 'Channel created',
  'channel.updated': 'Channel edited',
  'channel.deleted': 'Channel deleted',
  'demo.removed': 'Demo content removed',
  'lead.imported': 'Leads imported',
  'lead.import-undone': 'Import undone',
  'api-key.created': 'API key created',
  'api-key.revoked': 'API key revoked',
  'kiosk-device.created': 'Tablet added',
  'kiosk-device.revoked': 'Tablet removed',
  'kiosk.uploaded': 'Tablet queue file uploaded',
  'privacy-request.recorded': 'Privacy request taken by phone',
};

export const AUDIT_PAGE_MAX = 200;
/** The studio's clock: a bare day in a filter is a day in India. */
export const AUDIT_TIME_ZONE = 'Asia/Kolkata';
const IST_OFFSET = '+05:30';

export const AUDIT_MESSAGES = {
  kindInvalid: `Kind must be one of: ${AUDIT_KINDS.join(', ')}.`,
  dateInvalid: 'Dates are YYYY-MM-DD (a day in India) or an ISO 8601 time such as 2026-11-27T10:30:00+05:30.',
  rangeInvalid: '"from" must not be after "to".',
  limitInvalid: `Limit is a whole number from 1 to ${AUDIT_PAGE_MAX}.`,
  offsetInvalid: 'Offset is a whole number, 0 or more.',
  actorInvalid: 'Actor is a staff id.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function validDay(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/**
 * A filter bound as an instant. A day (YYYY-MM-DD) is that day in Asia/Kolkata: `from` is its
 * start, `to` the start of the next day (so `to` takes in the whole day). A time is taken as is.
 */
export function auditBound(value: string, edge: 'from' | 'to'): Date | null {
  if (DAY.test(value)) {
    if (!validDay(value)) return null;
    const start = new Date(`${value}T00:00:00${IST_OFFSET}`);
    return edge === 'from' ? start : new Date(start.getTime() + 24 * 60 * 60 * 1000);
  }
  if (!INSTANT.test(value)) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime()) || !validDay(value.slice(0, 10))) return null;
  // `to` is inclusive: the instant itself is in the range.
  return edge === 'from' ? at : new Date(at.getTime() + 1);
}

const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);
const bound = z
  .string()
  .max(40, AUDIT_MESSAGES.dateInvalid)
  .refine((v) => auditBound(v, 'from') !== null, AUDIT_MESSAGES.dateInvalid);

/** GET /api/audit's query. Empty parameters count as absent. */
export const auditQuery = z
  .object({
    actor: z.preprocess(blankIsAbsent, z.string({ message: AUDIT_MESSAGES.actorInvalid }).max(100, AUDIT_MESSAGES.actorInvalid).optional()),
    kind: z.preprocess(blankIsAbsent, z.enum(AUDIT_KINDS, { message: AUDIT_MESSAGES.kindInvalid }).optional()),
    from: z.preprocess(blankIsAbsent, bound.optional()),
    to: z.preprocess(blankIsAbsent, bound.optional()),
    limit: z.preprocess(
      blankIsAbsent,
      z.coerce
        .number({ message: AUDIT_MESSAGES.limitInvalid })
        .int(AUDIT_MESSAGES.limitInvalid)
        .min(1, AUDIT_MESSAGES.limitInvalid)
        .max(AUDIT_PAGE_MAX, AUDIT_MESSAGES.limitInvalid)
        .default(50),
    ),
    offset: z.preprocess(
      blankIsAbsent,
      z.coerce.number({ message: AUDIT_MESSAGES.offsetInvalid }).int(AUDIT_MESSAGES.offsetInvalid).min(0, AUDIT_MESSAGES.offsetInvalid).default(0),
    ),
  })
  .refine((q) => !q.from || !q.to || auditBound(q.from, 'from')!.getTime() < auditBound(q.to, 'to')!.getTime(), {
    message: AUDIT_MESSAGES.rangeInvalid,
    path: ['from'],
  });
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntry = z.object({
  _id: z.string(),
  at: z.string(),
  /** The staff member's id; null for the system's own jobs (retention). */
  actorId: z.string().nullable(),
  /** Their name when it happened. */
  actorName: z.string(),
  /** One of AUDIT_KINDS (a string, so an entry of a kind added later still reads). */
  kind: z.string(),
  recordType: z.string(),
  recordId: z.string().nullable(),
  /** The names of the fields that changed: never their values. */
  fields: z.array(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditList = z.object({ items: z.array(auditEntry), total: z.number() });
export type AuditList = z.infer<typeof auditList>;

/** The audit routes with their answers. */
export const AUDIT_ROUTES = {
  list: route('GET', AUDIT_API.list, auditList),
};

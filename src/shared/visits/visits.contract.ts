import { z } from 'zod';
import { route } from '../api-route';
import { messageAnswer } from '../api-answer';
import { safeText } from '../text-schema';
import { languageField } from '#shared/i18n/language-field';

/**
 * Site visits: each studio location offers visit slots (weekly hours, slot length, seats
 * at once, days ahead, blackout dates, in the studio's time zone); a visitor books one, and can move
 * or cancel it through a signed link; staff see them per day and on the lead.
 */
import { VISITS_API } from './visits.api';

export const VISIT_MESSAGES = {
  slotGone: 'This time has just been taken. Please choose another one of the free times below.',
  slotInvalid: 'Please choose one of the offered times.',
  studioUnknown: 'This studio does not exist.',
  studioNoSlots: 'This studio does not take visit bookings online yet.',
  tokenInvalid: 'This link is not valid or has expired. Please use the link in your latest e-mail.',
  notFound: 'This visit does not exist.',
  cancelled: 'This visit was cancelled.',
  alreadyCancelled: 'This visit is already cancelled.',
  daysInvalid: 'Please ask for 1 to 31 days, as a whole number.',
  rangeInvalid: 'Please give `from` and `to` as ISO date-times, `to` after `from`, at most 31 days apart.',
  time: 'Please enter times as HH:MM, the closing time after the opening time.',
  date: 'Dates are YYYY-MM-DD.',
  email: 'Please enter a valid e-mail address.',
  tooManyUpcoming: 'You already have two site visits booked. Please move or cancel one of them with the link in its e-mail before booking another.',
  tooManyFromAddress: 'Many site visits have been booked from this connection today. Please try again tomorrow, or call or write to us to book.',
  saved: 'Visit slots saved.',
  done: 'Visit updated.',
} as const;

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, VISIT_MESSAGES.time);
const ymd = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, VISIT_MESSAGES.date)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), VISIT_MESSAGES.date);

const dayHours = z.object({ open: z.boolean(), from: hhmm, to: hhmm }).refine((d) => !d.open || d.from < d.to, { message: VISIT_MESSAGES.time, path: ['to'] });

/** One studio's slot settings; `weeklyHours[0]` is Monday. Times are the studio's local time. */
export const slotSettingsSchema = z.object({
  enabled: z.boolean(),
  weeklyHours: z.array(dayHours).length(7),
  slotMinutes: z.number().int().min(15).max(240),
  seats: z.number().int().min(1).max(50),
  daysAhead: z.number().int().min(1).max(90),
  blackoutDates: z.array(ymd).max(366),
});
export type SlotSettings = z.infer<typeof slotSettingsSchema>;

export const DEFAULT_SLOT_SETTINGS: SlotSettings = {
  enabled: false,
  weeklyHours: WEEKDAYS.map((_, i) => ({ open: i < 6, from: '10:00', to: i === 5 ? '14:00' : '18:00' })),
  slotMinutes: 60,
  seats: 2,
  daysAhead: 14,
  blackoutDates: [],
};

export const studioSlotSettingsSchema = slotSettingsSchema.extend({ studioId: z.string(), studioName: z.string(), timeZone: z.string() });
export type StudioSlotSettings = z.infer<typeof studioSlotSettingsSchema>;

export const slotSchema = z.object({ start: z.string(), end: z.string(), studioId: z.string(), free: z.number().int() });
export type VisitSlot = z.infer<typeof slotSchema>;
export const slotListSchema = z.array(slotSchema);

const isoDateTime = z.string().datetime({ offset: true });

export const slotQuerySchema = z.object({
  studio: z.string().trim().min(1).max(100),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
});

const optionalText = (max: number) =>
  safeText()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

export const bookVisitSchema = z.object({
  slotStart: isoDateTime,
  studioId: z.string().trim().min(1).max(100),
  email: z.string().trim().max(254).email(VISIT_MESSAGES.email),
  name: optionalText(120),
  phone: optionalText(30),
  leadToken: z.string().max(2000).optional(),
  /** The page's language; the visitor's mails and manage link follow it. English if left out. */
  language: languageField,
  /** The home whose page the visit was booked from (optional): the mails, invitation and lead name it. */
  listingId: z.string().trim().min(1).max(100).optional(),
});
export type BookVisitInput = z.infer<typeof bookVisitSchema>;

/**
 * A booked visit: `manageUrl` the visitor's page to move or cancel it (on the site's address, as its
 * mails give it); `calendarPath` its .ics on this site (GET /api/visits/:id/calendar?token=), both signed.
 */
export const bookedVisitSchema = z.object({ _id: z.string(), start: z.string(), end: z.string(), manageUrl: z.string(), calendarPath: z.string() });
export type BookedVisit = z.infer<typeof bookedVisitSchema>;

/** The 409 answer: the usual error body and the next free slots. */
/** `key`: the message's catalogue key (docs/decisions/0059). */
export const slotGoneSchema = z.object({ message: z.string(), code: z.literal('SLOT_TAKEN'), key: z.string().optional(), nextSlots: slotListSchema });

export const manageTokenSchema = z.object({ token: z.string().min(1).max(2000) });
export const rescheduleSchema = manageTokenSchema.extend({ slotStart: isoDateTime });

export const VISIT_STATUSES = ['booked', 'confirmed', 'done', 'cancelled'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];
export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = { booked: 'Booked', confirmed: 'Confirmed', done: 'Done', cancelled: 'Cancelled' };

export const staffActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('confirm') }),
  z.object({ action: z.literal('done') }),
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('move'), slotStart: isoDateTime }),
]);

export const visitSchema = z.object({
  _id: z.string(),
  studioId: z.string(),
  studioName: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(VISIT_STATUSES),
  leadId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  /** The home it was booked from, as named then (optional). */
  listing: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type Visit = z.infer<typeof visitSchema>;
export const visitListSchema = z.array(visitSchema);
export const visitDayQuery = z.object({ day: ymd.optional() });

/** The longest range one upcoming call reads, in days. */
export const MAX_UPCOMING_DAYS = 31;
/** A calendar day that exists (2027-02-30 does not). */
const realDay = ymd.refine((v) => {
  const at = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(v);
}, VISIT_MESSAGES.date);
export const upcomingQuery = z.object({
  from: realDay.optional(),
  days: z
    .string({ error: VISIT_MESSAGES.daysInvalid })
    .regex(/^\d{1,2}$/, VISIT_MESSAGES.daysInvalid)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_UPCOMING_DAYS, VISIT_MESSAGES.daysInvalid)
    .optional(),
});

/**
 * Days of the studio's calendar (its time-zone setting) from `from`: each day's count of standing
 * visits (booked, confirmed, done) and of cancelled ones apart; `visits` holds every visit of the
 * range, cancelled ones too, by start. `today` is the studio's today on the app clock.
 */
export const upcomingVisitsSchema = z.object({
  from: z.string(),
  today: z.string(),
  timeZone: z.string(),
  days: z.array(z.object({ day: z.string(), count: z.number().int(), cancelled: z.number().int() })),
  visits: visitListSchema,
});
export type UpcomingVisits = z.infer<typeof upcomingVisitsSchema>;

export const visitStudioSchema = z.object({ studioId: z.string(), studioName: z.string(), timeZone: z.string(), daysAhead: z.number() });
export const visitStudioListSchema = z.array(visitStudioSchema);
export type VisitStudio = z.infer<typeof visitStudioSchema>;

/** A visit as its visitor's manage page shows it. */
export const managedVisitSchema = z.object({
  _id: z.string(),
  studioId: z.string(),
  studioName: z.string(),
  timeZone: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(VISIT_STATUSES),
});
export type ManagedVisit = z.infer<typeof managedVisitSchema>;

export const VISIT_ROUTES = {
  one: route('GET', VISITS_API.one, managedVisitSchema),
  slots: route('GET', VISITS_API.slots, slotListSchema),
  book: route('POST', VISITS_API.visits, bookedVisitSchema),
  day: route('GET', VISITS_API.visits, visitListSchema),
  upcoming: route('GET', VISITS_API.upcoming, upcomingVisitsSchema),
  studios: route('GET', VISITS_API.studios, visitStudioListSchema),
  settings: route('GET', VISITS_API.settings, studioSlotSettingsSchema),
  saveSettings: route('PUT', VISITS_API.settings, studioSlotSettingsSchema),
  cancel: route('POST', VISITS_API.cancel, bookedVisitSchema),
  reschedule: route('POST', VISITS_API.reschedule, bookedVisitSchema),
  action: route('POST', VISITS_API.staffAction, visitSchema),
  ofLead: route('GET', VISITS_API.ofLead, visitListSchema),
} as const;

export { messageAnswer };

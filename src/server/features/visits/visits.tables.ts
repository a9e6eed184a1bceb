import type { ColumnType } from 'kysely';
import type { VisitStatus } from '#shared/visits/visits.contract';
import type { Timestamp } from '#server/db/column-types';

/** One studio location's visit slot settings (the whole `SlotSettings` as JSON). */
export interface VisitSlotSettingsTable {
  studioId: string;
  data: string;
  updatedAt: Timestamp;
}

/** A booked site visit: the person, the studio and the slot; moved and cancelled in place. */
export interface VisitsTable {
  id: string;
  leadId: string;
  studioId: string;
  /** The slot's start and end (UTC instants). */
  startsAt: Timestamp;
  endsAt: Timestamp;
  status: VisitStatus;
  email: string;
  name: string | null;
  phone: string | null;
  /** RFC 5545 SEQUENCE of the invitation: raised by every move and by the cancellation. */
  sequence: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** When each reminder was claimed (null: not yet); a reminder not needed is claimed at booking. */
  remindedDayAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  remindedHoursAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  /** The page's language at booking ('en' | 'hi'): the visitor's mails and manage link follow it. */
  language: ColumnType<string, string | undefined, string>;
  /** The home the visit was booked from (its page), and its name then; null when booked without one. */
  listingId: ColumnType<string | null, string | null | undefined, string | null>;
  listingName: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who booked: a keyed hash of the client address (decision 0014), for the seats one address may hold. */
  sender: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the visitor's part went (a retry for staff's part does not send it again). */
  visitorSentAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

/**
 * The seats taken: one row per (studio, slot start, seat), its primary key. A booking inserts the
 * first free seat with ON CONFLICT DO NOTHING, so two bookings can never hold the same seat.
 */
export interface VisitSeatsTable {
  studioId: string;
  /** ISO-8601 UTC text on both databases: the key compares as text. */
  slotStart: string;
  seat: number;
  visitId: string;
}

/** The visits' own outbox: invitations, updates, cancellations and reminders still to send. */
export interface VisitMailsTable {
  id: string;
  visitId: string;
  kind: 'booked' | 'moved' | 'cancelled' | 'reminder-day' | 'reminder-hours';
  createdAt: Timestamp;
  lockedUntil: Timestamp | null;
  sentAt: Timestamp | null;
  attempts: number;
  lastError: string | null;
  /** Whose request caused the mail (keyed hash of the client address; null: staff or a reminder), for the visitor-mail limits. */
  sender: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the visitor's part went (a retry for staff's part does not send it again). */
  visitorSentAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

export interface VisitTables {
  visitSlotSettings: VisitSlotSettingsTable;
  visits: VisitsTable;
  visitSeats: VisitSeatsTable;
  visitMails: VisitMailsTable;
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import { newId } from '#server/lib/ids';
import type { InternalEventType, NotificationEventType, SubscribableEventType } from '#shared/notifications/notifications.contract';
import { eventRecordedSince as recordedSince, insertEvent, insertEvents } from './notifications.repository';

/**
 * Writes an event to the outbox. Call it inside the transaction of the write that causes it: the
 * event exists exactly when that write does, and the dispatcher delivers it at least once.
 */
export async function recordEvent(
  trx: Kysely<Database> | Transaction<Database>,
  event: { type: SubscribableEventType | InternalEventType; email: string; subjectId: string; leadId?: string | null; sender?: string | null },
  now: Date,
): Promise<void> {
  await insertEvent(trx, {
    id: newId(),
    type: event.type,
    email: event.email,
    subjectId: event.subjectId,
    leadId: event.leadId ?? null,
    sender: event.sender ?? null,
    createdAt: now,
  });
}

/** Many events of one write at once (an import's assignments): multi-row INSERTs, in the caller's transaction. */
export async function recordEvents(
  trx: Kysely<Database> | Transaction<Database>,
  events: ReadonlyArray<{
    type: SubscribableEventType | InternalEventType;
    email: string;
    subjectId: string;
    leadId?: string | null;
    sender?: string | null;
    payload?: string | null;
  }>,
  now: Date,
): Promise<void> {
  await insertEvents(
    trx,
    events.map((e) => ({
      id: newId(),
      type: e.type,
      email: e.email,
      subjectId: e.subjectId,
      leadId: e.leadId ?? null,
      sender: e.sender ?? null,
      createdAt: now,
      payload: e.payload ?? null,
    })),
  );
}

/** Whether an event of this type about this subject was recorded since `since` (a resume link's throttle). */
export const eventRecordedSince = (db: Kysely<Database>, type: NotificationEventType, subjectId: string, since: Date) =>
  recordedSince(db, type, subjectId, since);

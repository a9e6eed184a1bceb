import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '#server/db/database';
import { prepared } from '#server/db/prepared';
import type { Database } from '#server/db/schema';
import type { DeliveryChannel, DeliveryStatus, NotificationEventType } from '#shared/notifications/notifications.contract';

type Db = Kysely<Database> | Transaction<Database>;

export type NewEvent = {
  id: string;
  type: NotificationEventType;
  email: string;
  subjectId: string;
  leadId: string | null;
  sender: string | null;
  createdAt: Date;
};

const insertEventQuery = prepared<NewEvent>()((db, param) =>
  db.insertInto('notificationEvents').values({
    id: param('id'),
    type: param('type'),
    email: param('email'),
    subjectId: param('subjectId'),
    leadId: param('leadId'),
    sender: param('sender'),
    createdAt: param('createdAt'),
    payload: null,
    fannedOutAt: null,
    lockedUntil: null,
  }),
);

/** The outbox write: one row, in the caller's transaction (prepared: it runs with every lead). */
export async function insertEvent(db: Db, event: NewEvent): Promise<void> {
  await insertEventQuery.execute(db as Kysely<Database>, event);
}

/**
 * Takes up to `limit` events not yet fanned out whose lock has lapsed, and locks them until `until`.
 * On PostgreSQL the rows are chosen with FOR UPDATE SKIP LOCKED, so instances never take the same one.
 */
export function claimEvents(db: Db, dialect: Dialect, now: Date, until: Date, limit: number) {
  return db
    .updateTable('notificationEvents')
    .set({ lockedUntil: until })
    .where('id', 'in', (eb) => {
      const pick = eb
        .selectFrom('notificationEvents')
        .select('id')
        .where('fannedOutAt', 'is', null)
        .where((w) => w.or([w('lockedUntil', 'is', null), w('lockedUntil', '<', now)]))
        .orderBy('createdAt')
        .limit(limit);
      return dialect === 'postgres' ? pick.forUpdate().skipLocked() : pick;
    })
    .returning(['id', 'type', 'email', 'subjectId', 'leadId', 'createdAt'])
    .execute();
}

export type NewDelivery = {
  id: string;
  eventId: string;
  channel: DeliveryChannel;
  endpointId: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
};

const insertDeliveryQuery = prepared<NewDelivery>()((db, param) =>
  db.insertInto('notificationDeliveries').values({
    id: param('id'),
    eventId: param('eventId'),
    channel: param('channel'),
    endpointId: param('endpointId'),
    nextAttemptAt: param('nextAttemptAt'),
    createdAt: param('createdAt'),
    status: 'pending',
    lockedUntil: null,
    lastStatus: null,
    lastError: null,
    deliveredAt: null,
  }),
);

/** Records a batch of events' deliveries (and data, where built); the events are done with. */
export async function completeFanOuts(
  trx: Db,
  dialect: Dialect,
  fanned: Array<{ eventId: string; payload: string | null; deliveries: NewDelivery[] }>,
  now: Date,
): Promise<void> {
  const deliveries = fanned.flatMap((f) => f.deliveries);
  if (dialect === 'sqlite') {
    // One prepared row at a time: in the batch's transaction each runs on the connection at once,
    // where building and compiling a 200-row INSERT cost more than SQLite took to store the rows
    // (every lead's events are fanned out here). PostgreSQL keeps the round trips few.
    for (const delivery of deliveries) await insertDeliveryQuery.execute(trx as Kysely<Database>, delivery);
  } else {
    for (let i = 0; i < deliveries.length; i += 200) {
      await trx
        .insertInto('notificationDeliveries')
        .values(
          deliveries
            .slice(i, i + 200)
            .map((d) => ({ ...d, status: 'pending' as const, lockedUntil: null, lastStatus: null, lastError: null, deliveredAt: null })),
        )
        .execute();
    }
  }
  const withoutPayload = fanned.filter((f) => f.payload === null).map((f) => f.eventId);
  if (withoutPayload.length > 0) {
    await trx.updateTable('notificationEvents').set({ fannedOutAt: now, lockedUntil: null }).where('id', 'in', withoutPayload).execute();
  }
  for (const f of fanned) {
    if (f.payload === null) continue;
    await trx.updateTable('notificationEvents').set({ payload: f.payload, fannedOutAt: now, lockedUntil: null }).where('id', '=', f.eventId).execute();
  }
}

/** Like claimEvents, for deliveries that are due; each claim counts as an attempt. */
export function claimDeliveries(db: Db, dialect: Dialect, now: Date, until: Date, limit: number) {
  return db
    .updateTable('notificationDeliveries')
    .set({ lockedUntil: until, attempts: sql<number>`attempts + 1` })
    .where('id', 'in', (eb) => {
      const pick = eb
        .selectFrom('notificationDeliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('nextAttemptAt', '<=', now)
        .where((w) => w.or([w('lockedUntil', 'is', null), w('lockedUntil', '<', now)]))
        .orderBy('nextAttemptAt')
        .limit(limit);
      return dialect === 'postgres' ? pick.forUpdate().skipLocked() : pick;
    })
    .returning(['id', 'eventId', 'channel', 'endpointId', 'attempts', 'createdAt'])
    .execute();
}

/** Claimed deliveries with their event and endpoint. */
export async function withEvents(db: Db, claimed: Awaited<ReturnType<typeof claimDeliveries>>) {
  if (claimed.length === 0) return [];
  const events = await db
    .selectFrom('notificationEvents')
    .select(['id', 'type', 'email', 'subjectId', 'leadId', 'payload', 'createdAt', 'sender'])
    .where('id', 'in', [...new Set(claimed.map((c) => c.eventId))])
    .execute();
  const endpointIds = [...new Set(claimed.map((c) => c.endpointId).filter((id): id is string => id !== null))];
  const endpoints = endpointIds.length ? await db.selectFrom('webhookEndpoints').select(['id', 'url', 'secret']).where('id', 'in', endpointIds).execute() : [];
  const eventById = new Map(events.map((e) => [e.id, e]));
  const endpointById = new Map(endpoints.map((e) => [e.id, e]));
  return claimed.map((delivery) => ({
    ...delivery,
    event: eventById.get(delivery.eventId)!,
    endpoint: delivery.endpointId ? (endpointById.get(delivery.endpointId) ?? null) : null,
  }));
}

export type ClaimedDelivery = Awaited<ReturnType<typeof withEvents>>[number];

export interface DeliveryOutcome {
  id: string;
  status: DeliveryStatus;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
}

/**
 * Records what happened to a batch of deliveries (call it in one transaction): one UPDATE for each
 * distinct outcome (a pass's deliveries mostly share one: delivered, or skipped, at the same moment)
 * rather than one per delivery. The batch runs in the visitors' write transaction (db/group-commit.ts);
 * on PostgreSQL every statement there is a round trip while that transaction holds the lead
 * counters' locks.
 */
export async function recordOutcomes(trx: Db, outcomes: DeliveryOutcome[]): Promise<void> {
  const groups = new Map<string, { outcome: Omit<DeliveryOutcome, 'id'>; ids: string[] }>();
  for (const { id, ...outcome } of outcomes) {
    const key = JSON.stringify([
      outcome.status,
      outcome.lastStatus,
      outcome.lastError,
      outcome.nextAttemptAt.getTime(),
      outcome.deliveredAt?.getTime() ?? null,
    ]);
    const group = groups.get(key);
    if (group) group.ids.push(id);
    else groups.set(key, { outcome, ids: [id] });
  }
  for (const { outcome, ids } of groups.values()) {
    await trx
      .updateTable('notificationDeliveries')
      .set({ ...outcome, lockedUntil: null })
      .where('id', 'in', ids)
      .execute();
  }
}

// Webhook endpoints

export function listEndpoints(db: Db) {
  return db.selectFrom('webhookEndpoints').select(['id', 'url', 'events', 'createdAt']).orderBy('createdAt').execute();
}

/** Endpoints subscribed to an event type (events are few: filtered here rather than in SQL). */
export async function endpointsFor(db: Db, type: NotificationEventType) {
  const all = await db.selectFrom('webhookEndpoints').select(['id', 'events']).execute();
  return all.filter((endpoint) => (JSON.parse(endpoint.events) as string[]).includes(type));
}

export function findEndpoint(db: Db, id: string) {
  return db.selectFrom('webhookEndpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertEndpoint(db: Db, endpoint: { id: string; url: string; events: string[]; secret: string; createdAt: Date }): Promise<void> {
  await db
    .insertInto('webhookEndpoints')
    .values({ ...endpoint, events: JSON.stringify(endpoint.events) })
    .execute();
}

export async function deleteEndpoint(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhookEndpoints').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function listEndpointDeliveries(db: Db, endpointId: string, limit: number) {
  return db
    .selectFrom('notificationDeliveries as d')
    .innerJoin('notificationEvents as e', 'e.id', 'd.eventId')
    .select(['d.id', 'e.type', 'd.status', 'd.attempts', 'd.lastStatus', 'd.lastError', 'd.createdAt', 'd.deliveredAt', 'd.nextAttemptAt'])
    .where('d.endpointId', '=', endpointId)
    .orderBy('d.createdAt', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

/** Puts a delivery back in the queue, due now, keeping its id (so receivers can tell it is the same message). */
export async function requeueDelivery(db: Db, endpointId: string, deliveryId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('notificationDeliveries')
    .set({ status: 'pending', nextAttemptAt: now, lockedUntil: null })
    .where('id', '=', deliveryId)
    .where('endpointId', '=', endpointId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Visitor mail delivered since `since` to any of these recipients (lower case) or caused by any of
 * these senders: one row per mail, for the per-recipient and per-sender limits.
 */
export function visitorMailSince(db: Db, since: Date, recipients: string[], senders: string[]) {
  return db
    .selectFrom('notificationDeliveries as d')
    .innerJoin('notificationEvents as e', 'e.id', 'd.eventId')
    .select([sql<string>`lower(e.email)`.as('recipient'), 'e.sender'])
    .where('d.channel', '=', 'visitor_email')
    .where('d.deliveredAt', '>=', since)
    .where('d.status', '=', 'delivered')
    .where((eb) => {
      const either = [];
      if (recipients.length > 0) either.push(eb(sql<string>`lower(e.email)`, 'in', recipients));
      if (senders.length > 0) either.push(eb('e.sender', 'in', senders));
      return eb.or(either);
    })
    .execute();
}

/** One lock for every instance taking a visitor-mail place (PostgreSQL): counting and recording are one step. */
const VISITOR_MAIL_LOCK = 0x0a_b0de_14;

/** PostgreSQL: takes the visitor-mail places' lock until the transaction ends. */
export async function lockVisitorMailPlaces(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${VISITOR_MAIL_LOCK})`.execute(trx);
}

/** The places taken since `since` by these recipients (keys) or senders: one row per place. */
export function visitorMailPlaces(db: Db, since: Date, recipients: string[], senders: string[]) {
  return db
    .selectFrom('visitorMailLog')
    .select(['recipient', 'sender'])
    .where('sentAt', '>=', since)
    .where((eb) => {
      const either = [];
      if (recipients.length > 0) either.push(eb('recipient', 'in', recipients));
      if (senders.length > 0) either.push(eb('sender', 'in', senders));
      return eb.or(either);
    })
    .execute();
}

/** Records one place taken, then removes the places taken before `keepSince` (they count for nothing). */
export async function keepVisitorMailPlace(
  trx: Db,
  place: { id: string; recipient: string; sender: string | null; sentAt: Date },
  keepSince: Date,
): Promise<void> {
  await trx.insertInto('visitorMailLog').values(place).execute();
  await trx.deleteFrom('visitorMailLog').where('sentAt', '<', keepSince).execute();
}

/** Whether an event of this type about this subject was recorded since `since`. */
export async function eventRecordedSince(db: Db, type: NotificationEventType, subjectId: string, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('notificationEvents')
    .select('id')
    .where('type', '=', type)
    .where('subjectId', '=', subjectId)
    .where('createdAt', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** A test event for one endpoint, already fanned out into its one webhook delivery, in one transaction. */
export async function insertTestEvent(
  db: Kysely<Database>,
  test: { eventId: string; deliveryId: string; endpointId: string; payload: string; now: Date },
): Promise<void> {
  const { eventId, deliveryId, endpointId, payload, now } = test;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notificationEvents')
      .values({
        id: eventId,
        type: 'webhook.test',
        email: '',
        subjectId: endpointId,
        leadId: null,
        payload,
        createdAt: now,
        fannedOutAt: now,
        lockedUntil: null,
      })
      .execute();
    await trx
      .insertInto('notificationDeliveries')
      .values({
        id: deliveryId,
        eventId,
        channel: 'webhook',
        endpointId,
        status: 'pending',
        nextAttemptAt: now,
        lockedUntil: null,
        lastStatus: null,
        lastError: null,
        createdAt: now,
        deliveredAt: null,
      })
      .execute();
  });
}

/** Many events at once, 500 to a multi-row INSERT (an import's assignments), in the caller's transaction. */
export async function insertEvents(db: Db, events: ReadonlyArray<NewEvent & { payload: string | null }>): Promise<void> {
  for (let i = 0; i < events.length; i += 500) {
    await db
      .insertInto('notificationEvents')
      .values(events.slice(i, i + 500).map((e) => ({ ...e, fannedOutAt: null, lockedUntil: null })))
      .execute();
  }
}

// The person's events and deliveries (personal-data.ts): their export and erasure.

/** The lead's outbox events (oldest first) and their deliveries. */
export async function leadEventsAndDeliveries(db: Db, leadId: string) {
  const events = await db
    .selectFrom('notificationEvents')
    .select(['id', 'type', 'email', 'payload', 'createdAt'])
    .where('leadId', '=', leadId)
    .orderBy('createdAt')
    .execute();
  const ids = events.map((e) => e.id);
  const deliveries = ids.length
    ? await db.selectFrom('notificationDeliveries').select(['eventId', 'channel', 'status', 'createdAt', 'deliveredAt']).where('eventId', 'in', ids).execute()
    : [];
  return { events, deliveries };
}

/** Deletes the lead's events' deliveries, then the events. */
export async function deleteLeadEvents(trx: Db, leadId: string): Promise<void> {
  const events = trx.selectFrom('notificationEvents').select('id').where('leadId', '=', leadId);
  await trx.deleteFrom('notificationDeliveries').where('eventId', 'in', events).execute();
  await trx.deleteFrom('notificationEvents').where('leadId', '=', leadId).execute();
}

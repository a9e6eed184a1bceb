import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/database';
import type { GroupCommitter } from '#server/db/group-commit';
import type { Database } from '#server/db/schema';
import { GIVE_UP_AFTER_MS, retryDelayMs } from './backoff';
import {
  claimDeliveries,
  claimEvents,
  completeFanOuts,
  recordOutcomes,
  withEvents,
  type ClaimedDelivery,
  type DeliveryOutcome,
  type NewDelivery,
} from './notifications.repository';
import type { WebhookAttempt } from './webhook-sender';

/**
 * Claiming and retry: rows are taken with a lease (and FOR UPDATE SKIP LOCKED on PostgreSQL), so
 * several instances share the outbox without sending anything twice; a crashed instance's lease
 * lapses and another picks its rows up. A failed attempt is retried with backoff for up to 24 hours.
 */
export interface Claims {
  dialect: Dialect;
  /** Every write goes through the group committer (see DispatcherDeps.writes). */
  writes: GroupCommitter;
  /** How long a claimed row stays with this instance before another may take it. */
  lockMs: number;
  batchSize: number;
}

/** A batch of events not yet fanned out, leased to this instance. */
export function claimNewEvents(claims: Claims, now: Date) {
  return claims.writes.run((trx) => claimEvents(trx, claims.dialect, now, new Date(now.getTime() + claims.lockMs), claims.batchSize));
}

/** The events' deliveries, written in one write for the whole batch. */
export function completeFanOut(
  claims: Claims,
  fanned: Array<{ eventId: string; payload: string | null; deliveries: NewDelivery[] }>,
  now: Date,
): Promise<void> {
  return claims.writes.run((trx) => completeFanOuts(trx, claims.dialect, fanned, now));
}

/** A batch of deliveries due now, leased to this instance, each with its event; null when none was due. */
export async function claimDue(claims: Claims, db: Kysely<Database>, now: Date): Promise<ClaimedDelivery[] | null> {
  const claimed = await claims.writes.run((trx) => claimDeliveries(trx, claims.dialect, now, new Date(now.getTime() + claims.lockMs), claims.batchSize));
  if (claimed.length === 0) return null;
  return withEvents(db, claimed);
}

/** What became of the batch's deliveries, in one write. */
export function recordBatch(claims: Claims, outcomes: DeliveryOutcome[]): Promise<void> {
  return claims.writes.run((trx) => recordOutcomes(trx, outcomes));
}

/** A delivery not sent, on purpose: nothing to retry. */
export const skippedOutcome = (id: string, now: Date, lastError: string | null = null): DeliveryOutcome => ({
  id,
  status: 'skipped',
  lastStatus: null,
  lastError,
  nextAttemptAt: now,
  deliveredAt: null,
});

/** The outcome of one attempt: delivered, skipped, or failed and retried with backoff until 24 hours have passed. */
export function outcomeOf(
  delivery: ClaimedDelivery,
  attempt: WebhookAttempt | 'skipped',
  now: Date,
  random: () => number,
  log: FastifyBaseLogger,
): DeliveryOutcome {
  if (attempt === 'skipped') return skippedOutcome(delivery.id, now);
  if (attempt.ok) return { id: delivery.id, status: 'delivered', lastStatus: attempt.status, lastError: null, nextAttemptAt: now, deliveredAt: now };
  const age = now.getTime() - new Date(delivery.createdAt).getTime();
  const next = new Date(now.getTime() + retryDelayMs(delivery.attempts, random));
  const givingUp = next.getTime() - new Date(delivery.createdAt).getTime() > GIVE_UP_AFTER_MS || age > GIVE_UP_AFTER_MS;
  log.warn(
    { delivery: delivery.id, channel: delivery.channel, attempts: delivery.attempts, error: attempt.error },
    givingUp ? 'notification failed for good' : 'notification failed; will retry',
  );
  return {
    id: delivery.id,
    status: givingUp ? 'failed' : 'pending',
    lastStatus: attempt.status,
    lastError: attempt.error?.slice(0, 500) ?? null,
    nextAttemptAt: givingUp ? now : next,
    deliveredAt: null,
  };
}

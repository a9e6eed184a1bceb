import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { DEFAULT_SLOT_SETTINGS } from '#shared/visits/visits.contract';
import { listingKinds, listItems } from '#server/features/listings';
import * as repo from './visits.repository';
import { bookVisit, listSlots, type VisitContext } from './visits.service';

/**
 * Demo visit slots for every demo studio (Monday to Saturday, an hour each, two at once, two weeks
 * ahead) and one demo visit, booked through the same service as the visitors' call. Fresh data only.
 */
export async function seedDemoVisits(db: Kysely<Database>, timeZone: string, now = new Date()): Promise<void> {
  const studios = await listItems(db, listingKinds.studio);
  for (const studio of studios) {
    await repo.saveSettings(db, studio._id, JSON.stringify({ ...DEFAULT_SLOT_SETTINGS, enabled: true }), now);
  }
  const first = studios[0];
  if (!first) return;
  // The demo lead already at `visit` (seed-leads.ts): its note speaks of this visit.
  // The link in the demo's mail is never sent: the secret and address only sign it.
  const ctx: VisitContext = {
    db,
    now: () => now,
    timeZone: async () => timeZone,
    siteUrl: 'http://localhost',
    secret: 'demo',
    studio: async () => ({ name: '', email: '', address: '' }),
  };
  const slot = (await listSlots(ctx, first._id, { from: new Date(now.getTime() + 2 * 24 * 3600 * 1000).toISOString() })).find((s) => s.free > 0);
  if (!slot) return;
  await bookVisit(ctx, { slotStart: slot.start, studioId: first._id, email: 'rahul.menon@example.com', name: 'Rahul Menon', phone: '+91 98450 33445' });
}

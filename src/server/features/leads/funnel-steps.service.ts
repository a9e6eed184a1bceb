// The leads' steps of the funnel and the median time to first contact (decisions 0035 and 0063): from
// the counts kept as leads move (the answer), or from the leads themselves (the reference the kept
// counts are proved against, and what the funnel's bench times beside them).
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { leadFirstContactMedians, leadFunnelCounts, leadSourceFunnelCounts, type LeadFunnelScope, type LeadSourceScope } from './funnel-counts.repository';
import { keptFirstContactMedians, keptFunnelCounts } from './funnel-kept.repository';

type Db = Kysely<Database>;
export type { LeadFunnelScope, LeadSourceScope };
export type FunnelReading = 'kept' | 'rows';

/** Each step's count per channel (a campaign's scope) and per lead source. */
export async function funnelStepCounts(db: Db, scope: LeadFunnelScope | null, sources: LeadSourceScope | null, from: FunnelReading) {
  if (from === 'kept') return keptFunnelCounts(db, scope, sources);
  const [counts, sourceCounts] = await Promise.all([scope ? leadFunnelCounts(db, scope) : [], sources ? leadSourceFunnelCounts(db, sources) : []]);
  return { counts, sourceCounts };
}

/** The median minutes from the e-mail to the first contact, per channel, per source and in total. */
export function firstContactMedians(db: Db, scope: LeadFunnelScope | null, sources: LeadSourceScope | null, from: FunnelReading) {
  if (from === 'rows') return leadFirstContactMedians(db, scope, sources);
  // Should the kept buckets and the leads ever disagree, the medians come from the leads.
  return keptFirstContactMedians(db, scope, sources).catch(() => leadFirstContactMedians(db, scope, sources));
}

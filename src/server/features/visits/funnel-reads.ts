import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '#server/db/schema';
import type { VisitStatus } from '#shared/visits/visits.contract';

/** The funnel's "visit booked" (any state) and "visit done" (decision 0035): the lead has such a visit. */
export function leadHasVisit(db: Kysely<Database>, status?: VisitStatus) {
  return (leadId: Expression<string>): Expression<SqlBool> => {
    let query = db.selectFrom('visits').select(sql`1`.as('one')).where('visits.leadId', '=', leadId);
    if (status) query = query.where('visits.status', '=', status);
    return sql<SqlBool>`exists ${query}`;
  };
}

import { AUDIT_ROUTES } from '#shared/audit/audit.contract';
import { AUTH_ROUTES } from '#shared/auth/auth.api';
import { LISTINGS_ROUTES } from '#shared/listings/listings.api';
import { NOTIFICATIONS_ROUTES } from '#shared/notifications/notifications.contract';
import { CAMPAIGNS_ROUTES } from '#shared/surveys/campaigns.api';
import { api } from '#web/lib/api-client';

export type { StaffMember } from '#shared/auth/auth.contract';

export interface AuditFilters {
  actor?: string;
  kind?: string;
  from?: string;
  to?: string;
}

export function fetchAudit(filters: AuditFilters, page: { limit: number; offset: number }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  params.set('limit', String(page.limit));
  params.set('offset', String(page.offset));
  return api.call(AUDIT_ROUTES.list, { query: params });
}

/** The people to filter by (names and ids). */
export const fetchStaffList = () => api.call(AUTH_ROUTES.staff);

/** `recordType:recordId`, the key of a record's name. */
export const recordKey = (type: string, id: string) => `${type}:${id}`;

/**
 * The names of the records the entries name (campaigns, listings, staff, webhooks), read from their
 * own lists for the types present: the log keeps ids only (never values), the page shows what they
 * are called now. A person's lead stays an id (a link to the lead): the log names no visitor. A list
 * that cannot be read leaves its ids as they are.
 */
export async function fetchRecordNames(types: ReadonlySet<string>, staff: ReadonlyArray<{ id: string; name: string }>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const add = (type: string, items: Array<{ _id: string; name: string }>) => {
    for (const item of items) if (item.name) names.set(recordKey(type, item._id), item.name);
  };
  if (types.has('staff'))
    add(
      'staff',
      staff.map((member) => ({ _id: member.id, name: member.name })),
    );
  const reads: Array<Promise<void>> = [];
  if (types.has('campaign'))
    reads.push(
      api.call(CAMPAIGNS_ROUTES.all).then((list) =>
        add(
          'campaign',
          list.map((c) => ({ _id: c._id, name: c.name })),
        ),
      ),
    );
  if (types.has('project'))
    reads.push(
      api.call(LISTINGS_ROUTES.project.list).then((list) =>
        add(
          'project',
          list.map((p) => ({ _id: p._id, name: p.name })),
        ),
      ),
    );
  if (types.has('product'))
    reads.push(
      api.call(LISTINGS_ROUTES.product.list).then((list) =>
        add(
          'product',
          list.map((p) => ({ _id: p._id, name: p.productname })),
        ),
      ),
    );
  if (types.has('studio'))
    reads.push(
      api.call(LISTINGS_ROUTES.studio.list).then((list) =>
        add(
          'studio',
          list.map((s) => ({ _id: s._id, name: s.title })),
        ),
      ),
    );
  if (types.has('webhook'))
    reads.push(
      api.call(NOTIFICATIONS_ROUTES.webhooks).then((list) =>
        add(
          'webhook',
          list.map((w) => ({ _id: w._id, name: w.url })),
        ),
      ),
    );
  await Promise.allSettled(reads);
  return names;
}

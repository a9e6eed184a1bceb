import type { Kysely } from 'kysely';
import type { Today } from '#shared/dashboard/today.contract';
import { paths } from '#shared/paths';
import type { Database } from '#server/db/schema';
import { countUnreadContactMessages } from '#server/features/contact';
import { waitingLeadCounts } from '#server/features/leads';
import { standingVisitsTodayAndTomorrow } from '#server/features/visits';

/** The lists each figure opens: the pages' own filters (the leads inbox, a day's visits, the contact table). */
export const TODAY_LINKS = {
  newLeads: `${paths.leads}?status=new`,
  overdueLeads: `${paths.leads}?overdue=true`,
  visitsOn: (day: string) => `${paths.visits}?day=${day}`,
  unreadMessages: `${paths.contactResponses}?unread=1`,
} as const;

/**
 * The dashboard's "Today" panel: each figure is counted by the room that owns it, with its own
 * definition (overdue as the leads inbox filters it, visits as the morning digest counts them), at
 * `now` on the studio's clock.
 */
export async function todayFigures(db: Kysely<Database>, timeZone: string, now: Date): Promise<Today> {
  const [leads, visits, unread] = await Promise.all([
    waitingLeadCounts(db, now),
    standingVisitsTodayAndTomorrow(db, timeZone, now),
    countUnreadContactMessages(db),
  ]);
  return {
    newLeads: { count: leads.new, link: TODAY_LINKS.newLeads },
    overdueLeads: { count: leads.overdue, link: TODAY_LINKS.overdueLeads },
    visitsToday: { ...visits.today, link: TODAY_LINKS.visitsOn(visits.today.day) },
    visitsTomorrow: { ...visits.tomorrow, link: TODAY_LINKS.visitsOn(visits.tomorrow.day) },
    unreadMessages: { count: unread, link: TODAY_LINKS.unreadMessages },
    generatedAt: now.toISOString(),
  };
}

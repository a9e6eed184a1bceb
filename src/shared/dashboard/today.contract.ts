import { z } from 'zod';

/** One figure of the panel: how many, and the staff page (path and query) that lists them. */
const figure = z.object({ count: z.number().int().nonnegative(), link: z.string() });
/** A day's figure also names the day (YYYY-MM-DD on the studio's clock). */
const dayFigure = figure.extend({ day: z.string() });

/**
 * The "Today" panel above the campaign cards: new leads (status new: nobody has contacted them yet),
 * overdue leads (the inbox's own overdue filter), the site visits still to happen today and tomorrow
 * on the studio's clock (booked or confirmed, as the morning digest counts them) and the contact
 * messages no staff member has opened yet.
 */
export const todaySchema = z.object({
  newLeads: figure,
  overdueLeads: figure,
  visitsToday: dayFigure,
  visitsTomorrow: dayFigure,
  unreadMessages: figure,
  /** ISO 8601: the app clock when the counts were taken. */
  generatedAt: z.string(),
});
export type Today = z.infer<typeof todaySchema>;

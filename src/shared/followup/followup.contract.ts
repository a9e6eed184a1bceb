import { z } from 'zod';

const figures = {
  /** Every lead that came in (with a first-contact target). */
  leads: z.number().int(),
  /** Of them, not contacted and not yet due: neither in nor past the target yet. */
  waiting: z.number().int(),
  contacted: z.number().int(),
  withinTarget: z.number().int(),
  /** withinTarget / (leads − waiting), 0–1; null while none is decided. */
  shareWithinTarget: z.number().nullable(),
  /** Median working minutes from creation to first contact, over the contacted; null when none. */
  medianMinutes: z.number().nullable(),
};

export const firstContactQuery = z.object({ weeks: z.coerce.number().int().min(1).max(52).default(8) });

export const firstContactFigures = z.object({
  targetMinutes: z.number().int(),
  timeZone: z.string(),
  byPerson: z.array(z.object({ staffId: z.string().nullable(), name: z.string(), ...figures })),
  /** Weeks by their Monday (studio calendar), oldest first. */
  byWeek: z.array(z.object({ week: z.string(), ...figures })),
});
export type FirstContactFigures = z.infer<typeof firstContactFigures>;

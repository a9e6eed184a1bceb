import { z } from 'zod';
import { messageAnswer } from '#shared/api-answer';
import { apiPath } from '#shared/api-path';
import { route } from '#shared/api-route';

/** Going live (owners): what is still demo content, and removing all of it in one step. */
export const DEMO_API = {
  /** GET: how much demo content is left; DELETE: remove it. */
  demo: apiPath('/api/demo'),
} as const;

export const demoCounts = z.object({
  listings: z.number().int(),
  campaigns: z.number().int(),
  staff: z.number().int(),
  leads: z.number().int(),
});
export type DemoCounts = z.infer<typeof demoCounts>;

export const demoRemoved = messageAnswer.extend({
  removed: demoCounts,
  /** Sentences naming what stayed and why (a demo survey real people have answered). */
  kept: z.array(z.string()),
});
export type DemoRemoved = z.infer<typeof demoRemoved>;

export const DEMO_ROUTES = {
  counts: route('GET', DEMO_API.demo.pattern, demoCounts),
  remove: route('DELETE', DEMO_API.demo.pattern, demoRemoved),
};

export const DEMO_MESSAGES = {
  removed: 'The demo content has been removed.',
  nothing: 'There is no demo content left.',
  campaignKept: (name: string) => `The survey "${name}" stays: real visitors have answered it. Deactivate it on the Surveys page instead.`,
} as const;

import { z } from 'zod';

/** The answer of a route that only confirms: `{ message }`, the text a person reads. */
export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

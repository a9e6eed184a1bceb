import { z } from 'zod';
import { hasNul, NUL_MESSAGE } from './text-rules';

/**
 * The string primitive of every contract: `z.string` that refuses the NUL character (see
 * text-rules.ts). Contracts build their text fields on it instead of `z.string` directly.
 */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasNul(value), { message: NUL_MESSAGE, abort: true });
}

/** Retries stop once a delivery is this old: it is then marked failed. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 20_000;
const LONGEST_WAIT_MS = 60 * 60 * 1000;

/**
 * Exponential backoff with jitter: after the nth failed attempt, wait between half and all of
 * 20 s × 2^(n−1), at most an hour. The first retry comes within 10–20 s.
 */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

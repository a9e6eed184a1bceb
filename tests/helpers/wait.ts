/**
 * Resolves once `condition` holds, checking every `intervalMs`; fails after `timeoutMs` naming what
 * it waited for. Tests wait on conditions, never on fixed sleeps.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  { intervalMs = 10, what = 'condition' }: { intervalMs?: number; what?: string } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

// Work that may be a long task on a slow phone, kept for when the visitor is not typing or tapping:
// a key that arrives during such a task waits for all of it (docs/decisions/0031, 0079).

/** Runs `then` once the visitor has paused (no key, input or tap for a while) and the browser is idle. */
export function whenQuiet(then: () => void): () => void {
  const QUIET_MS = 600;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const events = ['keydown', 'input', 'pointerdown'] as const;
  const stop = () => {
    clearTimeout(timer);
    if (idle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    for (const type of events) window.removeEventListener(type, wait, true);
  };
  const run = () => {
    stop();
    then();
  };
  function wait() {
    clearTimeout(timer);
    if (idle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    idle = undefined;
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: 2_000 });
      else run();
    }, QUIET_MS);
  }
  for (const type of events) window.addEventListener(type, wait, { capture: true, passive: true });
  wait();
  return stop;
}

// Keys typed into a server-rendered page before React has finished hydrating it (docs/decisions/0067).
// React answers a discrete event (a key, an input) that reaches a tree it has not finished hydrating
// by hydrating all that is left of it at once, inside that event's handler, effects included: on a
// 4×-slowed phone a key of 100–500 ms, the very thing the transition hydration (start-landing.tsx)
// was there to avoid. Until the hydration has committed, these events are kept from React: the
// browser types into the plain, server-rendered field as it would without script, and the page's
// fields take what was typed once hydrated (text-field.tsx); the next key after that reaches React.

/** The keyboard and text events React hydrates for at once (its discrete, replayable events). */
const TYPING_EVENTS = ['keydown', 'keypress', 'keyup', 'input', 'textInput', 'compositionstart', 'compositionend'] as const;

/**
 * Keeps typing inside `container` from React until the returned function is called (once hydrated).
 * Listeners on the window's capture phase run before React's own, which are on the container.
 */
export function holdTypingUntilHydrated(container: Element): () => void {
  const hold = (event: Event) => {
    if (event.target instanceof Node && container.contains(event.target)) event.stopPropagation();
  };
  for (const type of TYPING_EVENTS) window.addEventListener(type, hold, { capture: true });
  return () => {
    for (const type of TYPING_EVENTS) window.removeEventListener(type, hold, { capture: true });
  };
}

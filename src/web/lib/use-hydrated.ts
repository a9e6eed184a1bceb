import { useEffect, useState, useSyncExternalStore } from 'react';

/*
 * Two questions, two hooks:
 * - useHydrated: "may this form be submitted by the app yet?" False on the server, during hydration
 *   and on the first render of every mount; true from the effect on.
 * - useClientRender: "is this render in the browser, after hydration?" False on the server and
 *   during hydration; true at once on a client-side navigation, with no extra render (a page that
 *   shows browser-only content, such as the survey runner, renders it in its first render).
 */

/**
 * False in the server's HTML and during hydration, true once React runs the component. A server-rendered
 * form disables its submit button until then: submitted natively, it would reload the page with the
 * fields in the address.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  // Deliberately a state update in an effect (not useSyncExternalStore, whose switch is a separate
  // synchronous render): it lands in the same render as the fields' own post-hydration updates
  // (TextField), so the button is never enabled before the form holds what the visitor typed.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

const noSubscription = () => () => {};

/** False while rendering on the server and during hydration, true in any later render in the browser. */
export function useClientRender(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

import { useEffect, useState } from 'react';

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

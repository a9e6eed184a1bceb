import { useRevalidator } from 'react-router';

/** Loads the page's data again through its loader (after a change, or on Reload / Try again). */
export function usePageReload(): { reload: () => Promise<void>; reloading: boolean } {
  const revalidator = useRevalidator();
  return { reload: () => revalidator.revalidate(), reloading: revalidator.state === 'loading' };
}

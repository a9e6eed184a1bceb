import { useCallback } from 'react';

/**
 * Moves keyboard focus once the edit has rendered: when a row moves, is duplicated or disappears,
 * focus follows the element instead of falling back to the top of the page. React commits the
 * update of a click or key press before the next frame, so two frames later the target exists.
 */
export function useFocusRequest(): (selector: string) => void {
  return useCallback((selector: string) => {
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const target = document.querySelector<HTMLElement>(selector);
        if (!target || (target as HTMLButtonElement).disabled) return;
        // Scroll only as far as needed to show it, not to the top of the page.
        target.focus({ preventScroll: true });
        target.scrollIntoView({ block: 'nearest' });
      }),
    );
  }, []);
}

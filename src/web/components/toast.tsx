import { useEffect } from 'react';
import './toast.css';

/** SPEC.md §9: toasts last 1 to 2 s. */
export const TOAST_DURATION_MS = 2000;

/**
 * A short message at the top of the window, announced at once (role="alert"). It closes itself
 * after `durationMs`; give it a new `key` to show the same text again.
 */
export function Toast({
  tone,
  children,
  onClose,
  durationMs = TOAST_DURATION_MS,
}: {
  tone: 'error' | 'success';
  children: string;
  onClose: () => void;
  durationMs?: number;
}) {
  useEffect(() => {
    const timer = window.setTimeout(onClose, durationMs);
    return () => window.clearTimeout(timer);
  }, [onClose, durationMs]);

  return (
    <div className="toast-region">
      <div className={`toast toast--${tone}`} role="alert">
        <span className="toast__dot" aria-hidden="true" />
        <span>{children}</span>
        <button type="button" className="toast__close" aria-label="Dismiss" onClick={onClose}>
          ×
        </button>
      </div>
    </div>
  );
}

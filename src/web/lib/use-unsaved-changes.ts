import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving with unsaved changes: an antd confirm for in-app navigation (a session that
 * ends on a 401 goes to the login page this way too, so what was typed is never lost silently), the
 * browser's own prompt for reloads and closing the tab. `allowNextNavigation` lets a save navigate
 * away. `what` names what is being edited ("this campaign").
 */
export function useUnsavedChangesPrompt(dirty: boolean, what = 'this campaign'): { allowNextNavigation: () => void } {
  const { modal } = App.useApp();
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
    return dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search);
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = modal.confirm({
      title: 'Leave without saving?',
      content: `Your changes to ${what} have not been saved and will be lost.`,
      okText: 'Leave without saving',
      okButtonProps: { danger: true },
      cancelText: 'Stay here',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    return () => dialog.destroy();
  }, [blocker, modal, what]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    allowNextNavigation: () => {
      allowed.current = true;
    },
  };
}

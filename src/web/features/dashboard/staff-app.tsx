// antd's <App> for the staff pages (message, modal and notification through App.useApp()), with its
// three parts loaded when first needed: a staff member's first click or key, or a page's first call.
// antd's <App> brings them with it, about 20 KB gzip that the first view of /dashboard, the campaign
// cards, does not show (bench/bundles.ts). The wrapper keeps <App>'s element, classes and styles.
import { ConfigProvider } from 'antd';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import { useCallback, useContext, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { AppParts } from './staff-app-parts';

type Parts = ComponentType<{ onReady: (api: useAppProps) => void }>;

let partsModule: Promise<{ AppParts: typeof AppParts }> | undefined;
const loadParts = () => (partsModule ??= import('./staff-app-parts'));

/**
 * `message`, `modal` and `notification` of `App.useApp()` (or `useStaffApp()`), each call made once
 * the parts are there. A call answers nothing: staff pages use none of what antd's calls return
 * (a message's close function, a modal's handle).
 */
function deferred<K extends keyof useAppProps>(part: K, whenReady: (call: (api: useAppProps) => void) => void): useAppProps[K] {
  return new Proxy({} as useAppProps[K], {
    get:
      (_target, name) =>
      (...args: unknown[]) => {
        whenReady((api) => (api[part] as unknown as Record<string | symbol, (...a: unknown[]) => unknown>)[name]!(...args));
      },
  });
}

/** What pages call for messages and confirmations: App.useApp() without importing antd's <App>. */
export function useStaffApp(): useAppProps {
  return useContext(AppContext);
}

export function StaffApp({ children }: { children: ReactNode }) {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefix);
  const [parts, setParts] = useState<{ Parts: Parts } | null>(null);
  const api = useRef<useAppProps | null>(null);
  const waiting = useRef<Array<(api: useAppProps) => void>>([]);

  const value = useMemo<useAppProps>(() => {
    const load = () => void loadParts().then(({ AppParts }) => setParts((current) => current ?? { Parts: AppParts }));
    const whenReady = (call: (api: useAppProps) => void) => {
      if (api.current) return call(api.current);
      waiting.current.push(call);
      load();
    };
    return { message: deferred('message', whenReady), modal: deferred('modal', whenReady), notification: deferred('notification', whenReady) };
  }, []);

  // The first click or key press fetches the parts, so that the answer to it shows without a wait.
  useEffect(() => {
    const load = () => void loadParts().then(({ AppParts }) => setParts((current) => current ?? { Parts: AppParts }));
    document.addEventListener('pointerdown', load, { once: true, capture: true });
    document.addEventListener('keydown', load, { once: true, capture: true });
    return () => {
      document.removeEventListener('pointerdown', load, { capture: true });
      document.removeEventListener('keydown', load, { capture: true });
    };
  }, []);

  const onReady = useCallback((ready: useAppProps) => {
    api.current = ready;
    for (const call of waiting.current.splice(0)) call(ready);
  }, []);

  return (
    <AppContext.Provider value={value}>
      <div className={[hashId, prefix, cssVarCls, direction === 'rtl' ? `${prefix}-rtl` : ''].filter(Boolean).join(' ')}>
        {/* A fixed place before the page, as antd's <App> puts its holders: the page is not mounted again when they arrive. */}
        {parts ? <parts.Parts onReady={onReady} /> : null}
        {children}
      </div>
    </AppContext.Provider>
  );
}

// antd's <App> for the staff pages (message, modal and notification through App.useApp()), with its
// three parts loaded when first needed: a staff member's first click or key, or a page's first call.
// antd's <App> brings them with it, about 20 KB gzip that the first view of /dashboard, the campaign
// cards, does not show (bench/bundles.ts). The wrapper keeps <App>'s element, classes and styles.
import { ConfigProvider } from 'antd';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import { useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { AppParts } from './staff-app-parts';

type Parts = ComponentType<{ onReady: (api: useAppProps) => void }>;

let partsModule: Promise<{ AppParts: typeof AppParts }> | undefined;
const loadParts = () => (partsModule ??= import('./staff-app-parts'));

/**
 * `message`, `modal` and `notification` of `App.useApp()` (or `useStaffApp()`), each call made once
 * the parts are there. A call answers a handle whose `destroy` and `update` reach the real one when it
 * exists (a confirm closed before the parts came is never shown): `useUnsavedChangesPrompt` closes its
 * confirm when the navigation it asked about is settled.
 */
function deferred<K extends keyof useAppProps>(part: K, whenReady: (call: (api: useAppProps) => void) => void): useAppProps[K] {
  return new Proxy({} as useAppProps[K], {
    get:
      (_target, name) =>
      (...args: unknown[]) => {
        let handle: { destroy?: () => void; update?: (...a: unknown[]) => void } | undefined;
        let destroyed = false;
        whenReady((api) => {
          if (destroyed) return;
          handle = (api[part] as unknown as Record<string | symbol, (...a: unknown[]) => typeof handle>)[name]!(...args);
        });
        return {
          destroy: () => {
            destroyed = true;
            handle?.destroy?.();
          },
          update: (...update: unknown[]) => handle?.update?.(...update),
        };
      },
  });
}

/** What pages call for messages and confirmations: App.useApp() without importing antd's <App>. */
export function useStaffApp(): useAppProps {
  return useContext(AppContext);
}

/** The context's value, whose calls wait for the parts (loaded by `load`), and what the parts call once mounted. */
function deferredApp(load: () => void): { value: useAppProps; ready: (api: useAppProps) => void } {
  let api: useAppProps | null = null;
  const waiting: Array<(api: useAppProps) => void> = [];
  const whenReady = (call: (api: useAppProps) => void) => {
    if (api) return call(api);
    waiting.push(call);
    load();
  };
  return {
    value: { message: deferred('message', whenReady), modal: deferred('modal', whenReady), notification: deferred('notification', whenReady) },
    ready: (ready) => {
      api = ready;
      for (const call of waiting.splice(0)) call(ready);
    },
  };
}

export function StaffApp({ children }: { children: ReactNode }) {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefix);
  const [parts, setParts] = useState<{ Parts: Parts } | null>(null);
  const [app] = useState(() => deferredApp(() => void loadParts().then(({ AppParts }) => setParts((current) => current ?? { Parts: AppParts }))));

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

  return (
    <AppContext.Provider value={app.value}>
      <div className={[hashId, prefix, cssVarCls, direction === 'rtl' ? `${prefix}-rtl` : ''].filter(Boolean).join(' ')}>
        {/* A fixed place before the page, as antd's <App> puts its holders: the page is not mounted again when they arrive. */}
        {parts ? <parts.Parts onReady={app.ready} /> : null}
        {children}
      </div>
    </AppContext.Provider>
  );
}

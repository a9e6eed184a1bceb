// A channel's survey alone, inside another site's frame (decision 0034, README "Embedding a survey on
// another site"): `/embed/<code>` and `/hi/embed/<code>`, without the site's header and footer. The
// visitor's whole journey stays in the frame (`/embed/<code>/survey`, `/embed/<code>/result`) and
// depends on no cookie: the survey's state travels in the frame's history and the tab's storage, the
// API needs none. The frame tells the host page its height (embed.js sizes the iframe) and, once the
// response is stored, `abode:completed`.
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { data, isRouteErrorResponse, Outlet, useLoaderData, useRouteError, type LoaderFunctionArgs } from 'react-router';
import { CHANNEL_ROUTES } from '#shared/channels/channels.api';
import { EMBED_COMPLETED, EMBED_RESIZE, type EmbedCompletedMessage, type EmbedResizeMessage } from '#shared/channels/embed';
import { embedPaths } from '#shared/paths';
import { splitLanguage } from '#shared/i18n/languages';
import { api, ApiError } from '#web/lib/api-client';
import { siteLoader, SiteSettingsProvider } from '#web/lib/site-settings';
import { JourneyPathsProvider, type JourneyPaths } from '#web/features/responses';
import { NotFound } from '#web/features/site';
import './embed.css';

export async function loader(args: LoaderFunctionArgs) {
  const { language } = splitLanguage(new URL(args.request.url).pathname);
  const channel = api
    .call(CHANNEL_ROUTES.link, { params: [args.params.code ?? ''], query: `lang=${language}`, signal: args.request.signal })
    .catch((error: unknown) => {
      // No channel has this code: the not-found page, with status 404 (the server answers 404 too).
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data('Not found', { status: 404 });
      throw error;
    });
  const [site, link] = await Promise.all([siteLoader(args), channel]);
  return { site, channel: link };
}

/**
 * The host page's origin when the frame knows it (Chromium and Safari list the frame's ancestors; else
 * the address the frame was opened from), or null. The frame-ancestors policy has already checked it.
 */
function hostOrigin(): string | null {
  const ancestors = window.location.ancestorOrigins as DOMStringList | undefined;
  const first = ancestors && ancestors.length > 0 ? ancestors.item(0) : null;
  if (first && first !== 'null') return first;
  try {
    const origin = document.referrer ? new URL(document.referrer).origin : null;
    return origin && origin !== window.location.origin && origin !== 'null' ? origin : null;
  } catch {
    return null;
  }
}

/** Posts a message to the host page: to its origin when known, else to any (the messages carry no personal data). */
function postToHost(message: EmbedResizeMessage | EmbedCompletedMessage): void {
  if (window.parent === window) return;
  window.parent.postMessage(message, hostOrigin() ?? '*');
}

/** Tells the host page the frame's content height whenever it changes (embed.js sizes the iframe to it). */
function useFrameHeight(element: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const target = element.current;
    if (!target || window.parent === window || typeof ResizeObserver !== 'function') return;
    let sent = 0;
    const send = () => {
      // The content's own height (not the document's, which is at least the frame's): the frame can shrink too.
      const height = Math.ceil(target.getBoundingClientRect().height);
      if (height > 0 && height !== sent) {
        sent = height;
        postToHost({ type: EMBED_RESIZE, height });
      }
    };
    const observer = new ResizeObserver(send);
    observer.observe(target);
    send();
    return () => observer.disconnect();
  }, [element]);
}

export function Component() {
  const { site, channel } = useLoaderData<typeof loader>();
  const main = useRef<HTMLElement>(null);
  useFrameHeight(main);
  const journey = useMemo<JourneyPaths>(
    () => ({
      ...embedPaths(channel.code),
      embedded: true,
      onCompleted: (language) => postToHost({ type: EMBED_COMPLETED, channel: channel.code, language }),
    }),
    [channel.code],
  );
  return (
    <SiteSettingsProvider value={site}>
      <JourneyPathsProvider value={journey}>
        <main id="main" ref={main} tabIndex={-1} className="embed">
          {/* A frame's page, not one for search engines (its channel's short link is). */}
          <meta name="robots" content="noindex" />
          <Outlet />
        </main>
      </JourneyPathsProvider>
    </SiteSettingsProvider>
  );
}

/** A code no channel has is the not-found page (status 404 from the server); anything else, the site's error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}

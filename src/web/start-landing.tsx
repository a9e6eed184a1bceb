// The landing page's start (`/`, `/hi/`), chosen by main.tsx when the server rendered the page with
// src/web/app/landing-island.tsx: React and the page, without React Router and the other pages (the
// first-view script budget of decision 0026). The app itself (start-app.tsx) is fetched
// with the survey's files once the page is idle, and imported when the visitor starts the survey.
import { startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { loadCatalogue } from '#shared/i18n/catalogues';
import { splitLanguage } from '#shared/i18n/languages';
import { LandingIsland } from './app/landing-island';
import { setRouterImport } from './lib/page-preload';
import { holdTypingUntilHydrated } from './lib/typing-before-hydration';
import { CHANNEL_LINK_ROUTE_ID, SITE_ROUTE_ID, type SiteContext } from './lib/site-settings';
import type { ChannelLink } from '#shared/channels/channels.contract';
import type { NavigateOptions } from './lib/site-nav';
import type { LandingPage } from './start-app';

interface ServerData {
  loaderData: Record<string, unknown>;
}

const importApp = () => import('./start-app');

export async function startLanding(): Promise<void> {
  const container = document.getElementById('root')!;
  const data = JSON.parse(document.getElementById('__abode_data')!.textContent!) as ServerData;
  const site = data.loaderData[SITE_ROUTE_ID] as SiteContext;
  // A channel's short link (`/s/<code>`): its campaign's landing page (README "Channels").
  const channel = data.loaderData[CHANNEL_LINK_ROUTE_ID] as ChannelLink | undefined;
  const { language, path } = splitLanguage(window.location.pathname);
  const messages = await loadCatalogue(language);
  const page: LandingPage = { language, messages, site };
  // The survey's page is preloaded through the router's own import (survey-preload.ts): the router
  // is the app's, imported on the visitor's first sign of intent, and made ready for the hand-over.
  setRouterImport(() => importApp().then((app) => app.prepareTakeOver(page)));
  const location = { pathname: path, search: window.location.search, key: 'default' };
  let root: Root | null = null;
  // The visitor leaves the landing page inside the app (a link, or the survey with its start as
  // history state): the app's router takes over the page (start-app.tsx takeOver).
  const navigate = (to: string, options?: NavigateOptions) => importApp().then((app) => app.takeOver(root!, page, to, options));
  // As a transition, as the app's own hydration (start-app.tsx): the browser is answered in between,
  // and a key typed meanwhile does not make React finish it inside the key's handler (decision 0067).
  const release = holdTypingUntilHydrated(container);
  startTransition(() => {
    root = hydrateRoot(
      container,
      <LandingIsland language={language} messages={messages} site={site} location={location} navigate={navigate} channel={channel} onHydrated={release} />,
    );
  });
}

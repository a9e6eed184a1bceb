// Issue 17, "a survey that opens at once": what the click on "Choose Your Lifestyle" needs is fetched
// while the visitor is still on the landing page, in two steps that cost the page nothing it shows:
// - once the page is idle, the runner's files (SurveyJS, about 420 KB gzip with its stylesheet) are
//   fetched into the HTTP cache as <link rel="prefetch">, without running them: the server lists them
//   (meta abode-prefetch, src/server/features/pages/page-renderer.ts). Running SurveyJS's modules there
//   would be a long task (~200 ms on a 4×-slowed phone) while the visitor may be scrolling.
// - when the visitor shows intent (focus on the e-mail field, or the click itself), the runner's module
//   is imported — through the router's own import, so /startsurvey renders without waiting — and the
//   active campaign is fetched.
// The home page's first view (bench/bundles.ts) and Lighthouse do not change: both end before idle.
import type { ActiveCampaign } from '../../../shared/campaigns/campaigns.contract';
import { preloadPage } from '../../app/routes';
import { fetchActiveCampaign } from './campaigns-api';

/** The performance mark set when the fetching starts: bench/bundles.ts counts what comes after it apart. */
export const SURVEY_PRELOAD_MARK = 'abode:survey-preload';

let started = false;
function markStart(): void {
  if (started) return;
  started = true;
  performance.mark(SURVEY_PRELOAD_MARK);
}

let prefetched = false;

/** Fetches the runner's files into the HTTP cache, without running them (once). */
export function prefetchSurveyRunnerFiles(): void {
  const list = document.querySelector<HTMLMetaElement>('meta[name="abode-prefetch"]')?.content.split(' ').filter(Boolean) ?? [];
  if (prefetched || list.length === 0) return;
  prefetched = true;
  markStart();
  for (const href of list) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    link.crossOrigin = ''; // as the module scripts and Vite's stylesheet links will ask for them
    document.head.append(link);
  }
}

/** Calls `prefetchSurveyRunnerFiles` once the browser is idle; returns the cancel. */
export function prefetchSurveyRunnerWhenIdle(): () => void {
  if (typeof requestIdleCallback === 'function') {
    // The timeout: a page that never goes idle (a busy phone) still gets them, a little later.
    const id = requestIdleCallback(prefetchSurveyRunnerFiles, { timeout: 5_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(prefetchSurveyRunnerFiles, 2_000); // Safari has no requestIdleCallback
  return () => clearTimeout(id);
}

let runner: Promise<unknown> | null = null;

/**
 * Imports the runner through the router's own import (src/web/app/routes.tsx), once: when the visitor
 * goes to /startsurvey its module is already evaluated and its stylesheets linked.
 */
export function preloadSurveyRunner(): void {
  if (runner) return;
  markStart();
  runner = preloadPage('campaigns/start-survey-page.tsx').catch(() => {
    // Offline, or a deploy replaced the chunks: the navigation loads (or reports) it again.
    runner = null;
  });
}

/** A campaign fetched ahead is used for this long; after it, the click asks again. */
const CAMPAIGN_FRESH_MS = 2 * 60_000;
let campaign: { at: number; request: Promise<ActiveCampaign | null> } | null = null;

/** Fetches the active campaign ahead of the click (once while it is fresh). */
export function prefetchActiveCampaign(): void {
  if (campaign && Date.now() - campaign.at < CAMPAIGN_FRESH_MS) return;
  const request = fetchActiveCampaign();
  request.catch(() => {
    if (campaign?.request === request) campaign = null; // the click asks again
  });
  campaign = { at: Date.now(), request };
}

/** The active campaign: the one fetched ahead when it is fresh and arrived, else asked now. */
export async function activeCampaign(): Promise<ActiveCampaign | null> {
  const ahead = campaign && Date.now() - campaign.at < CAMPAIGN_FRESH_MS ? campaign.request : null;
  campaign = null; // used once: a second click (after an error) asks again
  if (ahead) {
    try {
      return await ahead;
    } catch {
      // fall through: ask again, and let that answer's error be the one shown
    }
  }
  return fetchActiveCampaign();
}

// "a survey that opens at once": what the click on "Choose Your Lifestyle" needs is fetched
// while the visitor is still on the landing page, in two steps that cost the page nothing it shows:
// - once the page is idle, the runner's files (SurveyJS, about 420 KB gzip with its stylesheet) are
//   fetched into the HTTP cache as <link rel="prefetch">, without running them: the server lists them
//   (meta abode-prefetch, src/server/features/pages/page-renderer.ts). Running SurveyJS's modules there
//   would be a long task (~200 ms on a 4×-slowed phone) while the visitor may be scrolling.
// - when the visitor shows intent (focus on the e-mail field, or the click itself), the runner's module
//   is imported — through the router's own import, so /startsurvey renders without waiting — and the
//   active campaign is fetched.
// The home page's first view (bench/bundles.ts) and Lighthouse do not change: both end before idle.
// This module is itself loaded then (landing-page.tsx), which sets the mark the bundle bench reads.
import type { ActiveCampaign } from '#shared/surveys/campaigns.contract';
import type { Language } from '#shared/i18n/languages';
import { loadLocaleAhead } from '#web/lib/locale-ahead';
import { preloadPage, preloadRouter } from '#web/lib/page-preload';
import { addEmail, fetchActiveCampaign } from './campaigns-api';
import { recordEmailAhead, type EmailExtras } from './email-record';
import type { SurveyStart } from './journey-state';
import type * as RunnerModule from './start-survey-page';

let prefetched = false;

/**
 * Fetches the runner's files into the HTTP cache, without running them (once). One link a task: the
 * fifteen links at once were a task of ~110 ms on a 4×-slowed phone, which a key typed in the e-mail
 * field waited for (docs/decisions/0031).
 */
export function prefetchSurveyRunnerFiles(): void {
  const list = document.querySelector<HTMLMetaElement>('meta[name="abode-prefetch"]')?.content.split(' ').filter(Boolean) ?? [];
  if (prefetched || list.length === 0) return;
  prefetched = true;
  const next = () => {
    const href = list.shift();
    if (href === undefined) return;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    link.crossOrigin = ''; // as the module scripts and Vite's stylesheet links will ask for them
    document.head.append(link);
    // A task of its own (a key waiting is taken first), not an idle moment: a phone busy all along
    // would never fetch the rest.
    setTimeout(next, 0);
  };
  next();
}

type Runner = typeof RunnerModule;
let runner: Promise<Runner | null> | null = null;

/**
 * Imports the runner through the router's own import (src/web/app/routes.tsx), once: when the visitor
 * goes to /startsurvey its module is already evaluated and its stylesheets linked.
 */
export function preloadSurveyRunner(): void {
  if (runner) return;
  runner = (preloadPage('responses/start-survey-page.tsx') as Promise<Runner>).catch(() => {
    // Offline, or a deploy replaced the chunks: the navigation loads (or reports) it again.
    runner = null;
    return null;
  });
}

/** Set when the runner's module has been evaluated ahead: bench/survey-open.ts reports it. */
const RUNNER_READY_MARK = 'abode:runner-ready';
let preparing = false;

/**
 * Once the runner and the campaign have arrived, at the next idle moment (between two keys when the
 * visitor is typing), builds the campaign's SurveyJS model and rehearses its first render, so the
 * click only shows it. A visitor who types the e-mail and taps at once never pauses (item
 * 21), so this does not wait for a pause; the build is one task of about 100 ms on a 4×-slowed phone,
 * shorter than the runner's own module evaluation, and the rehearsal gives way to keys.
 */
export function prepareSurveyAhead(): void {
  if (preparing || !runner || !campaign) return;
  preparing = true;
  void Promise.all([runner, campaign.request]).then(
    ([module, active]) => {
      if (!module || !active) return;
      performance.mark(RUNNER_READY_MARK);
      const build = () => module.prepareSurvey(active.questions);
      if (typeof requestIdleCallback === 'function') requestIdleCallback(build, { timeout: 1_000 });
      else setTimeout(build, 0);
    },
    () => {
      preparing = false; // the click asks for the campaign again and builds the model itself
    },
  );
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

/** What the click on "Choose Your Lifestyle" leads to. */
export type SurveyBegun = { kind: 'subscribed'; message: SubscribedKey } | { kind: 'survey'; start: SurveyStart };

/** What the answer's message says (responses.routes.ts chooses it by the same two facts): its catalogue key. */
type SubscribedKey = 'msg.survey.emailSaved' | 'msg.survey.emailKept' | 'msg.survey.newsletterSaved';

/**
 * The click on "Choose Your Lifestyle", once the e-mail is valid: with a survey running, the e-mail
 * is sent and the visitor goes to the survey without waiting for the answer (email-record.ts: the
 * runner shows the first question meanwhile). Without one, the e-mail is kept for the newsletter.
 * This browser's own kept answers for this e-mail are taken up at once.
 */
export async function beginSurvey(
  email: string,
  consent: EmailExtras = {},
  /** `campaign`: a short link's campaign (README "Channels"), answered instead of the active one. */
  options: { light?: boolean; campaign?: ActiveCampaign } = {},
): Promise<SurveyBegun> {
  // The way back to kept answers loads alongside the campaign (not before interaction); the runner
  // too, if the visitor never focused the field — unless the survey's first page may show without
  // it (light-survey.tsx), which loads it while the visitor answers.
  if (!options.light) preloadSurveyRunner();
  const [active, progress] = await Promise.all([options.campaign ?? activeCampaign(), import('./survey-progress')]);
  if (!active) {
    const added = await addEmail(email, null, consent);
    return {
      kind: 'subscribed',
      message: !added.newsletter ? 'msg.survey.emailSaved' : consent.newsletter === false ? 'msg.survey.emailKept' : 'msg.survey.newsletterSaved',
    };
  }
  const held = await progress.heldJourney(email, active);
  if (held) return { kind: 'survey', start: held };
  recordEmailAhead(email, active._id, consent);
  // Its module evaluated: the navigation renders at once, with the model built ahead (a rehearsal
  // still rendering is stopped, so that model is the page's alone).
  if (!options.light) (await runner)?.stopWorkAhead();
  return { kind: 'survey', start: { email, campaignId: active._id, questions: active.questions, campaignName: active.name } };
}

/**
 * What the survey's first page shown without SurveyJS (light-survey.tsx) runs while the visitor
 * answers it, one step per quiet moment: the app's router (and with it, at /startsurvey, the
 * runner's module), the runner's module, Intl's data for the page's locale (loaded already if the
 * visitor paused on the landing page), then the model built and its first render rehearsed.
 */
export function runnerSteps(questions: string, language: Language): Array<() => Promise<unknown>> {
  return [
    () => preloadRouter(),
    () => {
      preloadSurveyRunner();
      return runner ?? Promise.resolve(null);
    },
    async () => loadLocaleAhead(language),
    async () => (await runner)?.prepareSurvey(questions),
  ];
}

/** Before the runner takes over from the first page shown without SurveyJS: as the click's `beginSurvey`. */
export async function beforeRunner(): Promise<void> {
  preloadSurveyRunner();
  (await runner)?.stopWorkAhead();
}

import { PRIVACY_API } from '#shared/privacy/privacy.api';
import { AUTH_API } from '#shared/auth/auth.contract';
import { CAMPAIGNS_API, EMAILS_API } from '#shared/surveys/campaigns.contract';
import { SURVEY_FILES_API } from '#shared/responses/survey-files.contract';
import { CONSENT_API } from '#shared/consent/consent.contract';
import { CONTACT_API } from '#shared/contact/contact.contract';
import { LISTINGS_API } from '#shared/listings/listings.contract';
import { SYSTEM_API } from '#shared/system/system.api';

/**
 * The only routes answered without a staff token. Every other route requires one: the guard is
 * deny-by-default, and tests/integration/route-guard.test.ts checks every registered route
 * against this list. Keep it short, and add to it only with care.
 */
export const PUBLIC_ROUTES: ReadonlyArray<readonly [method: string, url: string]> = [
  ['POST', AUTH_API.login],
  ['GET', CAMPAIGNS_API.active],
  ['POST', EMAILS_API.add],
  ['POST', CAMPAIGNS_API.response.pattern],
  // Answers so far (issue 17): written with the same checks as a response; read only with a resume token.
  ['POST', CAMPAIGNS_API.progress.pattern],
  ['GET', CAMPAIGNS_API.progress.pattern],
  ['GET', CAMPAIGNS_API.resume],
  // A visitor's file for their answer; the signed link opens a file only with a valid, unexpired signature.
  ['POST', SURVEY_FILES_API.upload.pattern],
  ['GET', SURVEY_FILES_API.signed.pattern],
  // The visitor's own file again after a reload: a signed link, for the unfinished record it was sent for.
  ['POST', SURVEY_FILES_API.preview.pattern],
  ['POST', CONTACT_API.add],
  ['GET', LISTINGS_API.project.list],
  ['GET', LISTINGS_API.product.list],
  ['GET', LISTINGS_API.studio.list],
  ['GET', SYSTEM_API.site],
  // The notices the forms show; unsubscribing by a signed link, with no login and no cookie (issue 24 §5).
  ['GET', CONSENT_API.notices],
  ['POST', CONSENT_API.unsubscribe],
  ['GET', CONSENT_API.unsubscribe],
  // A person's request for a copy or erasure of their data, confirmed from their mailbox (issue 24 §6).
  ['POST', PRIVACY_API.requests.pattern],
  ['POST', PRIVACY_API.confirm.pattern],
  ['GET', SYSTEM_API.health],
  ['GET', '/media/:file'],
  ['GET', '/robots.txt'],
  ['GET', '/sitemap.xml'],
  // Pages and built assets: everything outside /api is the public web client.
  ['GET', '/assets/*'],
  ['GET', '/*'],
];

const allowed = new Set(PUBLIC_ROUTES.map(([method, url]) => `${method} ${url}`));

export function isPublicRoute(method: string, url: string | undefined): boolean {
  if (url === undefined) return false;
  const m = method === 'HEAD' ? 'GET' : method;
  return allowed.has(`${m} ${url}`);
}

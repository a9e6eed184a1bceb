/**
 * The only routes answered without a staff token. Every other route requires one: the guard is
 * deny-by-default, and tests/integration/route-guard.test.ts checks every registered route
 * against this list. Keep it short, and add to it only with care.
 */
export const PUBLIC_ROUTES: ReadonlyArray<readonly [method: string, url: string]> = [
  ['POST', '/api/login'],
  ['GET', '/api/campagin/active'],
  ['POST', '/api/email/add'],
  ['POST', '/api/campaign/response/:campaignId'],
  // Answers so far (issue 17): written with the same checks as a response; read only with a resume token.
  ['POST', '/api/campaign/progress/:campaignId'],
  ['GET', '/api/campaign/progress/:campaignId'],
  // A visitor's file for their answer; the signed link opens a file only with a valid, unexpired signature.
  ['POST', '/api/campaign/file/:id'],
  ['GET', '/api/survey-file/:id'],
  ['POST', '/api/contactus/add'],
  ['GET', '/api/project/get'],
  ['GET', '/api/product/get'],
  ['GET', '/api/studio/get'],
  ['GET', '/api/site'],
  ['GET', '/healthz'],
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

import { expect, inject } from 'vitest';
import { E2E_STAFF } from './global-setup';

/**
 * Calls to the e2e server's API (this worker's own), for setting up what a browser test needs (a staff token,
 * an active campaign, a visitor's answers) without going through pages the test is not about.
 */

/** This worker's own server (tests/e2e/global-setup.ts starts one per worker). */
function server(): { baseURL: string; dataDir: string } {
  const servers = inject('servers');
  const index = (Number(process.env.VITEST_POOL_ID) || 1) - 1;
  const own = servers[index];
  if (!own) throw new Error(`no e2e server for worker ${index + 1} of ${servers.length}`);
  return own;
}

export function baseURL(): string {
  return server().baseURL;
}

/** The data folder of this worker's server (its mail folder is `mail` inside). */
export function dataDir(): string {
  return server().dataDir;
}

export interface ApiResult<T> {
  status: number;
  data: T;
}

/** One API call: a JSON body (or a FormData as is), the JSON answer parsed. */
export type Api = <T = unknown>(method: 'GET' | 'POST', path: string, body?: object | FormData) => Promise<ApiResult<T>>;

/** Calls the API with the token (staff), or without one (a visitor) when it is empty. */
export function apiAs(token: string): Api {
  return async <T>(method: 'GET' | 'POST', path: string, body?: object | FormData): Promise<ApiResult<T>> => {
    const form = body instanceof FormData;
    const res = await fetch(`${baseURL()}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body && !form ? { 'content-type': 'application/json' } : {}) },
      body: form ? body : body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, data: (await res.json()) as T };
  };
}

/** A visitor's calls: no token. */
export const visitorApi: Api = apiAs('');

/** Logs the e2e staff user in through the API; a new session (token) per call. */
export async function staffToken(): Promise<string> {
  const res = await visitorApi<{ token: string }>('POST', '/api/login', { email: E2E_STAFF.email, password: E2E_STAFF.password });
  expect(res.status, 'staff login').toBe(200);
  expect(res.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  return res.data.token;
}

/** Staff's calls, with a fresh token. */
export async function staffApi(): Promise<Api> {
  return apiAs(await staffToken());
}

/** Saves a campaign (not active) with the survey; returns its id. */
export async function createCampaign(staff: Api, name: string, survey: object): Promise<string> {
  const res = await staff<{ _id: string }>('POST', '/api/campaign/add', { name, questions: JSON.stringify(survey) });
  expect(res.status, `create campaign ${name}`).toBe(201);
  expect(res.data._id).toEqual(expect.any(String));
  return res.data._id;
}

/** Makes the campaign the one visitors answer (or takes it off with `false`). */
export async function setCampaignActive(staff: Api, id: string, isActivated = true): Promise<void> {
  expect((await staff('POST', `/api/campaign/activate/${id}`, { isActivated })).status, `activate campaign ${id}: ${isActivated}`).toBe(200);
}

/** Saves the survey as a campaign and makes it the active one, as staff do before visitors come; returns its id. */
export async function createActiveCampaign(staff: Api, name: string, survey: object): Promise<string> {
  const id = await createCampaign(staff, name, survey);
  await setCampaignActive(staff, id);
  return id;
}

/**
 * A visitor answering the active campaign through its public calls, as the survey runner makes them
 * (its e-mail first, then the answers); returns the e-mail record's id and the response's answer.
 */
export async function answerAsVisitor<T = unknown>(campaignId: string, email: string, answer: object): Promise<{ emailId: string; data: T }> {
  const added = await visitorApi<{ emailID: string }>('POST', '/api/email/add', { email, campaignid: campaignId });
  expect(added.status, `e-mail ${email}`).toBe(201);
  const res = await visitorApi<T>('POST', `/api/campaign/response/${campaignId}`, { response: { email, emailId: added.data.emailID, answer } });
  expect(res.status, `response of ${email}`).toBe(200);
  return { emailId: added.data.emailID, data: res.data };
}

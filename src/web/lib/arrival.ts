/*
 * Where the visitor came from (README "Channels", decision 0033), kept for the browser tab's session:
 * the short link's channel code, the UTM values, the referrer's host and the link's other query
 * parameters (`?ref=abc`, for a survey question "filled from the link"). The landing page and a
 * short link note it on arrival; the e-mail step, the contact form, the enquiry and the survey runner
 * read it. A later page without any of these keeps what was noted: a direct visit does not erase
 * where a person came from. Nothing here is personal data; sessionStorage ends with the tab.
 */

const KEY = 'abode-arrival';
/** UTM values and link values are at most 200 characters (the API refuses longer UTM values). */
const VALUE_MAX = 200;
/** At most this many of the link's other parameters are kept. */
const PARAMS_MAX = 20;
const UTM = ['source', 'medium', 'campaign', 'content', 'term'] as const;

export interface Arrival {
  /** The channel's code (a short link's). */
  channel?: string;
  utm?: Record<string, string>;
  /** The host of the page the visitor came from (another site). */
  referrer?: string;
  /** The link's other query parameters, by name. */
  params?: Record<string, string>;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage refused (privacy settings): nothing is remembered
  }
}

/** What was noted in this tab; empty when nothing. */
export function rememberedArrival(): Arrival {
  try {
    const text = storage()?.getItem(KEY);
    const value: unknown = text ? JSON.parse(text) : null;
    return typeof value === 'object' && value !== null ? (value as Arrival) : {};
  } catch {
    return {};
  }
}

/** The arrival this page's address says (and the referrer, when it is another site); `channel` from a short link. */
export function arrivalHere(channel?: { code: string; utm: Record<string, string | undefined> }): Arrival {
  const search = new URLSearchParams(window.location.search);
  const utm: Record<string, string> = {};
  for (const [field, value] of Object.entries(channel?.utm ?? {})) if (value) utm[field] = value;
  for (const field of UTM) {
    const value = search.get(`utm_${field}`)?.trim().slice(0, VALUE_MAX);
    if (value) utm[field] = value;
  }
  const params: Record<string, string> = {};
  for (const [name, value] of search) {
    if (name.startsWith('utm_') || Object.keys(params).length >= PARAMS_MAX) continue;
    const kept = value.trim().slice(0, VALUE_MAX);
    if (kept) params[name] = kept;
  }
  let referrer: string | undefined;
  try {
    const from = document.referrer ? new URL(document.referrer).hostname : '';
    if (from && from !== window.location.hostname) referrer = from;
  } catch {
    referrer = undefined;
  }
  return {
    ...(channel ? { channel: channel.code } : {}),
    ...(Object.keys(utm).length ? { utm } : {}),
    ...(referrer ? { referrer } : {}),
    ...(Object.keys(params).length ? { params } : {}),
  };
}

/**
 * Notes the arrival: a channel or UTM values replace the ones noted (a new touch, as the lead's
 * latest), and with them the link's parameters; a page without either keeps what was noted.
 */
export function noteArrival(arrival: Arrival): Arrival {
  const kept = rememberedArrival();
  const touch = Boolean(arrival.channel || arrival.utm);
  const next: Arrival = touch
    ? { ...arrival, referrer: arrival.referrer ?? kept.referrer }
    : { ...kept, ...(arrival.referrer ? { referrer: arrival.referrer } : {}), ...(arrival.params ? { params: arrival.params } : {}) };
  try {
    storage()?.setItem(KEY, JSON.stringify(next));
  } catch {
    // Full or refused: the visit is simply not remembered.
  }
  return next;
}

/** What the public forms send beside their fields (POST /api/email/add, /api/contactus/add). */
export function arrivalFields(arrival: Arrival = rememberedArrival()): { channel?: string; utm?: Record<string, string>; referrer?: string } {
  return {
    ...(arrival.channel ? { channel: arrival.channel } : {}),
    ...(arrival.utm && Object.keys(arrival.utm).length ? { utm: arrival.utm } : {}),
    ...(arrival.referrer ? { referrer: arrival.referrer } : {}),
  };
}

/** The link's parameters noted in this tab, for the survey's "filled from the link" questions. */
export function linkParams(): Record<string, string> {
  return rememberedArrival().params ?? {};
}

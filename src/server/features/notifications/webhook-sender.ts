import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Webhook } from 'standardwebhooks';

/**
 * Whether an address may receive webhooks: only ordinary public unicast. Loopback, private,
 * link-local, carrier-grade NAT, unique-local, multicast, reserved and the like are refused
 * (server-side request forgery), IPv4 written as IPv6 included.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // IPv4-compatible IPv6 (::a.b.c.d, ::/96, deprecated by RFC 4291): many stacks reach the IPv4
  // address in its last 32 bits, and no public endpoint is written so. ipaddr.js calls it unicast.
  // Read as the URL parser does: ipaddr.js takes `::a.b.c.d` for the mapped `::ffff:a.b.c.d`.
  if (address.includes(':') && ipaddr.IPv6.isValid(address)) {
    let canonical: string;
    try {
      canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
    } catch {
      return false; // a zone id (fe80::1%eth0) or another form no URL can name
    }
    if (
      ipaddr.IPv6.parse(canonical)
        .parts.slice(0, 6)
        .every((part) => part === 0)
    )
      return false;
  }
  return ipaddr.process(address).range() === 'unicast';
}

export class PrivateAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused: ${address} is not a public address`);
    this.name = 'PrivateAddressError';
  }
}

/** dns.lookup that refuses private answers: checked at connect time, so a DNS change cannot slip past. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (refused) return callback(new PrivateAddressError(refused.address), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** Resolves a URL's host and says whether it may receive webhooks ('private', 'unresolvable' or 'ok'). */
export function checkWebhookHost(url: string, allowPrivate: boolean): Promise<'ok' | 'private' | 'unresolvable'> {
  const { hostname } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) return Promise.resolve(allowPrivate || isPublicAddress(host) ? 'ok' : 'private');
  return new Promise((resolve) => {
    dnsLookup(host, { all: true }, (error, addresses) => {
      if (error || addresses.length === 0) return resolve('unresolvable');
      resolve(allowPrivate || addresses.every((a) => isPublicAddress(a.address)) ? 'ok' : 'private');
    });
  });
}

export interface WebhookAttempt {
  ok: boolean;
  status: number | null;
  error: string | null;
}

export interface WebhookMessage {
  url: string;
  /** `whsec_<base64>` */
  secret: string;
  /** The same on every retry of one delivery. */
  id: string;
  body: string;
}

/**
 * Sends one Standard Webhooks message: POST, JSON body, `webhook-id`, `webhook-timestamp` (now, in
 * seconds) and `webhook-signature` made by the `standardwebhooks` package. A 2xx answer within
 * `timeoutMs` is a success; anything else (status, refusal, timeout) is a failure to retry.
 */
export function sendWebhook(message: WebhookMessage, options: { timeoutMs: number; allowPrivate: boolean }): Promise<WebhookAttempt> {
  const timestamp = new Date();
  const signature = new Webhook(message.secret).sign(message.id, timestamp, message.body);
  const url = new URL(message.url);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (attempt: WebhookAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(attempt);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(options.allowPrivate),
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(message.body),
          'user-agent': 'Abode-Webhooks/1',
          'webhook-id': message.id,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signature,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // The body is not needed: drain it so the socket closes.
        response.resume();
        response.on('end', () => finish({ ok: status >= 200 && status < 300, status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` }));
        response.on('error', (error) => finish({ ok: false, status, error: error.message }));
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`));
    }, options.timeoutMs);
    request.on('error', (error) => finish({ ok: false, status: null, error: error.message }));
    // A literal private IP skips DNS: check it here too.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) {
      request.destroy(new PrivateAddressError(host));
      return;
    }
    request.end(message.body);
  });
}

import type { FastifyInstance } from 'fastify';
import { API_ROOT, isApiPath } from '#shared/api-path';
import { SYSTEM_API } from '#shared/system/system.api';

// Pages: no inline or third-party script. Styles allow inline because antd and SurveyJS set style attributes.
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * A channel's embed page (`/embed/<code>`, decision 0034): the page policy, with the frame-ancestors
 * the channel allows (`https://host[:port]` origins, validated when stored), or 'none' without any.
 */
export function embedPagePolicy(origins: readonly string[]): string {
  const ancestors = origins.length > 0 ? origins.join(' ') : "'none'";
  return PAGE_POLICY.replace("frame-ancestors 'none'", `frame-ancestors ${ancestors}`);
}

const COMMON: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** Everything a browser may render as a document: pages, assets, media. */
const PAGE_HEADERS: Record<string, string> = {
  ...COMMON,
  'content-security-policy': PAGE_POLICY,
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
};

/**
 * API answers are data, never a document: nothing in them may load or run, or be framed
 * (OWASP REST Security Cheat Sheet). The page policy's other directives mean nothing here, and
 * leaving them out keeps every API answer half a kilobyte shorter.
 */
const API_HEADERS: Record<string, string> = {
  ...COMMON,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

const HSTS = 'max-age=31536000; includeSubDomains';

function isApi(url: string): boolean {
  return isApiPath(url) || url === API_ROOT || url.startsWith(SYSTEM_API.health);
}

/** Security headers on every answer, errors and 404s included. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // Callback style: runs on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request.url) ? API_HEADERS : PAGE_HEADERS);
    // Over HTTPS (directly, or as a trusted proxy's X-Forwarded-Proto says): stay on HTTPS. Never
    // over plain HTTP, where a man in the middle could set it (RFC 6797 §7.2).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}

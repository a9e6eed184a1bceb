import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are kept in the log: paging, order and a signed link's expiry, never
 * what a person typed. Every other value is replaced: secrets (resume tokens, signatures, keys) and
 * personal data (a staff search `q` holds e-mails, names and phone numbers; the log outlives an
 * erasure). Matched on the decoded name, in any case.
 */
const HARMLESS_PARAM = /^(page|pagesize|limit|offset|sort|order|dir|expires|done)$/i;

/** What those parameters hold: a number, a column's name, a direction. */
const HARMLESS_VALUE = /^[A-Za-z0-9_.:-]{0,32}$/;

const REDACTED = '[redacted]';
/** A parameter's name as code writes one (a letter first, short, no @): kept beside its redacted value. */
const PARAM_NAME = /^[A-Za-z_][\w.%[\]-]{0,39}$/;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** A request URL fit for the log: the path, and every query value but the harmless ones replaced. */
export function redactUrl(url: string): string {
  const withoutFragment = url.split('#', 1)[0]!;
  const mark = withoutFragment.indexOf('?');
  if (mark === -1) return withoutFragment;
  const query = withoutFragment
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      if (HARMLESS_PARAM.test(decodedName(name)) && HARMLESS_VALUE.test(pair.slice(equals + 1))) return pair;
      // A name that looks like data (`?asha@example.com`, `?98450…`) is not kept either.
      return equals !== -1 && PARAM_NAME.test(name) ? `${name}=${REDACTED}` : REDACTED;
    })
    .join('&');
  return `${withoutFragment.slice(0, mark)}?${query}`;
}

/** Fastify's own request serializer, with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

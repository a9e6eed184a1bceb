import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets (resume tokens, signed links' signatures, keys, codes):
 * matched on the decoded name, in any case, anywhere in it (`token`, `api_key`, `Signature`).
 */
const SECRET_PARAM = /token|resume|sig|key|secret|pass|code|auth|session|jwt|credential/i;

const REDACTED = '[redacted]';

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** A request URL fit for the log: the value of every secret-looking query parameter replaced. */
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
      return equals !== -1 && SECRET_PARAM.test(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${withoutFragment.slice(0, mark)}?${query}`;
}

/** Fastify's own request serializer, with the URL redacted (issue 22 item 19c). */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

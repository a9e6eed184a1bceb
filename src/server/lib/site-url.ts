import { isIPv4, isIPv6 } from 'node:net';
import type { Config } from '../config';

/** A Host header's parts, lower-cased; `name` keeps an IPv6 literal's brackets. */
export interface HostParts {
  name: string;
  port?: number;
}

// RFC 3986 host [":" port], strictly: a DNS name (letters, digits, hyphens, dots), an IPv4 address
// or an [IPv6] literal, then at most a port of digits. No user info, percent-encoding, path or
// anything else a URL parser would read as another host (`localhost:@evil.example`).
const HOST_PORT = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}))?$/;

/** The host and port a Host header names, or null when it is anything but host[:port]. */
export function parseHost(value: string | undefined): HostParts | null {
  if (!value || value.length > 260) return null;
  const match = HOST_PORT.exec(value.toLowerCase());
  if (!match) return null;
  const name = match[1]!;
  if (name.startsWith('[') && !isIPv6(name.slice(1, -1))) return null;
  // All-digit dotted names are IPv4 addresses or nothing.
  if (/^[\d.]+$/.test(name) && !isIPv4(name)) return null;
  if (match[2] === undefined) return { name };
  const port = Number(match[2]);
  return port >= 1 && port <= 65535 ? { name, port } : null;
}

/**
 * The origin a request's Host names when the operator allows it (ALLOWED_HOSTS: a name matches any
 * port, `name:port` only that port), else the first allowed host's.
 */
export function allowedOrigin(config: Pick<Config, 'allowedHosts'>, host: string | undefined, protocol: 'http' | 'https'): string {
  const parts = parseHost(host);
  const hostPort = parts && (parts.port === undefined ? parts.name : `${parts.name}:${parts.port}`);
  const allowed = parts && hostPort && (config.allowedHosts.includes(parts.name) || config.allowedHosts.includes(hostPort));
  if (allowed) return `${protocol}://${hostPort}`;
  const first = parseHost(config.allowedHosts[0]);
  if (!first) return `${protocol}://localhost`;
  return `${protocol}://${first.port === undefined ? first.name : `${first.name}:${first.port}`}`;
}

/**
 * The site's own address, from configuration only: PUBLIC_BASE_URL, else the first allowed host
 * with the port the server listens on. Links in e-mails and downloads use it, never a request's
 * Host header (a link carrying a token must not point at a host the requester chose).
 */
export function configuredSiteUrl(config: Pick<Config, 'publicBaseUrl' | 'allowedHosts' | 'port'>): string {
  if (config.publicBaseUrl) return config.publicBaseUrl;
  const first = parseHost(config.allowedHosts[0]) ?? { name: 'localhost' };
  const port = first.port ?? (config.port === 80 || config.port === 0 ? undefined : config.port);
  return `http://${first.name}${port === undefined ? '' : `:${port}`}`;
}

import { paths } from '#shared/paths';

/**
 * Where to go after logging in: the `next` page if it is a path on this site, else the dashboard.
 * "//host" and "/\host" would leave the site; the login and logout pages would loop.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return paths.dashboard;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(next)) return paths.dashboard;
  const pathname = next.split(/[?#]/, 1)[0];
  if (pathname === paths.login || pathname === paths.logout) return paths.dashboard;
  return next;
}

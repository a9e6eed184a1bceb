// The visitor's language (docs/decisions/0026-languages.md): the switch that records a
// choice, and the first visit to `/` following the browser's languages.
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import Negotiator from 'negotiator';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_SWITCH_PATH,
  LANGUAGES,
  localizedPath,
  splitLanguage,
  type Language,
} from '#shared/i18n/languages';
import { paths } from '#shared/paths';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Search engines, link previews and audits: they get the page they asked for, never a redirect by language. */
const BOT = /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|lighthouse|pagespeed/i;

/** The language the visitor chose with the switch (the cookie), if any. */
export function chosenLanguage(cookieHeader: string | undefined): Language | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}

/** The language `/` sends a visitor to, or null to stay: their choice if made, else (not for bots) the browser's preference. */
export function shouldRedirectHome(headers: IncomingHttpHeaders): Language | null {
  const chosen = chosenLanguage(headers.cookie);
  const target = chosen ?? (BOT.test(headers['user-agent'] ?? '') ? DEFAULT_LANGUAGE : preferredLanguage(headers['accept-language']));
  return target === DEFAULT_LANGUAGE ? null : target;
}

/** The browser's preferred language among the site's (`hi-IN, en;q=0.8` → hi); English when it names none of them. */
export function preferredLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const best = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages([...LANGUAGES])[0];
  return isLanguage(best) ? best : DEFAULT_LANGUAGE;
}

/** A page path of this site from a link's `next`, without its language prefix: anything else is the home page. */
function nextPage(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || /^\/[/\\]/.test(next)) return paths.home;
  const url = new URL(next, 'http://localhost');
  const page = splitLanguage(url.pathname).path;
  // `/.//host` parses to the path `//host`, another origin once it is a Location.
  return /^\/[/\\]/.test(page) ? paths.home : page + url.search;
}

/**
 * `GET /language/hi?next=/viewProjects`: the language switch in the header and footer. A plain link
 * (it works without JavaScript): it remembers the choice for a year and opens the same page in it.
 */
export async function languageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { language: string }; Querystring: { next?: string } }>(
    `${LANGUAGE_SWITCH_PATH}/:language`,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const { language } = request.params;
      if (!isLanguage(language)) return reply.code(404).type('text/plain; charset=utf-8').send('No such language on this site.');
      const secure = request.protocol === 'https' ? '; Secure' : '';
      return reply
        .header('cache-control', 'no-store')
        .header('set-cookie', `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`)
        .redirect(localizedPath(language, nextPage(request.query.next)), 303);
    },
  );
}

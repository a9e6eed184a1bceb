// A channel's short link, `/s/<code>` and `/hi/s/<code>` (README "Channels"): its campaign's own
// landing page. The server renders it as it renders `/` (without the router: landing-island.tsx) and
// the browser hydrates it the same way (start-landing.tsx); this module is the router's route for it,
// once the app has taken over (the visitor came back to it).
import { data, isRouteErrorResponse, useLoaderData, useRouteError, type LoaderFunctionArgs } from 'react-router';
import { CHANNEL_ROUTES } from '#shared/channels/channels.api';
import { splitLanguage } from '#shared/i18n/languages';
import { api, ApiError } from '#web/lib/api-client';
import { LandingPage } from '#web/features/responses';
import { NotFound } from '#web/features/site';

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { language } = splitLanguage(new URL(request.url).pathname);
  try {
    return await api.call(CHANNEL_ROUTES.link, { params: [params.code ?? ''], query: `lang=${language}`, signal: request.signal });
  } catch (error) {
    // No channel has this code: the site's not-found page, with status 404.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data('Not found', { status: 404 });
    throw error;
  }
}

export function Component() {
  return <LandingPage channel={useLoaderData<typeof loader>()} />;
}

/** A code no channel has is the site's 404 page (status 404 from the server); anything else, the site's error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}

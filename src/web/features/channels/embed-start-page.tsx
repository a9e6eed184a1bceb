// The first page inside another site's frame (`/embed/<code>`, decision 0034): the channel's campaign,
// the e-mail with its consent notice, or why the channel takes no one now (in the page's language).
import { useRouteLoaderData } from 'react-router';
import { EMBED_ROUTE_ID } from '#web/lib/site-settings';
import { LandingPage } from '#web/features/responses';
import type { loader } from './embed-page';

export function Component() {
  const { channel } = useRouteLoaderData<typeof loader>(EMBED_ROUTE_ID)!;
  return <LandingPage channel={channel} />;
}

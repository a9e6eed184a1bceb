import { route } from '#shared/api-route';
import { CHANNELS_API } from '#shared/channels/channels.api';
import type { channelListSchema } from '#shared/channels/channels.contract';
import { FUNNEL_ROUTES } from '#shared/funnel/funnel.api';
import { LEADS_ROUTES } from '#shared/leads/leads.api';
import { api } from '#web/lib/api-client';

// Staff: the funnel per channel, its .xlsx and the drop-off per question (decision 0035).

export const fetchFunnel = (query: URLSearchParams, signal?: AbortSignal) => api.call(FUNNEL_ROUTES.funnel, { query, signal });
export const downloadFunnel = (query: URLSearchParams) => api.call(FUNNEL_ROUTES.xlsx, { query });
export const fetchDropoff = (query: URLSearchParams, signal?: AbortSignal) => api.call(FUNNEL_ROUTES.dropoff, { query, signal });
/** The channels, for the channel filter. */
export const fetchFunnelChannels = (signal?: AbortSignal) => api.call(route<typeof channelListSchema>('GET', CHANNELS_API.channels), { signal });
/** Decision 0057: the sources of imported and API leads, for the channel filter. */
export const fetchFunnelSources = (signal?: AbortSignal) => api.call(LEADS_ROUTES.sources, { signal });

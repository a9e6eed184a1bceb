import { LISTINGS_ROUTES } from '#shared/listings/listings.api';
import { VISIT_ROUTES, type SlotSettings } from '#shared/visits/visits.contract';
import { api } from '#web/lib/api-client';

/** The staff side's calls for site visits (the visits page, the lead page's card, each visit's actions). */

/**
 * The visits of `days` of the studio's calendar days from `from` (the studio's today on the app clock
 * when left out), with each day's count: the visits page's week, and its one day (`days: 1`).
 */
export function fetchVisitDays(range: { from?: string; days: number }, signal?: AbortSignal) {
  const query = new URLSearchParams({ days: String(range.days) });
  if (range.from) query.set('from', range.from);
  return api.call(VISIT_ROUTES.upcoming, { query, ...(signal ? { signal } : {}) });
}

export const fetchLeadVisits = (leadId: string) => api.call(VISIT_ROUTES.ofLead, { params: [leadId] });
export const fetchVisitSlots = (studioId: string) => api.call(VISIT_ROUTES.slots, { query: new URLSearchParams({ studio: studioId }) });
export const visitAction = (id: string, body: { action: 'confirm' | 'done' | 'cancel' } | { action: 'move'; slotStart: string }) =>
  api.call(VISIT_ROUTES.action, { params: [id], body });

/** Owners: the studio locations, and one location's visit slots. */
export const fetchStudioLocations = (signal?: AbortSignal) => api.call(LISTINGS_ROUTES.studio.list, signal ? { signal } : undefined);
export const fetchSlotSettings = (studioId: string, signal?: AbortSignal) =>
  api.call(VISIT_ROUTES.settings, { params: [studioId], ...(signal ? { signal } : {}) });
export const saveSlotSettings = (studioId: string, settings: SlotSettings) => api.call(VISIT_ROUTES.saveSettings, { params: [studioId], body: settings });

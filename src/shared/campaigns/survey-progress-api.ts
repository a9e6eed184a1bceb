/**
 * Paths of the answers kept as the visitor goes (issue 17). Apart from the contract (which builds zod
 * schemas) because the landing page calls them, and its script budget has no room for zod.
 */
export const SURVEY_PROGRESS_API = {
  save: (campaignId: string) => `/api/campaign/progress/${encodeURIComponent(campaignId)}`,
  read: (campaignId: string, token: string) => `/api/campaign/progress/${encodeURIComponent(campaignId)}?token=${encodeURIComponent(token)}`,
} as const;

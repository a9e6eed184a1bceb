import { route } from '../api-route';
import type { siteSchema } from './system.contract';

/** The site's own routes: the studio's public details, the OpenAPI document and the health check. */
export const SYSTEM_API = {
  /** GET, public: the studio's details (`SiteSettings`, src/shared/site.ts). */
  site: '/api/site',
  /** GET, staff: the OpenAPI document of every route. */
  docs: '/api/docs',
  /** GET, public: 200 while the database answers. Outside /api, for load balancers. */
  health: '/healthz',
} as const;

/** The routes with their answers (by type only: every public page loads this file). */
export const SYSTEM_ROUTES = {
  site: route<typeof siteSchema>('GET', SYSTEM_API.site),
};

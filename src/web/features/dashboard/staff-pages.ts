import type { LazyRouteFunction, RouteObject } from 'react-router';
import { loadStaffTexts } from '#web/lib/staff-text';

type RouteModule = Awaited<ReturnType<LazyRouteFunction<RouteObject>>>;

// The staff pages' modules (app/routes.tsx), reached through this chunk: each one's list of chunks
// to preload (antd's pieces, mostly) would otherwise travel in the public pages' shared script,
// about 1 KB gzip of file names the home page never uses (bench/bundles.ts).
const staffModules = import.meta.glob<RouteModule>(['/features/**/staff/*-page.tsx', '/features/dashboard/*-layout.tsx']);

/**
 * The first page's modules, whose texts are all in the staff catalogue's first part
 * (#shared/i18n/messages/staff-en-core, checked by tests/unit/staff-catalogue.test.ts). Any other
 * page is loaded once the rest of the catalogue is there, so its texts are there from its first line.
 */
export const FIRST_PAGE_MODULES: readonly string[] = ['dashboard/dashboard-layout.tsx', 'surveys/staff/campaigns-page.tsx'];

/** `file` as routes.tsx names it, under src/web/features/. */
export function loadStaffModule(file: string): Promise<RouteModule> {
  const load = staffModules[`/features/${file}`];
  if (!load) throw new Error(`No staff page module features/${file}`);
  if (FIRST_PAGE_MODULES.includes(file)) return load();
  return loadStaffTexts().then(load);
}

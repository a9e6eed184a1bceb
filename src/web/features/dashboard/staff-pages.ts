import type { LazyRouteFunction, RouteObject } from 'react-router';

type RouteModule = Awaited<ReturnType<LazyRouteFunction<RouteObject>>>;

// The staff pages' modules (app/routes.tsx), reached through this chunk: each one's list of chunks
// to preload (antd's pieces, mostly) would otherwise travel in the public pages' shared script,
// about 1 KB gzip of file names the home page never uses (bench/bundles.ts).
const staffModules = import.meta.glob<RouteModule>(['/features/**/staff/*-page.tsx', '/features/dashboard/*-layout.tsx']);

/** `file` as routes.tsx names it, under src/web/features/. */
export function loadStaffModule(file: string): Promise<RouteModule> {
  const load = staffModules[`/features/${file}`];
  if (!load) throw new Error(`No staff page module features/${file}`);
  return load();
}

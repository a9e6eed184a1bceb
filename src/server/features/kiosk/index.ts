/** Expo tablets' public face: the routes (app.ts) and the context they need. */
export { kioskRoutes } from './kiosk.routes';
export type { KioskContext } from './kiosk.service';
export type { KioskTables } from './kiosk.tables';

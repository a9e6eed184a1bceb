/** The funnel's public face: its routes (app.ts). */
export { funnelRoutes } from './funnel.routes';

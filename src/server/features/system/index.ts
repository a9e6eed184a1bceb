/** System's public face: health and version routes. */
export { systemRoutes } from './system.routes';

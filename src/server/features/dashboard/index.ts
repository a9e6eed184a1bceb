/** The dashboard's own calls: the "Today" panel, composed from the leads, visits and contact rooms' doors. */
export { todayRoutes } from './today.routes';

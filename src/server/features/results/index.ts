/** Results' public face: the summary, answers table and export are routes only; no feature calls in. */
export { resultRoutes } from './results.routes';

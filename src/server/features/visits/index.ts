/** Site visits' public face: a lead's visits (the lead page), the routes and the background work (app.ts). */
export { leadVisits, standingVisitsTodayAndTomorrow, visitsStartingBetween } from './visits.service';
export { visitRoutes } from './visits.routes';
export { VisitJobs } from './visit-jobs';
export type { VisitContext } from './visits.service';
export { seedDemoVisits } from './visits.seed';
export { visitStepsOfLead } from './funnel-steps.service';

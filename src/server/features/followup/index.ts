/**
 * Speed to lead: who gets a new lead, reminders before it goes cold, the morning digest
 * and the first-contact figures. The features that create leads call `assignCreatedLead` in their
 * transaction; the dispatcher builds the staff mails with `followUpMail` (wired at app.ts).
 */
export { assignCreatedLead, assignCreatedLeads, reviewAssignmentByAnswers, type FollowUpView, type LeadHints } from './assignment';
export { followUpMail } from './followup-mail';
export { FollowUpJob } from './follow-up-job';
export type { FollowupTables } from './followup.tables';
export { followUpRoutes } from './followup.routes';

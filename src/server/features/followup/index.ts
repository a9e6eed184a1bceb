/**
 * Speed to lead: who gets a new lead, reminders before it goes cold, the morning digest
 * and the first-contact figures. The features that create leads call `assignCreatedLead` in their
 * transaction; the dispatcher builds the staff mails with `followUpMails` (wired at app.ts).
 */
export { assignCreatedLead, assignCreatedLeads, reviewAssignmentByAnswers, type FollowUpView, type LeadHints } from './assignment';
export { followUpMails } from './followup-mail';
export { FollowUpJob } from './follow-up-job';
export type { FollowupTables } from './followup.tables';
export { followUpRoutes } from './followup.routes';

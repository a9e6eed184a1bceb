export { leadFirstContactMedians, leadFunnelCounts, leadSourceFunnelCounts, type LeadFunnelScope, type LeadSourceScope } from './funnel-counts';
/** Leads' public face: the person behind every e-mail, message and response, kept up to date by the features that hear from them. */
export {
  addLeadCampaign,
  assignNewLead,
  assignCreatedLeadTo,
  arrivalKeys,
  findOrCreateLead,
  type LeadArrival,
  type LeadIntake,
  keepLeadCompleted,
  leadSummary,
  moveLeadBackFromVisit,
  moveLeadToVisit,
  recordCompletedSurvey,
  setLeadSurveySteps,
  setLeadVisitSteps,
  touchLead,
  type LeadContactMessage,
  type LeadSources,
  type LeadSurveyRecord,
  claimDueReminders,
  digestLeads,
  firstContactRows,
  lastAssignmentAutomatic,
  leadAssignees,
  leadEmails,
  leadForFollowUp,
  leadIdByEmailKey,
  waitingLeadCounts,
  type FollowUpReminder,
} from './leads.service';
export { assignCreatedLeadsTo, importLead, importNewLeads, knownLeadKeys, undoImportedLead, type NewImportedLead } from './leads-import';
export { firstContactMedians, funnelStepCounts, type FunnelReading } from './funnel-steps.service';

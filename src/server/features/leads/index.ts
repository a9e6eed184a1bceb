/** Leads' public face: the person behind every e-mail, message and response, kept up to date by the features that hear from them. */
export { keepLeadCompleted, leadSummary, recordCompletedSurvey, touchLead } from './leads.service';
export { leadEmails, leadIdByEmailKey } from './leads.repository';

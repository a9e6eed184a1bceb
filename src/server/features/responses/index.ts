/** Responses' public face: e-mail records, answers and unfinished surveys, as other rooms may read them. */
export { completedCampaignsOfLead, surveyAnswersOfVisitors } from './funnel-steps.service';
/** The queries the results read (summary, answers table, streamed export), joined inside this feature's tables. */
export * as responseQueries from './result-reads';
/** The visitor's writes, for the rooms that take answers another way (expo tablets). */
export { addEmailRecord, storeLeadResponse, storeResponse } from './responses.service';
/** What the campaigns, channels, a lead's page and the demo content read of responses. */
export { campaignHasRecords, completedByChannel, countResponses, leadSurveyRecords, responseCountsByCampaign } from './responses.service';
/** What the notification mails read of responses (the dispatcher's sources, composed at the root). */
export { completedResponse, emailActivity, surveyStillOpen, unfinishedSurvey } from './notification-reads';
export { issueResumeToken } from './survey-progress.service';
export { keptDropoff } from './dropoff-contributions';

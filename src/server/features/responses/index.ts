/** Responses' public face: e-mail records, answers and unfinished surveys, as other rooms may read them. */
export { campaignHasRecords, countResponses, leadSurveyRecords, responseCountsByCampaign } from './responses.repository';
export { completedByChannel } from './channel-counts';
export { completedCampaignsOfLead, surveyAnswersOfVisitors } from './funnel-reads';
/** The queries the results read (summary, answers table, streamed export), joined inside this feature's tables. */
export * as responseQueries from './answer-queries.repository';
/** The visitor's writes, for the rooms that take answers another way (expo tablets). */
export { addEmailRecord, storeLeadResponse, storeResponse } from './responses.service';
export { keptDropoff } from './dropoff-contributions';

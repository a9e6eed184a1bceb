// The responses room's staff door: what other web features may use (README, "What is where").
export { SurveyFileLinks } from './survey-file-links';
export { fetchEmailRecords } from './emails-api';

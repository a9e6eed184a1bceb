// The consent room's door: what other web features may use (README, "What is where").
export { ConsentNotice } from './consent-notice';

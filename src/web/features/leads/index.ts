// The leads room's door: what other web features may use (README, "What is where").
export { fetchLeads } from './leads-api';

// The surveys room's staff door: what other web features may use (README, "What is where").
export { fetchCampaign, fetchCampaigns, fetchResponseCount } from './campaigns-staff-api';
export { TAG_COLORS } from './tag-colors';

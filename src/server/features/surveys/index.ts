/** Surveys' public face: a campaign and its survey, looked up by id, and its reading (questions and answer columns). */
export { getCampaign, requireCampaign, requireCampaignId } from './campaigns.service';
export { campaignIdsNamed, campaignLeadFields, campaignNames, findCampaign, isCampaignActive } from './campaigns.repository';
export { campaignReading } from './survey-readings';
export { deleteDemoCampaign, findDemoCampaigns } from './campaigns.seed';

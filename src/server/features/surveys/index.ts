/** Surveys' public face: a campaign and its survey, looked up by id, and its reading (questions and answer columns). */
export {
  campaignIdsNamed,
  campaignLeadFields,
  campaignNames,
  findCampaign,
  getCampaign,
  isCampaignActive,
  requireCampaign,
  requireCampaignId,
} from './campaigns.service';
export { campaignReading } from './survey-readings';
export { deleteDemoCampaign, findDemoCampaigns } from './campaigns.seed';

import { contactMessageActivity, contactMessagesOfLead } from '#server/features/contact';
import { isUnsubscribed, newsletterConfirmMail, unsubscribeLinks } from '#server/features/consent';
import { assignCreatedLead, followUpMails } from '#server/features/followup';
import { inboundOrigin } from '#server/features/inbound';
import { leadSummary, setLeadSurveySteps, setLeadVisitSteps } from '#server/features/leads';
import type { leadsRoutes } from '#server/features/leads/leads.routes';
import { listingPrices } from '#server/features/listings';
import type { NotificationSources } from '#server/features/notifications';
import {
  completedCampaignsOfLead,
  completedResponse,
  emailActivity,
  issueResumeToken,
  leadSurveyRecords,
  surveyStillOpen,
  unfinishedSurvey,
} from '#server/features/responses';
import { campaignReading } from '#server/features/surveys';
import { visitStepsOfLead } from '#server/features/visits';

/*
 * What a room reads of the others, composed here, at the root, from their doors: the notification
 * mails read a dozen rooms, and the leads' pages and merges three, but notifications imports no
 * feature but auth and audit (decisions 0019 and 0040) and leads reads no other room's tables
 * (decision 0020). app.ts hands each room its sources in one line.
 */

/** What the notification mails and webhooks read of the other rooms (the dispatcher's `sources`). */
export const notificationSources: NotificationSources = {
  lookupLead: leadSummary,
  contactMessage: contactMessageActivity,
  completedResponse,
  emailActivity,
  campaignReading,
  surveyStillOpen,
  inboundOrigin,
  unfinishedSurvey,
  issueResumeToken,
  isUnsubscribed,
  unsubscribeLinks,
  newsletterConfirmMail,
  staffMails: followUpMails,
  listingPrices,
};

/** What the leads' routes read and ask of the other rooms: a lead's records, a new lead's assignment, a merge's funnel steps. */
export const leadsSources: Omit<Parameters<typeof leadsRoutes>[1], 'personTables'> = {
  sources: { surveyRecords: leadSurveyRecords, contactMessages: contactMessagesOfLead },
  // A lead staff add is assigned like any new lead.
  onCreated: (trx, lead, at) => assignCreatedLead(trx, lead, {}, at),
  // Decision 0035: rows moved between two leads (a merge, an unmerge): each one's funnel steps from its rows again.
  rowsMoved: async (trx, leadIds) => {
    for (const leadId of leadIds) {
      await setLeadSurveySteps(trx, leadId, await completedCampaignsOfLead(trx, leadId));
      await setLeadVisitSteps(trx, leadId, await visitStepsOfLead(trx, leadId));
    }
  },
};

import type { Migration } from 'kysely';
import * as auth from './2026-11-22T0100-auth';
import * as media from './2026-11-22T0130-media';
import * as listings from './2026-11-22T0131-listings';
import * as campaigns from './2026-11-22T0132-campaigns';
import * as contact from './2026-11-22T0140-contact';
import * as oneOpenEmailRecord from './2026-11-22T0200-one-open-email-record';
import * as responseCompletesRecord from './2026-11-22T0210-response-completes-record';
import * as notifications from './2026-11-23T0300-notifications';
import * as contentVersion from './2026-11-23T0310-edge-content-version';
import * as leads from './2026-11-23T0320-leads';
import * as rulesSurveyFiles from './2026-11-23T0330-rules-survey-files';
import * as authRateLimits from './2026-11-23T0340-auth-rate-limits';
import * as leadsCounts from './2026-11-23T0340-leads-counts';
import * as listingMatch from './2026-11-23T0350-listing-match';
import * as surveyProgress from './2026-11-23T0400-survey-progress';
import * as resumeLinkEvents from './2026-11-23T0412-resume-link-events';
import * as resumeTokenExpiry from './2026-11-25T0100-resume-token-expiry';
import * as emailRecordsByPerson from './2026-11-26T0600-email-records-by-person';
import * as surveyFileQuota from './2026-11-26T0610-survey-file-quota';
import * as visitorMailLimits from './2026-11-26T0620-visitor-mail-limits';
import * as leadPhonesE164 from './2026-11-26T0700-lead-phones-e164';
import * as staffTokenVersion from './2026-11-26T0800-staff-token-version';
import * as answerJsonbOrNull from './2026-11-26T0801-answer-jsonb-or-null';
import * as studioSettings from './2026-11-27T1000-studio-settings';
import * as staffRoles from './2026-11-27T1100-staff-roles';
import * as consent from './2026-11-27T1200-consent';
import * as auditLog from './2026-11-27T1300-audit-log';
import * as personData from './2026-11-27T1400-person-data';
import * as leadRequired from './2026-11-28T2300-lead-required';
import * as leadCampaigns from './2026-11-28T2310-lead-campaigns';
import * as responsesEmailOnce from './2026-11-28T2320-responses-email-once';
import * as jobLeases from './2026-11-27T1410-job-leases';
import * as privacyRequests from './2026-11-27T1420-privacy-requests';
import * as listingDetails from './2026-11-28T2000-listing-details';
import * as listingFilters from './2026-11-28T2100-listing-filters';
import * as contactEnquiries from './2026-11-28T2200-contact-enquiries';
import * as listingPhotos from './2026-11-28T2400-listing-photos';
import * as leadAssignment from './2026-11-29T0100-lead-assignment';
import * as leadFollowUp from './2026-11-29T0110-lead-follow-up';
import * as visits from './2026-11-29T0200-visits';
import * as responseLanguage from './2026-11-29T0500-response-language';
import * as listingHindi from './2026-11-29T0510-listing-hindi';
import * as visitLanguage from './2026-11-29T0520-visit-language';
import * as resetTokenPassword from './2026-11-30T0100-reset-token-password';
import * as newsletterConfirmations from './2026-11-30T0300-newsletter-confirmations';
import * as channels from './2026-11-30T0700-channels';
import * as linkVisits from './2026-12-02T0300-link-visits';
import * as channelAttribution from './2026-12-01T0400-channel-attribution';
import * as leadTouches from './2026-12-01T0400-lead-touches';
import * as leadPhoneKey from './2026-12-02T0400-lead-phone-key';
import * as leadMerges from './2026-12-02T0410-lead-merges';
import * as contactAttribution from './2026-12-02T0100-contact-attribution';
import * as kiosk from './2026-12-02T0600-kiosk';
import * as leadOriginPhoneRequests from './2026-12-03T0200-lead-origin-phone-requests';
import * as responsesOfLeads from './2026-12-03T0400-responses-of-leads';
import * as visitListing from './2026-11-30T0500-visit-listing';
import * as visitMailVisitorSent from './2026-12-01T0500-visit-mail-visitor-sent';
import * as demoStaffTakeNoLeads from './2026-11-30T0510-demo-staff-take-no-leads';
import * as visitorMailPlaces from './2026-11-30T0200-visitor-mail-places';
import * as noticeLanguages from './2026-12-01T0100-notice-languages';
import * as contactRead from './2026-12-01T0300-contact-read';
import * as leadImports from './2026-12-02T0500-lead-imports';
import * as apiKeys from './2026-12-02T0510-api-keys';
import * as leadInboxIndexes from './2026-12-03T0500-lead-inbox-indexes';
import * as summaryAnswerCounts from './2026-12-03T0800-summary-answer-counts';
import * as leadFunnelSteps from './2026-12-03T0300-lead-funnel-steps';
import * as leadSearchFts from './2026-12-04T0500-lead-search-fts';
import * as leadSources from './2026-12-04T0100-lead-sources';
import * as dropoffContributions from './2026-12-04T0300-dropoff-contributions';
import * as funnelKeptCounts from './2026-12-05T0100-funnel-kept-counts';
import * as summaryFunnelCounts from './2026-12-05T0110-summary-funnel-counts';
import * as funnelContactValues from './2026-12-06T0100-funnel-contact-values';
import * as dropoffDayCounts from './2026-12-07T0100-dropoff-day-counts';
import * as inboxOpenLeads from './2026-12-08T0100-inbox-open-leads';

// Frozen in time: add new migrations with a later timestamp; never edit one that has shipped.
export const migrations: Record<string, Migration> = {
  '2026-11-22T0100-auth': auth,
  '2026-11-22T0130-media': media,
  '2026-11-22T0131-listings': listings,
  '2026-11-22T0132-campaigns': campaigns,
  '2026-11-22T0140-contact': contact,
  '2026-11-22T0200-one-open-email-record': oneOpenEmailRecord,
  '2026-11-22T0210-response-completes-record': responseCompletesRecord,
  '2026-11-23T0300-notifications': notifications,
  '2026-11-23T0310-edge-content-version': contentVersion,
  '2026-11-23T0320-leads': leads,
  '2026-11-23T0330-rules-survey-files': rulesSurveyFiles,
  '2026-11-23T0340-auth-rate-limits': authRateLimits,
  '2026-11-23T0340-leads-counts': leadsCounts,
  '2026-11-23T0350-listing-match': listingMatch,
  '2026-11-23T0400-survey-progress': surveyProgress,
  '2026-11-23T0412-resume-link-events': resumeLinkEvents,
  '2026-11-25T0100-resume-token-expiry': resumeTokenExpiry,
  '2026-11-26T0600-email-records-by-person': emailRecordsByPerson,
  '2026-11-26T0610-survey-file-quota': surveyFileQuota,
  '2026-11-26T0620-visitor-mail-limits': visitorMailLimits,
  '2026-11-26T0700-lead-phones-e164': leadPhonesE164,
  '2026-11-26T0800-staff-token-version': staffTokenVersion,
  '2026-11-26T0801-answer-jsonb-or-null': answerJsonbOrNull,
  '2026-11-27T1000-studio-settings': studioSettings,
  '2026-11-27T1100-staff-roles': staffRoles,
  '2026-11-27T1200-consent': consent,
  '2026-11-27T1300-audit-log': auditLog,
  '2026-11-27T1400-person-data': personData,
  '2026-11-27T1410-job-leases': jobLeases,
  '2026-11-27T1420-privacy-requests': privacyRequests,
  '2026-11-28T2000-listing-details': listingDetails,
  '2026-11-28T2300-lead-required': leadRequired,
  '2026-11-28T2310-lead-campaigns': leadCampaigns,
  '2026-11-28T2100-listing-filters': listingFilters,
  '2026-11-28T2200-contact-enquiries': contactEnquiries,
  '2026-11-28T2400-listing-photos': listingPhotos,
  '2026-11-28T2320-responses-email-once': responsesEmailOnce,
  '2026-11-29T0100-lead-assignment': leadAssignment,
  '2026-11-29T0110-lead-follow-up': leadFollowUp,
  '2026-11-29T0200-visits': visits,
  '2026-11-29T0500-response-language': responseLanguage,
  '2026-11-29T0510-listing-hindi': listingHindi,
  '2026-11-29T0520-visit-language': visitLanguage,
  '2026-11-30T0100-reset-token-password': resetTokenPassword,
  '2026-11-30T0300-newsletter-confirmations': newsletterConfirmations,
  '2026-11-30T0700-channels': channels,
  '2026-11-30T0500-visit-listing': visitListing,
  '2026-11-30T0510-demo-staff-take-no-leads': demoStaffTakeNoLeads,
  '2026-11-30T0200-visitor-mail-places': visitorMailPlaces,
  '2026-12-01T0500-visit-mail-visitor-sent': visitMailVisitorSent,
  '2026-12-01T0100-notice-languages': noticeLanguages,
  '2026-12-01T0300-contact-read': contactRead,
  '2026-12-01T0400-channel-attribution': channelAttribution,
  '2026-12-01T0400-lead-touches': leadTouches,
  '2026-12-02T0400-lead-phone-key': leadPhoneKey,
  '2026-12-02T0410-lead-merges': leadMerges,
  '2026-12-02T0300-link-visits': linkVisits,
  '2026-12-02T0500-lead-imports': leadImports,
  '2026-12-02T0510-api-keys': apiKeys,
  '2026-12-02T0100-contact-attribution': contactAttribution,
  '2026-12-02T0600-kiosk': kiosk,
  '2026-12-03T0200-lead-origin-phone-requests': leadOriginPhoneRequests,
  '2026-12-03T0500-lead-inbox-indexes': leadInboxIndexes,
  '2026-12-03T0400-responses-of-leads': responsesOfLeads,
  '2026-12-03T0300-lead-funnel-steps': leadFunnelSteps,
  '2026-12-04T0500-lead-search-fts': leadSearchFts,
  '2026-12-03T0800-summary-answer-counts': summaryAnswerCounts,
  '2026-12-04T0100-lead-sources': leadSources,
  '2026-12-04T0300-dropoff-contributions': dropoffContributions,
  '2026-12-05T0100-funnel-kept-counts': funnelKeptCounts,
  '2026-12-05T0110-summary-funnel-counts': summaryFunnelCounts,
  '2026-12-06T0100-funnel-contact-values': funnelContactValues,
  '2026-12-07T0100-dropoff-day-counts': dropoffDayCounts,
  '2026-12-08T0100-inbox-open-leads': inboxOpenLeads,
};

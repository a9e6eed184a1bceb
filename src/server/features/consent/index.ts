/** Consent's public face: what a visitor agreed to when they wrote (stored with their record), the notices' versions, and unsubscribes. */
export {
  currentNotices,
  isUnsubscribed,
  newsletterConfirmMail,
  pendingConsent,
  recordNoticeTexts,
  storeConsent,
  unsubscribeLinks,
  type NoticeSettings,
  type PendingConsent,
} from './consent.service';

/** Consent's public face: what a visitor agreed to when they wrote (stored with their record), and unsubscribes. */
export { isUnsubscribed, pendingConsent, storeConsent, storeConsentFor, unsubscribeLinks, type PendingConsent } from './consent.service';

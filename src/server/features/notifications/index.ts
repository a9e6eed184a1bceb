/**
 * Notifications' public face: a feature records an event in the outbox inside its own write
 * (`recordEvent`); the dispatcher delivers it later. What the mails need from other features is
 * given to the dispatcher at the composition root (app.ts: `NotificationSources`), so notifications
 * imports no other feature.
 */
export { recordEvent } from './outbox';
export { eventRecordedSince } from './notifications.repository';
export type { LeadSummary, StaffMail, StaffMailEvent } from './event-data';
export type { MailSettings } from './dispatcher';
export { VisitorMailGate } from './visitor-mail';

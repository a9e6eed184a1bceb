/**
 * Notifications' public face: a feature records an event in the outbox inside its own write
 * (`recordEvent`); the dispatcher delivers it later. What the mails need from other features is
 * given to the dispatcher at the composition root (room-sources.ts: `NotificationSources`). Notifications
 * imports two features, through their doors only: auth (who the staff recipients are) and audit
 * (a webhook's change is audited); see docs/decisions/0040-walls-and-consistency.md.
 */
export { eventRecordedSince, recordEvent, recordEvents } from './outbox';
export type { LeadSummary, NotificationSources, StaffMail, StaffMailEvent } from './event-data';
export type { MailSettings } from './mail-composition';
export { VisitorMailGate } from './visitor-mail';

import { personalData as consent } from '#server/features/consent/personal-data';
import { personalData as contact } from '#server/features/contact/personal-data';
import { personalData as imports } from '#server/features/imports/personal-data';
import { personalData as inbound } from '#server/features/inbound/personal-data';
import { personalData as kiosk } from '#server/features/kiosk/personal-data';
import { personalData as leads } from '#server/features/leads/personal-data';
import { personalData as notifications } from '#server/features/notifications/personal-data';
import { personalData as privacy } from '#server/features/privacy/personal-data';
import { personalData as responses } from '#server/features/responses/personal-data';
import { personalData as visits } from '#server/features/visits/personal-data';
import type { PersonalData } from '#server/lib/personal-data';

/**
 * Every feature's personal data, in the order erasure walks them: the lead last (the others'
 * rows reference it). A feature that stores a person adds its declaration here; the schema test
 * (tests/integration/privacy-schema.test.ts) fails for a table with person columns that none declares.
 */
/**
 * The tables whose rows (each with an `id`) belong to a lead by `lead_id`: a merge moves
 * them to the kept lead, an unmerge moves them back.
 */
export const PERSON_ROW_TABLES: readonly string[] = [
  'lead_events',
  'email_records',
  'survey_responses',
  'contact_messages',
  'visits',
  'consents',
  'newsletter_confirmations',
  'unsubscribes',
  'notification_events',
];

export const personalDataRegistry: readonly PersonalData[] = [kiosk, imports, inbound, responses, contact, visits, notifications, consent, privacy, leads];

/** Tables that hold no person's data although a column's name suggests it, and why. */
export const notPersonTables: Readonly<Record<string, string>> = {
  staff_users: "the studio's own staff accounts (not visitors); managed on /dashboard/staff",
  audit_log: 'records that an action happened and by which staff member; never the personal values (decision 0017)',
  campaigns: "a survey's definition: `name` is the campaign's name, not a person's",
  kiosk_devices: 'a paired expo tablet: `name` is the tablet\'s name ("Expo tablet 2"), not a person\'s',
  projects: "a listing: `name` is the project's name",
  products: "a listing: `name` is the product's name",
  studios: "a listing: `name` is the studio's name",
  webhook_endpoints: "the studio's own endpoints",
  studio_settings: "the studio's own contact details (phone, e-mail)",
  job_leases: "a background job's lease: `name` is the job's name",
  visit_slot_settings: "a studio location's visit hours: no person's data",
  channels: "a campaign's short link: `name` is the channel's name",
  api_keys: 'a key the owners made for another tool: `name` is the key\'s name ("99acres"), `created_by` a staff member',
  lead_imports: "an import of a spreadsheet: its file's name, counts and the staff member who ran it; the people are in lead_import_rows",
  funnel_step_counts: "the funnel's counts per campaign, channel or source and day (decision 0063): numbers, no person",
  funnel_contact_minutes: 'how many leads were first contacted after so many minutes, per funnel row and day (decision 0063): numbers, no person',
  funnel_contact_values:
    'how many leads of a funnel row and day were first contacted after exactly so many minutes (decision 0068): numbers, no person (erasure and retention delete the lead; its trigger takes its count away)',
  summary_funnel_counts:
    'how many e-mail records of a campaign, channel and day completed, reached each page or gave the e-mail only (decision 0063): numbers, no person',
  lead_sources: "where imported and API leads came from (decision 0057): `name` is a portal's or a file's name (\"99acres\"), not a person's",
};

/**
 * Tables whose `lead_id` may be empty, and why; every other `lead_id` is NOT NULL on both databases
 * (tests/integration/privacy-schema.test.ts reads the schema).
 */
export const leadOptionalTables: Readonly<Record<string, string>> = {
  notification_events: 'a `webhook.test` event is about no one; every other event must name its lead (a CHECK on PostgreSQL, a trigger on SQLite)',
  unsubscribes: 'an address may unsubscribe before it is a lead, and an erased person stays unsubscribed as a hash with no lead',
  privacy_requests: 'a request may come from an address that is no lead, and an answered erasure keeps the request without its lead',
  kiosk_responses: 'a tablet answer is claimed by its id before its lead is made, in the same transaction (set before it commits)',
};

// The database's tables, composed at the root: each feature declares its own, and they join here.
// db/schema.ts holds the open `Database` interface; this module adds the features' tables to it.
import type { AuditTables } from '#server/features/audit/audit.tables';
import type { AuthTables } from '#server/features/auth/auth.tables';
import type { ChannelTables } from '#server/features/channels/channels.tables';
import type { ConsentTables } from '#server/features/consent/consent.tables';
import type { ContactTables } from '#server/features/contact/contact.tables';
import type { FollowupTables } from '#server/features/followup/followup.tables';
import type { ImportTables } from '#server/features/imports';
import type { InboundTables } from '#server/features/inbound';
import type { KioskTables } from '#server/features/kiosk/kiosk.tables';
import type { LeadTables } from '#server/features/leads/leads.tables';
import type { ListingMediaTables } from '#server/features/listings/listing-media.tables';
import type { ListingTables } from '#server/features/listings/listings.tables';
import type { MediaTables } from '#server/features/media/media.tables';
import type { NotificationTables } from '#server/features/notifications/notifications.tables';
import type { PrivacyTables } from '#server/features/privacy/job-leases.tables';
import type { ResponseTables } from '#server/features/responses/responses.tables';
import type { SettingsTables } from '#server/features/settings/settings.tables';
import type { SurveyTables } from '#server/features/surveys/campaigns.tables';
import type { VisitTables } from '#server/features/visits/visits.tables';

declare module '#server/db/schema' {
  interface Database
    extends
      AuthTables,
      MediaTables,
      ListingTables,
      ListingMediaTables,
      SurveyTables,
      ResponseTables,
      ContactTables,
      NotificationTables,
      LeadTables,
      SettingsTables,
      ConsentTables,
      AuditTables,
      PrivacyTables,
      VisitTables,
      FollowupTables,
      ChannelTables,
      ImportTables,
      InboundTables,
      KioskTables {}
}

export type { Database } from '#server/db/schema';

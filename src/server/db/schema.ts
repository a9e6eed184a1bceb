// The database as Kysely sees it: each feature declares its own tables and they are joined here.
import type { AuditTables } from '../features/audit/audit.tables';
import type { AuthTables } from '../features/auth/auth.tables';
import type { SurveyTables } from '#server/features/surveys/campaigns.tables';
import type { ResponseTables } from '#server/features/responses/responses.tables';
import type { ConsentTables } from '#server/features/consent/consent.tables';
import type { ContactTables } from '../features/contact/contact.tables';
import type { ContentTables } from './content-version';
import type { ListingTables } from '../features/listings/listings.tables';
import type { LeadTables } from '../features/leads/leads.tables';
import type { MediaTables } from '../features/media/media.tables';
import type { NotificationTables } from '../features/notifications/notifications.tables';
import type { PrivacyTables } from '#server/features/privacy/job-leases.tables';
import type { SettingsTables } from '../features/settings/settings.tables';

export type Database = AuthTables & MediaTables & ListingTables & SurveyTables & ResponseTables & ContactTables & NotificationTables & ContentTables & LeadTables & SettingsTables & ConsentTables & AuditTables & PrivacyTables;

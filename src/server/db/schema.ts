// The database as Kysely sees it: each feature declares its own tables and they are joined here.
import type { AuthTables } from '../features/auth/auth.tables';
import type { CampaignTables } from '../features/campaigns/campaigns.tables';
import type { ContactTables } from '../features/contact/contact.tables';
import type { ListingTables } from '../features/listings/listings.tables';
import type { MediaTables } from '../features/media/media.tables';

export type Database = AuthTables & MediaTables & ListingTables & CampaignTables & ContactTables;

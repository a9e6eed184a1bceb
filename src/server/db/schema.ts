// The database as Kysely sees it: each feature declares its own tables and they are joined here.
import type { AuthTables } from '../features/auth/auth.tables';
import type { CampaignTables } from '../features/campaigns/campaigns.tables';

export type Database = AuthTables & CampaignTables;

// The database as Kysely sees it: each feature declares its own tables and they are joined here.
import type { AuthTables } from '../features/auth/auth.tables';
import type { ContactTables } from '../features/contact/contact.tables';

export type Database = AuthTables & ContactTables;

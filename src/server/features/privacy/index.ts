/**
 * A person's rights: erasure and the access export, walking every feature's
 * personal-data declaration (the list is made at the composition root, personal-data.registry.ts).
 */
export { privacyRoutes } from './privacy.routes';
export { erasePerson, exportPerson } from './privacy.service';
export { RetentionJob } from './retention';
export type { PrivacyTables } from './job-leases.tables';

import type { PersonalData } from '#server/lib/personal-data';

/** The calls that brought a lead in by API: the portal's name for it (source, external id), when, and whether the call made the lead. */
export const personalData: PersonalData = {
  feature: 'inbound',
  tables: ['inbound_leads'],
  async export(db, leadId) {
    return db.selectFrom('inboundLeads').select(['source', 'externalId', 'created', 'createdAt']).where('leadId', '=', leadId).orderBy('createdAt').execute();
  },
  async erase(trx, leadId) {
    await trx.deleteFrom('inboundLeads').where('leadId', '=', leadId).execute();
  },
};

import type { PersonalData } from '#server/lib/personal-data';

/** A person's requests: on erasure they stay, closed, naming no one (that a request was handled). */
export const personalData: PersonalData = {
  feature: 'privacy',
  tables: ['privacy_requests'],
  export: (db, leadId) =>
    db.selectFrom('privacyRequests').select(['kind', 'status', 'createdAt', 'confirmedAt', 'closedAt']).where('leadId', '=', leadId).execute(),
  async erase(trx, leadId) {
    await trx.updateTable('privacyRequests').set({ leadId: null, status: 'closed', closedAt: new Date() }).where('leadId', '=', leadId).execute();
  },
};

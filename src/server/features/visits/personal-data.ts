import type { PersonalData } from '#server/lib/personal-data';
import { deleteVisitsOfLead, visitIdsOfLead, visitRowsOfLead } from './visits.repository';

/**
 * Site visits: each visit keeps the e-mail, name and phone given with it; its seats and
 * queued mails name it. All exported; all erased with the person.
 */
export const personalData: PersonalData = {
  feature: 'visits',
  tables: ['visits', 'visit_seats', 'visit_mails'],
  export: (db, leadId) => visitRowsOfLead(db, leadId),
  async erase(trx, leadId) {
    const ids = await visitIdsOfLead(trx, leadId);
    if (ids.length === 0) return;
    await deleteVisitsOfLead(trx, leadId, ids);
  },
};

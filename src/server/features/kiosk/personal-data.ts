import type { PersonalData } from '#server/lib/personal-data';
import { conflictsOfResponses, deleteKioskResponsesOfLead, kioskResponsesOfLead } from './kiosk.repository';

/** A tablet's answers as they arrived (their e-mail or phone inside) and the conflicting ones kept beside them. */
export const personalData: PersonalData = {
  feature: 'kiosk',
  tables: ['kiosk_responses', 'kiosk_conflicts'],
  async export(db, leadId) {
    const rows = await kioskResponsesOfLead(db, leadId);
    const conflicts = await conflictsOfResponses(
      db,
      rows.map((r) => r.id),
    );
    return {
      tabletAnswers: rows.map((r) => ({ ...r, body: JSON.parse(r.body) as unknown })),
      conflicting: conflicts.map((c) => ({ ...c, body: JSON.parse(c.body) as unknown })),
    };
  },
  erase: (trx, leadId) => deleteKioskResponsesOfLead(trx, leadId),
};

import type { PersonalData } from '#server/lib/personal-data';

/** A tablet's answers as they arrived (their e-mail or phone inside) and the conflicting ones kept beside them. */
export const personalData: PersonalData = {
  feature: 'kiosk',
  tables: ['kiosk_responses', 'kiosk_conflicts'],
  async export(db, leadId) {
    const rows = await db
      .selectFrom('kioskResponses')
      .select(['id', 'body', 'answeredAt', 'receivedAt', 'via'])
      .where('leadId', '=', leadId)
      .orderBy('receivedAt')
      .execute();
    const ids = rows.map((r) => r.id);
    const conflicts =
      ids.length === 0 ? [] : await db.selectFrom('kioskConflicts').select(['responseId', 'body', 'receivedAt']).where('responseId', 'in', ids).execute();
    return {
      tabletAnswers: rows.map((r) => ({ ...r, body: JSON.parse(r.body) as unknown })),
      conflicting: conflicts.map((c) => ({ ...c, body: JSON.parse(c.body) as unknown })),
    };
  },
  async erase(trx, leadId) {
    // The conflicts go with their answer (foreign key, on delete cascade).
    await trx.deleteFrom('kioskResponses').where('leadId', '=', leadId).execute();
  },
};

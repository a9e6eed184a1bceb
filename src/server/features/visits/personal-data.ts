import type { PersonalData } from '#server/lib/personal-data';

/**
 * Site visits: each visit keeps the e-mail, name and phone given with it; its seats and
 * queued mails name it. All exported; all erased with the person.
 */
export const personalData: PersonalData = {
  feature: 'visits',
  tables: ['visits', 'visit_seats', 'visit_mails'],
  export: (db, leadId) => db.selectFrom('visits').selectAll().where('leadId', '=', leadId).orderBy('startsAt').execute(),
  async erase(trx, leadId) {
    const ids = (await trx.selectFrom('visits').select('id').where('leadId', '=', leadId).execute()).map((r) => r.id);
    if (ids.length === 0) return;
    await trx.deleteFrom('visitMails').where('visitId', 'in', ids).execute();
    await trx.deleteFrom('visitSeats').where('visitId', 'in', ids).execute();
    await trx.deleteFrom('visits').where('leadId', '=', leadId).execute();
  },
};

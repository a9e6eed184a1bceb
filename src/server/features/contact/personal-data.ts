import type { PersonalData } from '#server/lib/personal-data';

/**
 * Contact messages: each keeps the name and e-mail as typed (decision 0016), and the
 * phone given with it and the listing it is about (its kind, id and name then): every column is
 * exported and the whole row erased.
 */
export const personalData: PersonalData = {
  feature: 'contact',
  tables: ['contact_messages'],
  export: (db, leadId) => db.selectFrom('contactMessages').selectAll().where('leadId', '=', leadId).orderBy('createdAt').execute(),
  async erase(trx, leadId) {
    await trx.deleteFrom('contactMessages').where('leadId', '=', leadId).execute();
  },
};

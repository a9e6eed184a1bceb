import type { PersonalData } from '#server/lib/personal-data';
import { deleteMessagesOfLead, messageRowsOfLead } from './contact.repository';

/**
 * Contact messages: each keeps the name and e-mail as typed (decision 0016), and the
 * phone given with it and the listing it is about (its kind, id and name then): every column is
 * exported and the whole row erased.
 */
export const personalData: PersonalData = {
  feature: 'contact',
  tables: ['contact_messages'],
  export: (db, leadId) => messageRowsOfLead(db, leadId),
  erase: (trx, leadId) => deleteMessagesOfLead(trx, leadId),
};

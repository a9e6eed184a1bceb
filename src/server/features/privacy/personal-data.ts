import type { PersonalData } from '#server/lib/personal-data';
import { closeRequestsOfLead, requestsOfLead } from './privacy.repository';

/** A person's requests: on erasure they stay, closed, naming no one (that a request was handled). */
export const personalData: PersonalData = {
  feature: 'privacy',
  tables: ['privacy_requests'],
  export: (db, leadId) => requestsOfLead(db, leadId),
  erase: (trx, leadId) => closeRequestsOfLead(trx, leadId, new Date()),
};

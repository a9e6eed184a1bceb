import type { PersonalData } from '#server/lib/personal-data';
import { deleteInboundCallsOfLead, inboundCallsOfLead } from './inbound.repository';

/** The calls that brought a lead in by API: the portal's name for it (source, external id), when, and whether the call made the lead. */
export const personalData: PersonalData = {
  feature: 'inbound',
  tables: ['inbound_leads'],
  export: (db, leadId) => inboundCallsOfLead(db, leadId),
  erase: (trx, leadId) => deleteInboundCallsOfLead(trx, leadId),
};

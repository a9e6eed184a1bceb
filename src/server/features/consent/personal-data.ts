import type { PersonalData } from '#server/lib/personal-data';
import {
  consentsWithNoticesOfLead,
  deleteConsentsOfLead,
  deleteNewsletterConfirmationsOfLead,
  hashUnsubscribe,
  newsletterConfirmationsOfLead,
  unsubscribesOfLead,
  unsubscribesOfPerson,
} from './consent.repository';
import { unsubscribeHash } from './unsubscribe-hash';

/**
 * Consents (what notice the person saw, whether they ticked the newsletter) and unsubscribes. An
 * unsubscribe survives erasure only as a hash of the address, so the person is still never mailed.
 */
export const personalData: PersonalData = {
  feature: 'consent',
  tables: ['consents', 'unsubscribes', 'newsletter_confirmations'],
  async export(db, leadId) {
    const consents = await consentsWithNoticesOfLead(db, leadId);
    const unsubscribes = await unsubscribesOfLead(db, leadId);
    const newsletterConfirmations = await newsletterConfirmationsOfLead(db, leadId);
    return { consents: consents.map((c) => ({ ...c, granted: Boolean(c.granted) })), unsubscribes, newsletterConfirmations };
  },
  async erase(trx, leadId, context) {
    await deleteNewsletterConfirmationsOfLead(trx, leadId);
    await deleteConsentsOfLead(trx, leadId);
    const rows = await unsubscribesOfPerson(trx, leadId, new Set(context.emailKeys));
    for (const row of rows) {
      if (row.emailKey.startsWith('sha256:')) continue;
      await hashUnsubscribe(trx, row.id, unsubscribeHash(row.emailKey));
    }
  },
};

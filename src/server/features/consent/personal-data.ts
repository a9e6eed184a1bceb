import type { PersonalData } from '#server/lib/personal-data';
import { unsubscribeHash } from './unsubscribe-hash';

/**
 * Consents (what notice the person saw, whether they ticked the newsletter) and unsubscribes. An
 * unsubscribe survives erasure only as a hash of the address, so the person is still never mailed.
 */
export const personalData: PersonalData = {
  feature: 'consent',
  tables: ['consents', 'unsubscribes', 'newsletter_confirmations'],
  async export(db, leadId) {
    // Each with the words the person was shown, in the language they read them in (decision 0027).
    const consents = await db
      .selectFrom('consents')
      .leftJoin('consentNotices', (join) =>
        join
          .onRef('consentNotices.purpose', '=', 'consents.noticePurpose')
          .onRef('consentNotices.language', '=', 'consents.noticeLanguage')
          .onRef('consentNotices.version', '=', 'consents.noticeVersion'),
      )
      .select([
        'consents.purpose',
        'consents.noticePurpose',
        'consents.noticeLanguage',
        'consents.noticeVersion',
        'consents.noticeHash',
        'consentNotices.text as noticeText',
        'consents.granted',
        'consents.source',
        'consents.createdAt',
        'consents.confirmedAt',
      ])
      .where('consents.leadId', '=', leadId)
      .orderBy('consents.createdAt')
      .execute();
    const unsubscribes = await db.selectFrom('unsubscribes').select(['emailKey', 'createdAt']).where('leadId', '=', leadId).execute();
    // The newsletter confirmation links mailed to the person (double opt-in, decision 0018).
    const newsletterConfirmations = await db
      .selectFrom('newsletterConfirmations')
      .select(['language', 'createdAt', 'expiresAt', 'usedAt'])
      .where('leadId', '=', leadId)
      .orderBy('createdAt')
      .execute();
    return { consents: consents.map((c) => ({ ...c, granted: Boolean(c.granted) })), unsubscribes, newsletterConfirmations };
  },
  async erase(trx, leadId, context) {
    await trx.deleteFrom('newsletterConfirmations').where('leadId', '=', leadId).execute();
    await trx.deleteFrom('consents').where('leadId', '=', leadId).execute();
    const keys = new Set(context.emailKeys);
    const rows = await trx
      .selectFrom('unsubscribes')
      .select(['id', 'emailKey'])
      .where((eb) => eb.or([eb('leadId', '=', leadId), ...(keys.size ? [eb('emailKey', 'in', [...keys])] : [])]))
      .execute();
    for (const row of rows) {
      if (row.emailKey.startsWith('sha256:')) continue;
      await trx
        .updateTable('unsubscribes')
        .set({ emailKey: unsubscribeHash(row.emailKey), leadId: null })
        .where('id', '=', row.id)
        .execute();
    }
  },
};

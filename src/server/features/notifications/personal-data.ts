import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PersonalData } from '#server/lib/personal-data';
import { deleteLeadEvents, leadEventsAndDeliveries } from './notifications.repository';

/** Outbox events about the person (their payloads carry answers) and their deliveries; sent `.eml` copies. */
export const personalData: PersonalData = {
  feature: 'notifications',
  tables: ['notification_events', 'notification_deliveries'],
  async export(db, leadId) {
    const { events, deliveries } = await leadEventsAndDeliveries(db, leadId);
    return { events: events.map((e) => ({ ...e, payload: e.payload ? (JSON.parse(e.payload) as unknown) : null })), deliveries };
  },
  async erase(trx, leadId, context) {
    await deleteLeadEvents(trx, leadId);
    const keys = context.emailKeys.filter(Boolean);
    if (keys.length === 0) return;
    context.afterCommit(async () => {
      const names = await readdir(context.mailDir).catch(() => [] as string[]);
      for (const name of names) {
        if (!name.endsWith('.eml')) continue;
        const file = path.join(context.mailDir, name);
        const text = (await readFile(file, 'latin1').catch(() => '')).toLowerCase();
        // Addresses may be folded by quoted-printable soft breaks ("=\r\n"): read them unfolded too.
        const unfolded = text.replace(/=\r?\n/g, '');
        if (keys.some((k) => text.includes(k) || unfolded.includes(k))) await rm(file, { force: true });
      }
    });
  },
};

import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { activeCampaigns } from '#server/features/surveys/campaigns.service';
import { addEmailRecord, storeResponse } from '#server/features/responses/responses.service';
import { addContactMessage } from '#server/features/contact/contact.service';
import type { StaffPrincipal } from '#server/features/auth/token';
import { listStaff } from '#server/features/auth/staff.repository';
import { addNote, listLeads, patchLead, setNextAction } from '#server/features/leads/leads.service';
import { createStaff } from '#server/features/auth/auth.service';
import { writeSettingsRow } from '#server/features/settings/settings.repository';
import { randomBytes } from 'node:crypto';
import { bumpContentVersion } from '#server/db/content-version';
import type { LeadStatus } from '#shared/leads/leads.contract';

/** A finished demo survey: what a real visitor would send. */
const ANSWERS = {
  propertyType: 'apartment',
  budget: 20000000,
  bedrooms: 3,
  homeLoan: true,
  localities: ['Indiranagar', 'Whitefield'],
  moveIn: 6,
  notes: 'We would like a balcony with morning sun and a school nearby.',
  phone: '+91 98450 12345',
  callTime: 'Evening',
};

/** Two made-up colleagues, who take the demo leads and no others. */
export const DEMO_STAFF = [
  { name: 'Neha Kulkarni', email: 'neha.kulkarni@example.com' },
  { name: 'Arjun Pillai', email: 'arjun.pillai@example.com' },
];

/** The made-up people the demo leads are (removed in one step with the rest of the demo: demo-content.ts). */
export const DEMO_LEAD_EMAILS = [
  'priya.sharma@example.com',
  'rahul.menon@example.com',
  'karthik.iyer@example.com',
  'ananya.rao@example.com',
  'vikram.nair@example.com',
  'meera.k@example.com',
] as const;

/**
 * A few demo leads in several states, written through the same services as the app's
 * own calls, so they look exactly like real ones. Runs once, on a fresh database, after the demo survey.
 */
export async function seedDemoLeads(db: Kysely<Database>): Promise<void> {
  const [campaign] = await activeCampaigns(db);
  const [staffRow] = await listStaff(db);
  // Two demo colleagues who take leads (no one knows their passwords: an owner can send
  // them a link), and new leads shared out in turn, so every demo lead has an owner.
  for (const person of DEMO_STAFF) {
    await createStaff(db, { ...person, password: randomBytes(24).toString('base64url'), role: 'staff' });
  }
  await writeSettingsRow(db, JSON.stringify({ assignment: { mode: 'round-robin', rules: [] } }), null, new Date());
  await bumpContentVersion(db);

  if (campaign) {
    const done = await addEmailRecord(db, { email: 'priya.sharma@example.com', campaignid: campaign._id });
    await db.transaction().execute((trx) => storeResponse(trx, campaign._id, { email: 'priya.sharma@example.com', emailId: done.emailID, answer: ANSWERS }));
    const other = await addEmailRecord(db, { email: 'rahul.menon@example.com', campaignid: campaign._id });
    await db.transaction().execute((trx) =>
      storeResponse(trx, campaign._id, {
        email: 'rahul.menon@example.com',
        emailId: other.emailID,
        answer: { ...ANSWERS, propertyType: 'villa', budget: 50000000, bedrooms: 4, phone: '+91 99000 54321', callTime: 'Morning' },
      }),
    );
    // Gave an e-mail and stopped: an unfinished survey.
    await addEmailRecord(db, { email: 'karthik.iyer@example.com', campaignid: campaign._id });
  }
  await addContactMessage(db, {
    firstname: 'Ananya',
    lastname: 'Rao',
    email: 'ananya.rao@example.com',
    requestquotation: 'Budget',
    message: 'We just bought a 3 BHK in HSR Layout and would like a quote for the living room and kitchen.\nWeekends suit us best.',
  });
  await addContactMessage(db, {
    firstname: 'Vikram',
    lastname: 'Nair',
    email: 'vikram.nair@example.com',
    requestquotation: 'Homes',
    message: 'Looking for a plot near Sarjapur Road. Please call.',
  });
  await addEmailRecord(db, { email: 'meera.k@example.com', campaignid: null });
  // The demo leads are shared out; from now on the made-up colleagues take none: a real visitor's
  // lead never goes to them by turn (an owner can change it on /dashboard/staff).
  await db
    .updateTable('staffUsers')
    .set({ takesLeads: false })
    .where(
      'email',
      'in',
      DEMO_STAFF.map((p) => p.email),
    )
    .execute();

  if (!staffRow) return;
  const by: StaffPrincipal = { sub: staffRow.id, name: staffRow.name, email: staffRow.email, exp: 0, jti: 'seed', ver: 0, role: 'owner' };
  const work: Array<[string, LeadStatus, string | null]> = [
    ['priya.sharma@example.com', 'contacted', 'Called her; she prefers Indiranagar. Sending three listings on WhatsApp.'],
    ['rahul.menon@example.com', 'visit', 'Site visit booked for Saturday 11:00 at the Whitefield villas.'],
    ['vikram.nair@example.com', 'lost', 'Bought a plot elsewhere.'],
    ['ananya.rao@example.com', 'won', 'Signed the interiors contract for the living room and kitchen.'],
  ];
  for (const [email, status, note] of work) {
    const id = (await listLeads(db, { q: email, limit: 1, offset: 0 })).items[0]?._id;
    if (!id) continue;
    // Each already has its owner (round-robin): staff work it.
    await db.transaction().execute((trx) => patchLead(trx, id, { status }, by));
    if (note) await addNote(db, id, note, by);
  }
  const priya = (await listLeads(db, { q: 'priya.sharma@example.com', limit: 1, offset: 0 })).items[0];
  if (priya)
    await setNextAction(
      db,
      priya._id,
      { text: 'Send the Indiranagar shortlist on WhatsApp', dueAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString() },
      by,
    );
}

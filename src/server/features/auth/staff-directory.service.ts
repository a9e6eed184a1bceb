import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import * as repo from './staff.repository';

/* Who the staff are, as other rooms ask it: names, addresses, who takes leads, who hears of them. */

type Db = Kysely<Database>;

/** The names of these staff members, active or not (a page of leads names its assignees). */
export function staffNames(db: Db, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  return repo.staffNames(db, ids);
}

/** Every active staff user's e-mail: the default recipients of staff notifications. */
export function staffEmails(db: Db): Promise<string[]> {
  return repo.staffEmails(db);
}

/** Who hears of leads and visits: the settings' list less anyone deactivated, or every active staff user when it is empty. */
export function staffRecipients(db: Db, notifyEmails: readonly string[]): Promise<string[]> {
  return repo.staffRecipients(db, notifyEmails);
}

/** Who may be given a new lead now (active, taking leads, not away), by id; read in the lead's transaction. */
export function leadTakers(db: Db): Promise<string[]> {
  return repo.leadTakers(db);
}

/** The staff who take new leads now, with their names, by id. */
export function leadTakersNamed(db: Db): Promise<Array<{ id: string; name: string }>> {
  return repo.leadTakersNamed(db);
}

/** Names and e-mails of these staff members, with their role and whether they are active. */
export function staffContacts(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { id: string; name: string; email: string; role: 'owner' | 'staff'; active: boolean }>> {
  return repo.staffContacts(db, ids);
}

/** Every active staff member (the morning digest goes to each), oldest account first. */
export function activeStaff(db: Db): Promise<Array<{ id: string; name: string; email: string; role: 'owner' | 'staff' }>> {
  return repo.activeStaff(db);
}

/** The active accounts among these e-mails (the demo colleagues, when an owner removes the demo). */
export function activeStaffWithEmails(db: Db, emails: readonly string[]): ReturnType<typeof repo.activeStaffWithEmails> {
  return repo.activeStaffWithEmails(db, emails);
}

/** Deactivates these accounts and ends their sessions. */
export function deactivateStaff(db: Db, ids: readonly string[]): Promise<void> {
  return repo.deactivateStaff(db, ids);
}

import type { Kysely } from 'kysely';
import type { GroupCommitter } from '#server/db/group-commit';
import type { Database } from '#server/db/schema';
import { clientKey } from '#server/lib/client-key';
import { pendingConsent, storeConsent } from '#server/features/consent';
import type { EmailAddResult } from '#shared/responses/responses.contract';
import type { StudioSettings } from '#shared/settings/settings.contract';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { admitArrival, emailGiven, keepEmailRecord, touchEmailLead } from './responses.service';

/** What the e-mail intake is given by the app (app.ts decorations), so the route only parses and answers. */
export interface EmailIntakeDeps {
  /** Lead writes share commits with their neighbours (group commit): one fsync for many leads. */
  writes: GroupCommitter;
  /** The studio's settings, read in the write's transaction. */
  settings: (db: Kysely<Database>) => Promise<StudioSettings>;
  /** The app's clock (tests set it): a channel's schedule is read at this time. */
  clock: () => Date;
  /** Keys the visitor's address (visitor mail is limited per sender, decision 0014). */
  secret: string;
  /** Tells the notification dispatcher an event was recorded. */
  wake: () => void;
}

/** The answer to POST /api/email/add: 201 when the person's record was created, 200 otherwise. */
export interface EmailIntakeAnswer {
  created: boolean;
  body: EmailAddResult;
}

/**
 * A visitor gives their e-mail (POST /api/email/add), in one transaction: the settings, where they
 * came from, the consent as shown, their lead, the e-mail record and its event, the consent stored,
 * their assignment; then the dispatcher is woken and the answer chosen.
 */
export async function takeVisitorEmail(
  deps: EmailIntakeDeps,
  input: Parameters<typeof admitArrival>[1] & Parameters<typeof pendingConsent>[3] & { email: string; campaignid: string | null },
  ip: string,
): Promise<EmailIntakeAnswer> {
  const sender = () => clientKey(deps.secret, 'visitor-mail', ip);
  const added = await deps.writes.run(async (trx) => {
    // Read in the write's transaction: on SQLite a read outside it would wait for the connection
    // the batch holds. The settings serve the assignment too.
    const settings = await deps.settings(trx);
    // A channel's link, UTM values, referrer (README "Channels"): checked first, the channel locked for this transaction.
    const arrival = await admitArrival(trx, input, deps.clock, () => settings);
    // What the visitor was shown, and whether they ticked the newsletter box: stored with the record.
    const consent = await pendingConsent(trx, settings, 'landing', input);
    const given = emailGiven(input, arrival);
    const lead = await touchEmailLead(trx, given);
    // The record, and its event: lead.created for a new person, survey.resume_link for one with answers kept.
    const { assign, ...result } = await keepEmailRecord(trx, given, lead, sender, settings, { deferAssignment: true });
    // A ticked box stays pending until the address confirms it (decision 0018): the link is queued here.
    const confirmation = await storeConsent(trx, consent, { leadId: result.leadId, recordId: result.emailID, email: input.email, sender });
    // A new person's assignment last: by turn it holds the routing row's lock until commit (decision 0046).
    await assign?.();
    return { ...result, event: result.event || confirmation };
  });
  if (added.event) deps.wake();
  if (added.resumeLinkSent) {
    // The spec's answer (200, emailID) plus a flag the client reads: the answers so far stay
    // unseen, and a link to continue went to the mailbox.
    return { created: false, body: { emailID: added.emailID, message: CAMPAIGN_MESSAGES.resumeLinkSent, newsletter: false, resumeLinkSent: true } };
  }
  // A page that shows the newsletter box says "on the list" only when it was ticked.
  const message = !added.newsletter
    ? CAMPAIGN_MESSAGES.emailSaved
    : input.newsletter === false
      ? CAMPAIGN_MESSAGES.emailKept
      : CAMPAIGN_MESSAGES.newsletterSaved;
  return { created: added.created, body: { emailID: added.emailID, message, newsletter: added.newsletter } };
}

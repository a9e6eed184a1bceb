import type { EmailAddResult } from '#shared/responses/responses.contract';
import { addEmail } from './campaigns-api';
import type { ConsentFields } from '#shared/consent/consent.contract';

/*
 * The visitor's e-mail record for the campaign they start ("a survey that opens at once"):
 * the click on "Choose Your Lifestyle" sends the e-mail and goes to /startsurvey at once, and the
 * runner shows the first question while the record is stored. The runner takes the landing page's
 * request; without one (a reload, a retry) it asks again: the server then answers with an attempt of
 * its own (an e-mail alone never gets back the person's record).
 */

/** What the landing pages send beside the e-mail: the consent fields and, from a short link, where the visitor came from. */
export type EmailExtras = ConsentFields & { channel?: string; utm?: Record<string, string>; referrer?: string };

let ahead: { email: string; campaignId: string; request: Promise<EmailAddResult> } | null = null;

/** Sends the e-mail for this campaign now, for the runner to take (landing page, on the click). */
export function recordEmailAhead(email: string, campaignId: string, consent: EmailExtras = {}): void {
  const request = addEmail(email, campaignId, consent);
  request.catch(() => undefined); // the runner reports it
  ahead = { email, campaignId, request };
}

/** The record of this e-mail for this campaign: the request sent on the click, else a new one. */
export function emailRecord(email: string, campaignId: string): Promise<EmailAddResult> {
  const sent = ahead && ahead.email === email && ahead.campaignId === campaignId ? ahead.request : null;
  ahead = null;
  return sent ?? addEmail(email, campaignId);
}

/**
 * The record's request sent on the click, without taking it (the runner takes it): the survey's first
 * page shown before SurveyJS (light-survey.tsx) watches it, to let the runner say what went wrong.
 */
export function emailRecordAhead(email: string, campaignId: string): Promise<EmailAddResult> | null {
  return ahead && ahead.email === email && ahead.campaignId === campaignId ? ahead.request : null;
}

import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { toIso } from '#server/db/database';
import { projectPagePath } from '#shared/paths';
import { DEFAULT_LANGUAGE, localizedPath, type Language } from '#shared/i18n/languages';
import { textsIn } from '#shared/i18n/translate';
import { findListingSummary } from '#server/features/listings';
import { visitInvite } from './visit-invite';
import { manageUrl, visitLanguage, visitWithToken, type VisitContext } from './visits.service';
import type { VisitRow } from './visits.repository';

/** What a visit's calendar is made from: the app's address and secret (the manage link) and the studio as mail names it. */
export interface VisitCalendarSource {
  db: Kysely<Database>;
  siteUrl: string;
  secret: string;
  studio(): Promise<{ name: string; email: string; address: string }>;
}

type Invite = ReturnType<typeof visitInvite>;

export interface VisitInvitations {
  language: Language;
  /** The studio location (its name and street address), or the studio when the location is gone. */
  place: { name: string; email: string; address: string };
  /** The home the visit was booked from, named as it was then, with its page in the visit's language. */
  home?: { name: string; url: string };
  /** The visitor's link to move or cancel. */
  link: string;
  start: Date;
  end: Date;
  /** Staff's invitation, in English. */
  staff: Invite;
  /** The visitor's: the same event titled in the visit's language; staff's for an English visit. */
  visitor: Invite;
}

/**
 * A visit's invitations as they stand now (`now` is their DTSTAMP): the calendar the invitation,
 * update and reminder mails attach, and the one the visitor downloads from the booking's
 * confirmation (GET /api/visits/:id/calendar).
 */
export async function visitInvitations(source: VisitCalendarSource, visit: VisitRow, now: Date): Promise<VisitInvitations> {
  const studio = await source.studio();
  const location = await findListingSummary(source.db, 'studio', visit.studioId);
  const start = new Date(toIso(visit.startsAt));
  const end = new Date(toIso(visit.endsAt));
  const language = visitLanguage(visit);
  const link = await manageUrl(source, visit.id, end, language);
  // LOCATION: the studio location's name and street address (a calendar app maps it).
  const place = {
    name: location?.name ?? studio.name,
    email: studio.email,
    address: location ? [location.name, location.address || studio.name].join(', ') : studio.address,
  };
  const home =
    visit.listingId && visit.listingName
      ? { name: visit.listingName, url: `${source.siteUrl.replace(/\/+$/, '')}${localizedPath(language, projectPagePath(visit.listingId))}` }
      : undefined;
  const inviteOf = (texts?: { summary: string; description: string }) =>
    visitInvite({
      visitId: visit.id,
      sequence: visit.sequence,
      start,
      end,
      cancelled: visit.status === 'cancelled',
      studio: place,
      visitor: { email: visit.email, name: visit.name },
      stamp: now,
      manageUrl: link,
      ...(texts ? { texts } : {}),
      ...(home ? { listing: home } : {}),
    });
  const staff = inviteOf();
  const t = textsIn(language);
  const visitor =
    language === DEFAULT_LANGUAGE
      ? staff
      : inviteOf({
          summary: t('mail.visit.inviteSummary', { place: place.name }),
          description: t('mail.visit.inviteDescription', { place: place.name, link }),
        });
  return { language, place, ...(home ? { home } : {}), link, start, end, staff, visitor };
}

/** The visitor's calendar of one visit, for the holder of its manage link's token. */
export async function visitorCalendar(ctx: VisitContext, id: string, token: string): Promise<string> {
  const visit = await visitWithToken(ctx, id, token);
  return (await visitInvitations(ctx, visit, ctx.now())).visitor.content;
}

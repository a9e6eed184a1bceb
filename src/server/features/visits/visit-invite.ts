import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

export interface InviteInput {
  /** The visit's id: the UID stays the same through moves and the cancellation. */
  visitId: string;
  sequence: number;
  start: Date;
  end: Date;
  cancelled: boolean;
  studio: { name: string; email: string; address: string };
  visitor: { email: string; name: string | null };
  /** DTSTAMP: when this version of the invitation was made. */
  stamp: Date;
  manageUrl: string;
  /** The event's title and description in the visit's language; English when left out. */
  texts?: { summary: string; description: string };
  /** The home the visit was booked from, with its page: named in the title and the description. */
  listing?: { name: string; url: string };
}

/** The invitation's UID: stable per visit, unique to this site. */
export const inviteUid = (visitId: string) => `visit-${visitId}@abode`;

/**
 * A site visit as an RFC 5545 calendar (ical-generator): METHOD:REQUEST for a booked or moved visit,
 * METHOD:CANCEL (STATUS:CANCELLED) for a cancelled one; times in UTC. Calendar apps match updates
 * by UID and take the highest SEQUENCE.
 */
export function visitInvite(input: InviteInput): { method: 'REQUEST' | 'CANCEL'; content: string } {
  const method = input.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({ prodId: { company: 'Abode', product: 'Site visits', language: 'EN' }, method });
  calendar.createEvent({
    id: inviteUid(input.visitId),
    sequence: input.sequence,
    stamp: input.stamp,
    start: input.start,
    end: input.end,
    summary: `${input.texts?.summary ?? `Site visit at ${input.studio.name}`}${input.listing ? ` — ${input.listing.name}` : ''}`,
    location: input.studio.address,
    description: `${input.listing ? `${input.listing.name}: ${input.listing.url}\n\n` : ''}${input.texts?.description ?? `Your site visit at ${input.studio.name}. To move or cancel it: ${input.manageUrl}`}`,
    url: input.manageUrl,
    status: input.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: input.studio.name, email: input.studio.email },
    attendees: [
      {
        email: input.visitor.email,
        ...attendeeName(input.visitor.name, input.studio.name),
        role: ICalAttendeeRole.REQ,
        status: input.cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
  });
  return { method: input.cancelled ? 'CANCEL' : 'REQUEST', content: calendar.toString() };
}

/** The longest attendee name an invitation carries. */
export const ATTENDEE_NAME_MAX = 60;

/**
 * The visitor's name as the invitation's attendee (decision 0014: what a visitor typed goes to an
 * address they named): control and format characters out, spaces collapsed, at most
 * ATTENDEE_NAME_MAX characters, and no name at all when it could pass for the studio (it names the
 * studio, or carries an address or a link), so the e-mail address alone stands for the attendee.
 */
export function attendeeName(name: string | null, studioName: string): { name?: string } {
  if (!name) return {};
  const clean = [
    ...name
      .normalize('NFKC')
      .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
      .replace(/"/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  ]
    .slice(0, ATTENDEE_NAME_MAX)
    .join('')
    .trim();
  const studio = studioName.trim().toLowerCase();
  if (!clean || /[@<>:/\\]|mailto|https?|www\./i.test(clean) || (studio !== '' && clean.toLowerCase().includes(studio))) return {};
  return { name: clean };
}

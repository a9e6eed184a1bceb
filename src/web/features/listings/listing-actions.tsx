import { telHref, whatsAppHref } from '#shared/phone';
import { PhoneIcon } from '#web/components/icons';
import { useSiteSettings } from '#web/lib/site-settings';
import { useLocalizedPath, useT } from '#web/lib/i18n';
import { ListingEnquiry } from '#web/features/contact';
import { VisitBooking } from '#web/features/visits';
import { ENQUIRE_ID, siteVisitHref, type ListingIntent } from './listing-page-query';

/** What the buttons name: the listing and its page's address (absolute, for a chat). */
export interface ListingRef {
  kind: 'project' | 'product';
  name: string;
  /** Site path of the listing's page. */
  path: string;
  /** Its id and where it is (a home's area): a visit booked from its page names it and starts at the studio in its city. */
  id?: string;
  place?: string;
}

/** The prefilled WhatsApp message: the listing named, and its page's address. */
export function whatsAppText(listing: ListingRef, origin: string): string {
  const what = listing.kind === 'project' ? `the home ${listing.name}` : `the ${listing.name}`;
  return `Hello, I am interested in ${what}: ${origin}${listing.path}`;
}

/**
 * Book a site visit (homes), WhatsApp and call: every one works without script. A site visit is
 * booked on the page when a studio takes bookings; otherwise (and without script) it is
 * the page's enquiry with a site visit chosen.
 */
export function ListingActions({ listing }: { listing: ListingRef }) {
  const site = useSiteSettings();
  const t = useT();
  const localized = useLocalizedPath();
  // The same text as whatsAppText in English; in Hindi, with the Hindi page's address.
  const chat = t(listing.kind === 'project' ? 'actions.whatsAppHome' : 'actions.whatsAppPiece', {
    name: listing.name,
    url: `${site.origin}${localized(listing.path)}`,
  });
  return (
    <div className="listing-actions">
      {listing.kind === 'project' ? (
        <VisitBooking
          listing={listing.id ? { id: listing.id, place: listing.place ?? '' } : undefined}
          fallback={
            <a className="button button--accent listing-actions__visit" href={siteVisitHref(listing.path)}>
              {t('actions.bookVisit')}
            </a>
          }
        />
      ) : (
        <a className="button button--accent listing-actions__visit" href={`#${ENQUIRE_ID}`}>
          {t('actions.askPiece')}
        </a>
      )}
      <a className="button listing-actions__whatsapp" href={whatsAppHref(site.whatsapp, chat)} target="_blank" rel="noopener noreferrer">
        <WhatsAppIcon />
        WhatsApp<span className="visually-hidden">{t('actions.whatsAppAbout', { name: listing.name })}</span>
      </a>
      <a className="button listing-actions__call" href={telHref(site.phone)}>
        <PhoneIcon />
        {t('actions.call')}
        <span className="visually-hidden">{t('actions.callTheStudio')}</span> {site.phone}
      </a>
    </div>
  );
}

function WhatsAppIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.7.8-.8 1-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .1-1.2c0-.1-.2-.2-.4-.3z"
      />
    </svg>
  );
}

/**
 * Where "Ask about this home" lives: the enquiry form of the contact room
 * (features/contact/listing-enquiry.tsx), with "site visit" chosen when "Book a site visit" led here.
 */
export function ListingEnquirySection({ listing, id, intent }: { listing: ListingRef; id: string; intent: ListingIntent }) {
  return (
    <div className="listing-section listing-enquire" id={ENQUIRE_ID}>
      <ListingEnquiry key={intent} kind={listing.kind} listing={{ _id: id, name: listing.name }} intent={intent === 'visit' ? 'site visit' : 'question'} />
    </div>
  );
}

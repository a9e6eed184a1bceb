import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { EnquiryListingKind, EnquiryTopic } from '#shared/contact/contact.contract';
import { listingPagePath, paths } from '#shared/paths';
import { useSiteSettings } from '#web/lib/site-settings';
import { useT } from '#web/lib/i18n';
import { PageMeta } from '#web/components/page-meta';
import { fetchListings } from './listings-api';
import { ListingEnquiry, listingContactLinks, type EnquiryListing } from '#web/features/contact';

/*
 * "Ask about this home" on a page of its own: `/enquiry?project=<id>` or `?product=<id>`,
 * with `&intent=site visit` for "Book a site visit". The listings' own pages mount the same form; this
 * page is where a link can send a visitor about any one listing, and where the form is proved in a
 * browser (tests/e2e/listing-enquiry.e2e.ts).
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const kind: EnquiryListingKind = query.has('product') ? 'product' : 'project';
  const id = query.get(kind) ?? '';
  const intent: EnquiryTopic = query.get('intent') === 'site visit' ? 'site visit' : 'question';
  let listing: EnquiryListing | null = null;
  if (kind === 'project') {
    const found = (await fetchListings('project', { signal: request.signal })).find((p) => p._id === id);
    if (found) listing = { _id: found._id, name: found.name };
  } else {
    const found = (await fetchListings('product', { signal: request.signal })).find((p) => p._id === id);
    if (found) listing = { _id: found._id, name: found.productname };
  }
  return data({ kind, intent, listing }, { status: listing ? 200 : 404 });
}

export function Component() {
  const { kind, intent, listing } = useLoaderData<typeof loader>();
  const site = useSiteSettings();
  const t = useT();
  const eyebrow = t(kind === 'project' ? 'nav.homes' : 'nav.decor');
  if (!listing) {
    return (
      <>
        <PageMeta title={t('enquiryPage.gone')} description={t('enquiryPage.goneDescription', { kind })} />
        <meta name="robots" content="noindex" />
        <header className="page-intro">
          <p className="eyebrow">{eyebrow}</p>
          <h1>{t('enquiryPage.goneTitle', { kind })}</h1>
          <p>
            {t('enquiryPage.goneBefore')}
            <Link to={kind === 'project' ? paths.projects : paths.products}>{t('enquiryPage.goneList', { kind })}</Link>
            {t('enquiryPage.goneMiddle')}
            <Link to={paths.contact}>{t('enquiryPage.goneContact')}</Link>
            {t('enquiryPage.goneAfter')}
          </p>
        </header>
      </>
    );
  }
  const page = `${site.origin}${listingPagePath(kind, listing._id)}`;
  const links = listingContactLinks(site, listing, kind, page);
  return (
    <>
      <PageMeta
        title={`${t(kind === 'project' ? 'enquiry.headingHome' : 'enquiry.headingPiece')}: ${listing.name}`}
        description={t('enquiryPage.description', { studio: site.name, name: listing.name })}
      />
      <meta name="robots" content="noindex" />
      <header className="page-intro">
        <p className="eyebrow">{eyebrow}</p>
        <h1>{listing.name}</h1>
        <p>{t('enquiryPage.intro')}</p>
      </header>
      <div className="enquiry-page">
        <ListingEnquiry kind={kind} listing={listing} intent={intent} back="enquiry" />
        <aside className="enquiry-page__direct" aria-labelledby="enquiry-direct-title">
          <h2 id="enquiry-direct-title">{t('enquiryPage.direct')}</h2>
          <p>
            <a className="button" href={links.whatsApp} target="_blank" rel="noopener noreferrer">
              {t('enquiryPage.whatsApp', { name: listing.name })}
              <span className="visually-hidden">{t('detail.opensNewTab')}</span>
            </a>
          </p>
          <p>
            <a className="button listing-enquiry__again" href={links.call}>
              {t('enquiryPage.call', { phone: site.phone })}
            </a>
          </p>
        </aside>
      </div>
    </>
  );
}

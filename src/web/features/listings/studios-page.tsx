import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Studio } from '#shared/listings/listings.contract';
import { useSiteSettings } from '#web/lib/site-settings';
import { PageMeta } from '#web/components/page-meta';
import { useT } from '#web/lib/i18n';
import { CardGrid, ListingsPage } from './card-grid';
import { fetchListings } from './listings-api';
import { useListingInLanguage } from './listing-language';
import { ListingsError } from './listings-error';

function useHeading() {
  const t = useT();
  return { eyebrow: t('studios.eyebrow'), title: t('studios.title') };
}

export function loader({ request }: LoaderFunctionArgs) {
  return fetchListings('studio', { signal: request.signal });
}

export function Component() {
  const site = useSiteSettings();
  const inLanguage = useListingInLanguage();
  const studios = useLoaderData<Studio[]>().map(inLanguage);
  const t = useT();
  return (
    <>
      <PageMeta title={t('studios.metaTitle')} description={t('studios.description', { studio: site.name })} />
      <ListingsPage {...useHeading()} intro={t('studios.intro')}>
        <CardGrid
          label={t('studios.metaTitle')}
          emptyText={t('studios.empty')}
          cards={studios.map((studio) => ({
            id: studio._id,
            image: studio.image,
            imageAlt: t('listings.pictureOf', { name: studio.title }),
            title: studio.title,
            body: (
              <>
                <address className="listing-card__address">{studio.address}</address>
                <a
                  className="listing-card__link"
                  href={studio.gmaplink}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('listings.googleMapLabel', { name: studio.title })}
                >
                  {t('listings.googleMap')}
                </a>
              </>
            ),
          }))}
        />
      </ListingsPage>
    </>
  );
}

export function ErrorBoundary() {
  return <ListingsError {...useHeading()} what="studios" />;
}

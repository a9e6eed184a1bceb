import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Studio } from '#shared/listings/listings.contract';
import { useSiteSettings } from '#web/app/site-settings';
import { PageMeta } from '#web/components/page-meta';
import { CardGrid, ListingsPage } from './card-grid';
import { fetchListings } from './listings-api';
import { ListingsError } from './listings-error';

const HEADING = { eyebrow: 'Studio', title: 'Visit a studio' };

export function loader({ request }: LoaderFunctionArgs) {
  return fetchListings('studio', { signal: request.signal });
}

export function Component() {
  const site = useSiteSettings();
  const studios = useLoaderData<Studio[]>();
  return (
    <>
      <PageMeta
        title="Studios"
        description={`Find a ${site.name} studio near you: addresses and Google map links for our design studios.`}
      />
      <ListingsPage {...HEADING} intro="Walk in to see materials and finishes, and sit down with a designer. Here is where to find us.">
        <CardGrid
          label="Studios"
          emptyText="No studios are listed right now. Write to us and we will meet you where it suits you."
          cards={studios.map((studio) => ({
            id: studio._id,
            image: studio.image,
            imageAlt: `Picture of ${studio.title}`,
            title: studio.title,
            body: (
              <>
                <address className="listing-card__address">{studio.address}</address>
                <a
                  className="listing-card__link"
                  href={studio.gmaplink}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Google map: ${studio.title} (opens in a new tab)`}
                >
                  Google map
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
  return <ListingsError {...HEADING} what="studios" />;
}

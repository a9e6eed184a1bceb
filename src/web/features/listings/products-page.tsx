import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Product } from '#shared/listings/listings.contract';
import { productPagePath } from '#shared/paths';
import { useSiteSettings } from '#web/app/site-settings';
import { productOffers } from '#web/app/structured-data';
import { JsonLd } from '#web/components/json-ld';
import { PageMeta } from '#web/components/page-meta';
import { CardGrid, ListingsPage } from './card-grid';
import { formatRupees } from './listing-format';
import { fetchListings } from './listings-api';
import { ListingsError } from './listings-error';

const HEADING = { eyebrow: 'Decor', title: 'Decor for every room' };

export function loader({ request }: LoaderFunctionArgs) {
  return fetchListings('product', { signal: request.signal });
}

export function Component() {
  const site = useSiteSettings();
  const products = useLoaderData<Product[]>();
  return (
    <>
      <JsonLd data={productOffers(site, products)} />
      <PageMeta
        image={products[0]?.image}
        title="Decor"
        description={`Handpicked furniture, lighting, rugs and planters from ${site.name}, with prices in rupees.`}
      />
      <ListingsPage {...HEADING} intro="Furniture, lighting and accents our designers choose for the homes we build, ready for yours.">
        <CardGrid
          label="Decor"
          emptyText="No decor is listed right now. Ask us for a quote and we will help you choose."
          cards={products.map((product) => ({
            id: product._id,
            href: productPagePath(product._id),
            image: product.image,
            imageAlt: `Picture of ${product.productname}`,
            title: product.productname,
            body: (
              <>
                <p className="listing-card__description">{product.description}</p>
                {/* Optional (issue 16): the room and style tags staff gave it. */}
                {product.tags?.length ? (
                  <p className="listing-card__tags">
                    <span className="visually-hidden">Tags: </span>
                    {product.tags.join(', ')}
                  </p>
                ) : null}
                <p className="listing-card__price">
                  <span className="visually-hidden">Price: </span>
                  {formatRupees(product.price)}
                </p>
              </>
            ),
          }))}
        />
      </ListingsPage>
    </>
  );
}

export function ErrorBoundary() {
  return <ListingsError {...HEADING} what="decor" />;
}

import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { filtersQuery, isUnfiltered, parseFilters } from '#shared/listings/listing-filters';
import { paths, productPagePath } from '#shared/paths';
import { useSiteSettings } from '#web/app/site-settings';
import { productOffers } from '#web/app/structured-data';
import { JsonLd } from '#web/components/json-ld';
import { PageMeta } from '#web/components/page-meta';
import { CardGrid, ListingsPage } from './card-grid';
import { MatchCount, NoMatch, ProductFilterForm, useFiltering } from './listing-filters';
import { formatRupees } from './listing-format';
import { fetchChoices, fetchListings } from './listings-api';
import { ListingsError } from './listings-error';

const HEADING = { eyebrow: 'Decor', title: 'Decor for every room' };

/** The decor that passes the filters in the address (issue 25), and what the form offers. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { filters, problems } = parseFilters('product', new URL(request.url).searchParams);
  const [products, choices] = await Promise.all([
    fetchListings('product', { signal: request.signal, query: filtersQuery('product', filters) }),
    // Without its choices the form still works: the list is what matters.
    fetchChoices('product', { signal: request.signal }).catch(() => null),
  ]);
  return { products, choices, filters, problems };
}

export function Component() {
  const site = useSiteSettings();
  const { products, choices, filters, problems } = useLoaderData<typeof loader>();
  const filtered = !isUnfiltered(filters);
  const busy = useFiltering(paths.products);
  return (
    <>
      <JsonLd data={productOffers(site, products)} />
      <PageMeta
        image={products[0]?.image}
        title="Decor"
        description={`Handpicked furniture, lighting, rugs and planters from ${site.name}, with prices in rupees.`}
      />
      <ListingsPage {...HEADING} intro="Furniture, lighting and accents our designers choose for the homes we build, ready for yours.">
        <ProductFilterForm filters={filters} choices={choices} problems={problems} filtered={filtered} busy={busy} />
        <MatchCount count={products.length} filtered={filtered} one="decor item" many="decor items" />
        <CardGrid
          label="Decor"
          emptyText={filtered ? <NoMatch what="decor items" resetTo={paths.products} /> : 'No decor is listed right now. Ask us for a quote and we will help you choose.'}
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

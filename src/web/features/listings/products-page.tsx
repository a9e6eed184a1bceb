import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { filtersQuery, isUnfiltered, parseFilters } from '#shared/listings/listing-filters';
import { paths, productPagePath } from '#shared/paths';
import { useSiteSettings } from '#web/lib/site-settings';
import { productOffers } from '#web/lib/structured-data';
import { JsonLd } from '#web/components/json-ld';
import { PageMeta } from '#web/components/page-meta';
import { useT } from '#web/lib/i18n';
import { CardGrid, ListingsPage } from './card-grid';
import { MatchCount, NoMatch, ProductFilterForm, useFiltering } from './listing-filters';
import { useListingFormat } from './use-listing-format';
import { fetchChoices, fetchListings } from './listings-api';
import { useListingInLanguage } from './listing-language';
import { ListingsError } from './listings-error';

function useHeading() {
  const t = useT();
  return { eyebrow: t('products.eyebrow'), title: t('products.title') };
}

/** The decor that passes the filters in the address, and what the form offers. */
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
  const loaded = useLoaderData<typeof loader>();
  const { choices, filters, problems } = loaded;
  const inLanguage = useListingInLanguage();
  const products = loaded.products.map(inLanguage);
  const filtered = !isUnfiltered(filters);
  const format = useListingFormat();
  const busy = useFiltering(paths.products);
  const t = useT();
  return (
    <>
      <JsonLd data={productOffers(site, products)} />
      <PageMeta image={products[0]?.image} title={t('products.metaTitle')} description={t('products.description', { studio: site.name })} />
      <ListingsPage {...useHeading()} intro={t('products.intro')}>
        <ProductFilterForm filters={filters} choices={choices} problems={problems} filtered={filtered} busy={busy} />
        <MatchCount count={products.length} filtered={filtered} what="decor" />
        <CardGrid
          label={t('products.metaTitle')}
          emptyText={filtered ? <NoMatch what="decor" resetTo={paths.products} /> : t('products.empty')}
          cards={products.map((product) => ({
            id: product._id,
            href: productPagePath(product._id),
            image: product.image,
            imageAlt: t('listings.pictureOf', { name: product.productname }),
            title: product.productname,
            body: (
              <>
                <p className="listing-card__description">{product.description}</p>
                {/* Optional: the room and style tags staff gave it. */}
                {product.tags?.length ? (
                  <p className="listing-card__tags">
                    <span className="visually-hidden">{t('products.tags')}</span>
                    {product.tags.join(', ')}
                  </p>
                ) : null}
                <p className="listing-card__price">
                  <span className="visually-hidden">{t('products.price')}</span>
                  {format.rupees(product.price)}
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
  return <ListingsError {...useHeading()} what="decor" />;
}

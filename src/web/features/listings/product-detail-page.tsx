import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { LISTING_PAGES_ROUTES } from '#shared/listings/listing-pages.api';
import { LISTINGS_ROUTES } from '#shared/listings/listings.api';
import { paths, productPagePath } from '#shared/paths';
import { useSiteSettings } from '#web/lib/site-settings';
import { productOffer } from '#web/lib/structured-data';
import { JsonLd } from '#web/components/json-ld';
import { PageMeta } from '#web/components/page-meta';
import { api } from '#web/lib/api-client';
import { CardGrid } from './card-grid';
import { ListingActions, ListingEnquirySection, type ListingRef } from './listing-actions';
import { coverImage, galleryPictures, ListingGallery } from './listing-gallery';
import { orNotFound } from './listing-page-data';
import { Breadcrumb, Facts, ListingPageError } from './listing-page-parts';
import { useListingInLanguage } from './listing-language';
import { listingPageQuery } from './listing-page-query';
import { useListingFormat } from './use-listing-format';
import { useLanguage, useT } from '#web/lib/i18n';
import { LOCALES } from '#shared/i18n/languages';

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const { signal } = request;
  const [product, similar] = await orNotFound(
    Promise.all([api.call(LISTINGS_ROUTES.product.one, { params: [id], signal }), api.call(LISTING_PAGES_ROUTES.similarProducts, { params: [id], signal })]),
  );
  return { product, similar, query: listingPageQuery(new URL(request.url).searchParams) };
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const inLanguage = useListingInLanguage();
  const { query } = loaded;
  const product = inLanguage(loaded.product);
  const similar = loaded.similar.map(inLanguage);
  const site = useSiteSettings();
  const t = useT();
  const language = useLanguage();
  const format = useListingFormat();
  const path = productPagePath(product._id);
  const url = `${site.origin}${path}`;
  const pictures = galleryPictures(product.productname, product.image, product.photos, t);
  const cover = coverImage(product.image, product.photos);
  const listing: ListingRef = { kind: 'product', name: product.productname, path };
  const description = `${product.description} ${format.rupees(product.price)}`;
  const structured = productOffer(site, product, { url, images: pictures.map((p) => new URL(p.src, site.origin).href) });
  return (
    <>
      <PageMeta title={product.productname} description={description} image={cover.url} imageSize={cover} imageAlt={pictures[0]!.alt} type="product" />
      <JsonLd data={language === 'en' ? structured : { ...structured, inLanguage: LOCALES[language] }} />
      <article className="listing-page">
        <header className="listing-page__header">
          <Breadcrumb list={paths.products} listLabel={t('nav.decor')} name={product.productname} />
          <h1 className="listing-page__title">{product.productname}</h1>
          {product.tags.length ? (
            <p className="listing-page__subtitle">
              <span className="visually-hidden">{t('detail.tagsLabel')}</span>
              {product.tags.join(' · ')}
            </p>
          ) : null}
        </header>
        <div className="listing-page__layout">
          <div className="listing-page__gallery">
            <ListingGallery name={product.productname} pictures={pictures} />
          </div>
          <aside className="listing-page__aside" aria-label={t('detail.priceAndContact')}>
            <div className="listing-price">
              <p className="listing-price__full">
                <span className="visually-hidden">{t('detail.priceLabel')}</span>
                {format.rupees(product.price)}
              </p>
              <p className="listing-price__short" aria-hidden="true">
                {format.rupeesShort(product.price)}
              </p>
            </div>
            <ListingActions listing={listing} />
          </aside>
          <div className="listing-page__details">
            <section className="listing-section" aria-labelledby="about-title">
              <h2 id="about-title">{t('detail.aboutPiece')}</h2>
              <p className="listing-description">{product.description}</p>
              <Facts
                label={t('detail.factsAbout', { name: product.productname })}
                facts={[[t('detail.price'), format.rupees(product.price)], product.tags.length ? [t('detail.styleAndRoom'), product.tags.join(', ')] : null]}
              />
            </section>
          </div>
        </div>

        <ListingEnquirySection listing={listing} id={product._id} intent={query.intent} />

        {similar.length ? (
          <section className="listing-section listing-similar" aria-labelledby="similar-title">
            <h2 id="similar-title">{t('detail.similarDecor')}</h2>
            <CardGrid
              label={t('detail.similarDecor')}
              headingLevel={3}
              eager={0}
              emptyText=""
              cards={similar.map((piece) => ({
                id: piece._id,
                href: productPagePath(piece._id),
                image: piece.image,
                imageAlt: t('listings.pictureOf', { name: piece.productname }),
                title: piece.productname,
                body: (
                  <>
                    {piece.tags.length ? <p className="listing-card__tags">{piece.tags.join(', ')}</p> : null}
                    <p className="listing-card__price">
                      <span className="visually-hidden">{t('detail.priceLabel')}</span>
                      {format.rupees(piece.price)}
                    </p>
                  </>
                ),
              }))}
            />
          </section>
        ) : null}
      </article>
    </>
  );
}

export function ErrorBoundary() {
  const t = useT();
  return <ListingPageError eyebrow={t('nav.decor')} title={t('detail.thisPiece')} what="decorPiece" />;
}

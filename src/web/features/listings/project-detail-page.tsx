import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { LISTING_PAGES_API, LISTING_PAGES_ROUTES } from '#shared/listings/listing-pages.api';
import { LISTINGS_ROUTES } from '#shared/listings/listings.api';
import type { Project } from '#shared/listings/listings.contract';
import { reraAuthority } from '#shared/listings/rera';
import { paths, projectPagePath } from '#shared/paths';
import { useSiteSettings } from '#web/lib/site-settings';
import { isReady, projectListing } from '#web/lib/structured-data';
import { MapPinIcon } from '#web/components/icons';
import { JsonLd } from '#web/components/json-ld';
import { PageMeta } from '#web/components/page-meta';
import { api } from '#web/lib/api-client';
import { CardGrid } from './card-grid';
import { EmiEstimate } from './emi-estimate';
import { ListingActions, ListingEnquirySection, type ListingRef } from './listing-actions';
import { coverImage, galleryPictures, ListingGallery } from './listing-gallery';
import { orNotFound } from './listing-page-data';
import { Breadcrumb, Facts, ListingPageError } from './listing-page-parts';
import { useListingInLanguage } from './listing-language';
import { listingPageQuery } from './listing-page-query';
import { useListingFormat } from './use-listing-format';
import { useLanguage, useT, type Translate } from '#web/lib/i18n';
import { LOCALES } from '#shared/i18n/languages';

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const { signal } = request;
  const [project, similar] = await orNotFound(
    Promise.all([api.call(LISTINGS_ROUTES.project.one, { params: [id], signal }), api.call(LISTING_PAGES_ROUTES.similarProjects, { params: [id], signal })]),
  );
  return { project, similar, query: listingPageQuery(new URL(request.url).searchParams) };
}

/** What a share card and search results say about a home. */
function describe(project: Project, t: Translate, format: ReturnType<typeof useListingFormat>): string {
  const price = project.price === null ? '' : ` ${format.rupeesShort(project.price)}.`;
  const amenities = project.amenities.length ? ` ${project.amenities.slice(0, 4).join(', ')}.` : '';
  const summary = t('detail.projectSummary', {
    unit: project.sizeofunit,
    area: project.area,
    size: format.sqft(project.squareft),
    date: project.dateofcomplition,
  });
  return `${summary}${price}${amenities}`;
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const inLanguage = useListingInLanguage();
  const { query } = loaded;
  const project = inLanguage(loaded.project);
  const similar = loaded.similar.map(inLanguage);
  const site = useSiteSettings();
  const t = useT();
  const language = useLanguage();
  const format = useListingFormat();
  const path = projectPagePath(project._id);
  const url = `${site.origin}${path}`;
  const pictures = galleryPictures(project.name, project.image, project.photos, t);
  const cover = coverImage(project.image, project.photos);
  const description = describe(project, t, format);
  const listing: ListingRef = { kind: 'project', name: project.name, path, id: project._id, place: project.area };
  const ready = isReady(project);
  const perSqft = format.perSqft(project.price, project.squareft);
  const structured = projectListing(site, project, { url, description, images: pictures.map((p) => new URL(p.src, site.origin).href) });
  return (
    <>
      <PageMeta
        title={t('detail.projectTitle', { name: project.name, unit: project.sizeofunit, area: project.area })}
        description={description}
        image={cover.url}
        imageSize={cover}
        imageAlt={pictures[0]!.alt}
      />
      <JsonLd data={language === 'en' ? structured : { ...structured, inLanguage: LOCALES[language] }} />
      <article className="listing-page">
        <header className="listing-page__header">
          <Breadcrumb list={paths.projects} listLabel={t('nav.homes')} name={project.name} />
          <h1 className="listing-page__title">{project.name}</h1>
          <p className="listing-page__subtitle">
            {project.sizeofunit} · {project.area}
          </p>
        </header>
        <div className="listing-page__layout">
          <div className="listing-page__gallery">
            <ListingGallery name={project.name} pictures={pictures} />
          </div>
          <aside className="listing-page__aside" aria-label={t('detail.priceAndContact')}>
            <div className="listing-price">
              {project.price === null ? (
                <p className="listing-price__full">{t('detail.priceOnRequest')}</p>
              ) : (
                <>
                  <p className="listing-price__full">
                    <span className="visually-hidden">{t('detail.priceLabel')}</span>
                    {format.rupees(project.price)}
                  </p>
                  <p className="listing-price__short" aria-hidden="true">
                    {format.rupeesShort(project.price)}
                    {perSqft ? ` · ${perSqft}` : ''}
                  </p>
                </>
              )}
            </div>
            <ListingActions listing={listing} />
            {project.gmaplink ? (
              <a className="listing-map" href={project.gmaplink} target="_blank" rel="noopener noreferrer">
                <MapPinIcon />
                {t('detail.viewOnMap')}
                <span className="visually-hidden">{t('detail.opensNewTab')}</span>
              </a>
            ) : null}
          </aside>
          <div className="listing-page__details">
            <section className="listing-section" aria-labelledby="facts-title">
              <h2 id="facts-title">{t('detail.aboutHome')}</h2>
              <Facts
                label={t('detail.factsAbout', { name: project.name })}
                facts={[
                  [t('detail.locality'), project.area],
                  [t('detail.unit'), project.sizeofunit],
                  [t('detail.size'), format.sqft(project.squareft)],
                  [
                    t('detail.price'),
                    project.price === null ? t('detail.onRequest') : `${format.rupees(project.price)} (${format.rupeesShort(project.price)})`,
                  ],
                  perSqft ? [t('detail.pricePerSqft'), format.perSqftValue(project.price, project.squareft)!] : null,
                  [t('detail.completion'), `${project.dateofcomplition} · ${ready ? t('detail.readyToMoveIn') : t('detail.underConstruction')}`],
                ]}
              />
            </section>

            {project.amenities.length ? (
              <section className="listing-section" aria-labelledby="amenities-title">
                <h2 id="amenities-title">{t('detail.amenities')}</h2>
                <ul className="amenities">
                  {project.amenities.map((amenity) => (
                    <li key={amenity}>{amenity}</li>
                  ))}
                </ul>
              </section>
            ) : null}

            {project.floorPlan ? (
              <section className="listing-section" aria-labelledby="floor-plan-title">
                <h2 id="floor-plan-title">{t('detail.floorPlan')}</h2>
                {project.floorPlan.type === 'image' ? (
                  <a className="floor-plan" href={project.floorPlan.url} target="_blank" rel="noopener noreferrer">
                    <img
                      src={project.floorPlan.url}
                      alt={t('detail.floorPlanOf', { name: project.name })}
                      loading="lazy"
                      decoding="async"
                      width={800}
                      height={600}
                    />
                    <span>
                      {t('detail.openFloorPlan')}
                      <span className="visually-hidden">{t('detail.opensNewTab')}</span>
                    </span>
                  </a>
                ) : (
                  <a className="button floor-plan__pdf" href={project.floorPlan.url} target="_blank" rel="noopener noreferrer">
                    {t('detail.floorPlanPdf')}
                    <span className="visually-hidden">{t('detail.opensNewTabComma')}</span>
                  </a>
                )}
              </section>
            ) : null}

            {project.rera ? <ReraSection project={project} /> : null}

            {project.price === null ? null : <EmiEstimate price={project.price} initial={query.emi} action={path} />}
          </div>
        </div>

        <ListingEnquirySection listing={listing} id={project._id} intent={query.intent} />

        {similar.length ? (
          <section className="listing-section listing-similar" aria-labelledby="similar-title">
            <h2 id="similar-title">{t('detail.similarHomes')}</h2>
            <CardGrid
              label={t('detail.similarHomes')}
              headingLevel={3}
              eager={0}
              emptyText=""
              cards={similar.map((home) => ({
                id: home._id,
                href: projectPagePath(home._id),
                image: home.image,
                imageAlt: t('listings.pictureOf', { name: home.name }),
                title: home.name,
                body: (
                  <>
                    <p className="listing-card__place">{home.area}</p>
                    <p className="listing-card__description">
                      {home.sizeofunit} · {format.sqft(home.squareft)}
                    </p>
                    {home.price === null ? null : (
                      <p className="listing-card__price">
                        <span className="visually-hidden">{t('detail.priceLabel')}</span>
                        {format.rupeesShort(home.price)}
                      </p>
                    )}
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

/** The registration number, the authority's website, and a QR code of both made by the server. */
function ReraSection({ project }: { project: Project }) {
  const t = useT();
  const authority = reraAuthority(project.rera);
  const where = authority.state ? `${authority.name} (${authority.state})` : t('rera.authority');
  return (
    <section className="listing-section rera" aria-labelledby="rera-title">
      <h2 id="rera-title">{t('rera.title')}</h2>
      <div className="rera__body">
        <div>
          <p className="rera__number">
            <span className="rera__label">{t('rera.number')}</span> <strong>{project.rera}</strong>
          </p>
          <p>
            {t('rera.registeredWith', { where })}{' '}
            <a href={authority.url} target="_blank" rel="noopener noreferrer" className="rera__link">
              {authority.url.replace(/^https:\/\/(www\.)?/, '')}
              <span className="visually-hidden">{t('detail.opensNewTab')}</span>
            </a>
          </p>
        </div>
        <img
          className="rera__qr"
          src={LISTING_PAGES_API.reraQr(project._id)}
          alt={t('rera.qr', { number: project.rera, url: authority.url })}
          width={136}
          height={136}
          loading="lazy"
          decoding="async"
        />
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  const t = useT();
  return <ListingPageError eyebrow={t('nav.homes')} title={t('detail.thisHome')} what="home" />;
}

import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { LISTING_PAGES_API, LISTING_PAGES_ROUTES } from '#shared/listings/listing-pages.api';
import { LISTINGS_ROUTES } from '#shared/listings/listings.api';
import type { Project } from '#shared/listings/listings.contract';
import { reraAuthority } from '#shared/listings/rera';
import { paths, projectPagePath } from '#shared/paths';
import { useSiteSettings } from '#web/app/site-settings';
import { isReady, projectListing } from '#web/app/structured-data';
import { MapPinIcon } from '#web/components/icons';
import { JsonLd } from '#web/components/json-ld';
import { PageMeta } from '#web/components/page-meta';
import { api } from '#web/lib/api-client';
import { CardGrid } from './card-grid';
import { EmiEstimate } from './emi-estimate';
import { ListingActions, ListingEnquirySection, type ListingRef } from './listing-actions';
import { formatRupees, formatRupeesPerSqft, formatRupeesShort, formatSqft } from './listing-format';
import { coverImage, galleryPictures, ListingGallery } from './listing-gallery';
import { orNotFound } from './listing-page-data';
import { Breadcrumb, Facts, ListingPageError } from './listing-page-parts';
import { useListingInLanguage } from './listing-language';
import { listingPageQuery } from './listing-page-query';

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const { signal } = request;
  const [project, similar] = await orNotFound(
    Promise.all([api.call(LISTINGS_ROUTES.project.one, { params: [id], signal }), api.call(LISTING_PAGES_ROUTES.similarProjects, { params: [id], signal })]),
  );
  return { project, similar, query: listingPageQuery(new URL(request.url).searchParams) };
}

/** What a share card and search results say about a home. */
function describe(project: Project): string {
  const price = project.price === null ? '' : ` ${formatRupeesShort(project.price)}.`;
  const amenities = project.amenities.length ? ` ${project.amenities.slice(0, 4).join(', ')}.` : '';
  return `${project.sizeofunit} in ${project.area}, ${formatSqft(project.squareft)}, ready ${project.dateofcomplition}.${price}${amenities}`;
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const inLanguage = useListingInLanguage();
  const { query } = loaded;
  const project = inLanguage(loaded.project);
  const similar = loaded.similar.map(inLanguage);
  const site = useSiteSettings();
  const path = projectPagePath(project._id);
  const url = `${site.origin}${path}`;
  const pictures = galleryPictures(project.name, project.image, project.photos);
  const cover = coverImage(project.image, project.photos);
  const description = describe(project);
  const listing: ListingRef = { kind: 'project', name: project.name, path };
  const ready = isReady(project);
  const perSqft = formatRupeesPerSqft(project.price, project.squareft);
  return (
    <>
      <PageMeta
        title={`${project.name}: ${project.sizeofunit} in ${project.area}`}
        description={description}
        image={cover.url}
        imageSize={cover}
        imageAlt={pictures[0]!.alt}
      />
      <JsonLd data={projectListing(site, project, { url, description, images: pictures.map((p) => new URL(p.src, site.origin).href) })} />
      <article className="listing-page">
        <header className="listing-page__header">
          <Breadcrumb list={paths.projects} listLabel="Homes" name={project.name} />
          <h1 className="listing-page__title">{project.name}</h1>
          <p className="listing-page__subtitle">
            {project.sizeofunit} · {project.area}
          </p>
        </header>
        <div className="listing-page__layout">
          <div className="listing-page__gallery">
            <ListingGallery name={project.name} pictures={pictures} />
          </div>
          <aside className="listing-page__aside" aria-label="Price and contact">
            <div className="listing-price">
              {project.price === null ? (
                <p className="listing-price__full">Price on request</p>
              ) : (
                <>
                  <p className="listing-price__full">
                    <span className="visually-hidden">Price: </span>
                    {formatRupees(project.price)}
                  </p>
                  <p className="listing-price__short" aria-hidden="true">
                    {formatRupeesShort(project.price)}
                    {perSqft ? ` · ${perSqft}` : ''}
                  </p>
                </>
              )}
            </div>
            <ListingActions listing={listing} />
            {project.gmaplink ? (
              <a className="listing-map" href={project.gmaplink} target="_blank" rel="noopener noreferrer">
                <MapPinIcon />
                View on Google map<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : null}
          </aside>
          <div className="listing-page__details">
            <section className="listing-section" aria-labelledby="facts-title">
              <h2 id="facts-title">About this home</h2>
              <Facts
                label={`Facts about ${project.name}`}
                facts={[
                  ['Locality', project.area],
                  ['Unit', project.sizeofunit],
                  ['Size', formatSqft(project.squareft)],
                  ['Price', project.price === null ? 'On request' : `${formatRupees(project.price)} (${formatRupeesShort(project.price)})`],
                  perSqft ? ['Price per sq. ft', perSqft.replace(' per sq. ft', '')] : null,
                  ['Completion', `${project.dateofcomplition} · ${ready ? 'ready to move in' : 'under construction'}`],
                ]}
              />
            </section>

            {project.amenities.length ? (
              <section className="listing-section" aria-labelledby="amenities-title">
                <h2 id="amenities-title">Amenities</h2>
                <ul className="amenities">
                  {project.amenities.map((amenity) => (
                    <li key={amenity}>{amenity}</li>
                  ))}
                </ul>
              </section>
            ) : null}

            {project.floorPlan ? (
              <section className="listing-section" aria-labelledby="floor-plan-title">
                <h2 id="floor-plan-title">Floor plan</h2>
                {project.floorPlan.type === 'image' ? (
                  <a className="floor-plan" href={project.floorPlan.url} target="_blank" rel="noopener noreferrer">
                    <img src={project.floorPlan.url} alt={`Floor plan of ${project.name}`} loading="lazy" decoding="async" width={800} height={600} />
                    <span>
                      Open the floor plan<span className="visually-hidden"> (opens in a new tab)</span>
                    </span>
                  </a>
                ) : (
                  <a className="button floor-plan__pdf" href={project.floorPlan.url} target="_blank" rel="noopener noreferrer">
                    Floor plan (PDF)<span className="visually-hidden">, opens in a new tab</span>
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
            <h2 id="similar-title">Similar homes</h2>
            <CardGrid
              label="Similar homes"
              headingLevel={3}
              eager={0}
              emptyText=""
              cards={similar.map((home) => ({
                id: home._id,
                href: projectPagePath(home._id),
                image: home.image,
                imageAlt: `Picture of ${home.name}`,
                title: home.name,
                body: (
                  <>
                    <p className="listing-card__place">{home.area}</p>
                    <p className="listing-card__description">
                      {home.sizeofunit} · {formatSqft(home.squareft)}
                    </p>
                    {home.price === null ? null : (
                      <p className="listing-card__price">
                        <span className="visually-hidden">Price: </span>
                        {formatRupeesShort(home.price)}
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
  const authority = reraAuthority(project.rera);
  const where = authority.state ? `${authority.name} (${authority.state})` : 'the Real Estate Regulatory Authority';
  return (
    <section className="listing-section rera" aria-labelledby="rera-title">
      <h2 id="rera-title">RERA registration</h2>
      <div className="rera__body">
        <div>
          <p className="rera__number">
            <span className="rera__label">Registration number</span> <strong>{project.rera}</strong>
          </p>
          <p>
            Registered with {where}. Look the project up by this number on the authority’s website:{' '}
            <a href={authority.url} target="_blank" rel="noopener noreferrer" className="rera__link">
              {authority.url.replace(/^https:\/\/(www\.)?/, '')}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
        <img
          className="rera__qr"
          src={LISTING_PAGES_API.reraQr(project._id)}
          alt={`QR code: RERA registration ${project.rera} and ${authority.url}`}
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
  return <ListingPageError eyebrow="Homes" title="This home" what="home" />;
}

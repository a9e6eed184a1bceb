import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { filtersQuery, isUnfiltered, parseFilters } from '#shared/listings/listing-filters';
import { paths, projectPagePath } from '#shared/paths';
import { useSiteSettings } from '#web/lib/site-settings';
import { projectListings } from '#web/lib/structured-data';
import { JsonLd } from '#web/components/json-ld';
import { PageMeta } from '#web/components/page-meta';
import { useT } from '#web/lib/i18n';
import { CardGrid, ListingsPage } from './card-grid';
import { MatchCount, NoMatch, ProjectFilterForm, useFiltering } from './listing-filters';
import { useListingFormat } from './use-listing-format';
import { fetchChoices, fetchListings } from './listings-api';
import { useListingInLanguage } from './listing-language';
import { ListingsError } from './listings-error';

function useHeading() {
  const t = useT();
  return { eyebrow: t('projects.eyebrow'), title: t('projects.title') };
}

/**
 * The homes that pass the filters in the address, and what the form offers. A filter the
 * page cannot read is left out and named above the form; the list call gets only what it can use.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { filters, problems } = parseFilters('project', new URL(request.url).searchParams);
  const [projects, choices] = await Promise.all([
    fetchListings('project', { signal: request.signal, query: filtersQuery('project', filters) }),
    // Without its choices the form still works: the list is what matters.
    fetchChoices('project', { signal: request.signal }).catch(() => null),
  ]);
  return { projects, choices, filters, problems };
}

export function Component() {
  const site = useSiteSettings();
  const loaded = useLoaderData<typeof loader>();
  const { choices, filters, problems } = loaded;
  const inLanguage = useListingInLanguage();
  const projects = loaded.projects.map(inLanguage);
  const filtered = !isUnfiltered(filters);
  const format = useListingFormat();
  const busy = useFiltering(paths.projects);
  const t = useT();
  return (
    <>
      <JsonLd data={projectListings(site, projects)} />
      <PageMeta image={projects[0]?.image} title={t('projects.metaTitle')} description={t('projects.description', { studio: site.name })} />
      <ListingsPage {...useHeading()} intro={t('projects.intro')}>
        <ProjectFilterForm filters={filters} choices={choices} problems={problems} filtered={filtered} busy={busy} />
        <MatchCount count={projects.length} filtered={filtered} what="homes" />
        <CardGrid
          label={t('projects.metaTitle')}
          emptyText={filtered ? <NoMatch what="homes" resetTo={paths.projects} /> : t('projects.empty')}
          cards={projects.map((project) => ({
            id: project._id,
            href: projectPagePath(project._id),
            image: project.image,
            imageAlt: t('listings.pictureOf', { name: project.name }),
            title: project.name,
            body: (
              <>
                <p className="listing-card__place">{project.area}</p>
                <dl className="listing-card__facts">
                  <div>
                    <dt>{t('projects.size')}</dt>
                    <dd>{format.sqft(project.squareft)}</dd>
                  </div>
                  <div>
                    <dt>{t('projects.unit')}</dt>
                    <dd>{project.sizeofunit}</dd>
                  </div>
                  <div>
                    <dt>{t('projects.completion')}</dt>
                    <dd>{project.dateofcomplition}</dd>
                  </div>
                  {/* Optional: shown when staff have priced the home. */}
                  {typeof project.price === 'number' ? (
                    <div>
                      <dt>{t('projects.price')}</dt>
                      <dd>{format.rupees(project.price)}</dd>
                    </div>
                  ) : null}
                </dl>
                {project.gmaplink ? (
                  <a
                    className="listing-card__link"
                    href={project.gmaplink}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('listings.googleMapLabel', { name: project.name })}
                  >
                    {t('listings.googleMap')}
                  </a>
                ) : null}
              </>
            ),
          }))}
        />
      </ListingsPage>
    </>
  );
}

export function ErrorBoundary() {
  return <ListingsError {...useHeading()} what="homes" />;
}

import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product, Project } from '#shared/listings/listings.contract';
import { isFit, matchName, type ListingMatches, type MatchedListing } from '#shared/matching/listing-match';
import { matchSections } from '#shared/matching/match-sections';
import { matchTexts, sectionKeys } from '#shared/matching/match-text';
import { localizedPath } from '#shared/i18n/languages';
import { paths } from '#shared/paths';
import { fetchListings, useListingFormat } from '#web/features/listings';
import { useLanguage, useT } from '#web/lib/i18n';
import { useJourneyPaths } from './journey-paths';

/** /viewContact prefilled to ask about one home (the contact page reads `quote` and `about`). */
export function askAboutHref(name: string): string {
  return `${paths.contact}?${new URLSearchParams({ quote: 'Homes', about: name }).toString()}`;
}

/**
 * The public lists, for each match's key facts (area, size, price). The matches themselves came
 * with the stored response; when the lists cannot be read, the cards show the name and reasons only.
 */
function useListingFacts(wanted: boolean) {
  const [facts, setFacts] = useState<{ projects: Map<string, Project>; products: Map<string, Product> } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    Promise.all([fetchListings('project', { signal: controller.signal }), fetchListings('product', { signal: controller.signal })])
      .then(([projects, products]) => setFacts({ projects: new Map(projects.map((p) => [p._id, p])), products: new Map(products.map((p) => [p._id, p])) }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [wanted]);
  return facts;
}

function Reasons({ reasons, label, misses = false }: { reasons: string[]; label: string; misses?: boolean }) {
  if (reasons.length === 0) return null;
  return (
    <ul className={misses ? 'match-card__reasons match-card__reasons--misses' : 'match-card__reasons'} aria-label={label}>
      {reasons.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  );
}

function MatchCard({ match, facts, action }: { match: MatchedListing; facts: string[]; action?: ReactNode }) {
  const fit = isFit(match);
  const t = useT();
  const language = useLanguage();
  const say = matchTexts(t, language);
  return (
    <li className="match-card">
      <img className="match-card__image" src={match.image} alt="" width={160} height={120} loading="lazy" decoding="async" />
      <div className="match-card__body">
        <h3 className="match-card__name">{matchName(match, language)}</h3>
        {facts.length > 0 ? <p className="match-card__facts">{facts.join(' · ')}</p> : null}
        <Reasons reasons={say.reasons(match)} label={t(fit ? 'matches.whyFits' : 'matches.whatFits')} />
        {fit ? null : <Reasons reasons={say.misses(match)} label={t('matches.whyNot')} misses />}
        {action}
      </div>
    </li>
  );
}

type Format = ReturnType<typeof useListingFormat>;

function projectFacts(format: Format, project: Project | undefined): string[] {
  if (!project) return [];
  const facts = [project.area, project.sizeofunit, format.sqft(project.squareft)];
  if (typeof project.price === 'number') facts.push(format.rupees(project.price));
  return facts;
}

function productFacts(format: Format, product: Product | undefined): string[] {
  return product ? [format.rupees(product.price)] : [];
}

/**
 * The homes and decor matched to the answers, as match-sections.ts tells them to the
 * visitor's e-mail and the lead: a section only for what the survey asks about (none for a survey
 * that is not about homes); the homes that fit, or plainly that none does and the nearest with why
 * each is not a fit. `whatsAppAbout` gives the WhatsApp chat link asking about one home.
 */
export function ResultMatches({ matches, whatsAppAbout }: { matches: ListingMatches | undefined; whatsAppAbout: (home: string) => string }) {
  const sections = matchSections(matches, 'visitor');
  const facts = useListingFacts(sections.some((section) => section.items.length > 0));
  const format = useListingFormat();
  const t = useT();
  const language = useLanguage();
  const { embedded } = useJourneyPaths();

  return (
    <>
      {sections.map((section) => (
        <section key={section.kind} className="result-matches" aria-labelledby={`matches-${section.kind}-title`}>
          <h2 id={`matches-${section.kind}-title`}>{t(sectionKeys(section).title)}</h2>
          {section.note ? <p className="result-matches__none">{t(sectionKeys(section).note ?? sectionKeys(section).title)}</p> : null}
          {section.items.length > 0 ? (
            <ul className="result-matches__list">
              {section.items.map((match) =>
                section.kind === 'projects' ? (
                  <MatchCard
                    key={match._id}
                    match={match}
                    facts={projectFacts(format, facts?.projects.get(match._id))}
                    action={
                      <div className="match-card__actions">
                        {embedded ? (
                          // Inside another site's frame: the studio's contact page in a tab of its own (decision 0034).
                          <a className="button match-card__ask" href={localizedPath(language, askAboutHref(match.name))} target="_blank" rel="noopener">
                            {t('matches.askHome')}
                            <span className="visually-hidden">: {matchName(match, language)}</span>
                          </a>
                        ) : (
                          <Link className="button match-card__ask" to={askAboutHref(match.name)}>
                            {t('matches.askHome')}
                            <span className="visually-hidden">: {matchName(match, language)}</span>
                          </Link>
                        )}
                        <a className="button button--ghost match-card__whatsapp" href={whatsAppAbout(match.name)} target="_blank" rel="noopener noreferrer">
                          WhatsApp<span className="visually-hidden">{t('matches.whatsAppAbout', { name: matchName(match, language) })}</span>
                        </a>
                      </div>
                    }
                  />
                ) : (
                  <MatchCard key={match._id} match={match} facts={productFacts(format, facts?.products.get(match._id))} />
                ),
              )}
            </ul>
          ) : null}
        </section>
      ))}
    </>
  );
}

import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product, Project } from '../../../shared/listings/listings.contract';
import type { ListingMatches, MatchedListing } from '../../../shared/matching/listing-match';
import { paths } from '../../../shared/paths';
import { formatRupees, formatSqft } from '../listings/listing-format';
import { fetchListings } from '../listings/listings-api';

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
      .then(([projects, products]) =>
        setFacts({ projects: new Map(projects.map((p) => [p._id, p])), products: new Map(products.map((p) => [p._id, p])) }),
      )
      .catch(() => undefined);
    return () => controller.abort();
  }, [wanted]);
  return facts;
}

function Reasons({ reasons }: { reasons: string[] }) {
  if (reasons.length === 0) return null;
  return (
    <ul className="match-card__reasons" aria-label="Why it fits">
      {reasons.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  );
}

function MatchCard({ match, facts, action }: { match: MatchedListing; facts: string[]; action?: ReactNode }) {
  return (
    <li className="match-card">
      <img className="match-card__image" src={match.image} alt="" width={160} height={120} loading="lazy" decoding="async" />
      <div className="match-card__body">
        <h3 className="match-card__name">{match.name}</h3>
        {facts.length > 0 ? <p className="match-card__facts">{facts.join(' · ')}</p> : null}
        <Reasons reasons={match.reasons} />
        {action}
      </div>
    </li>
  );
}

function projectFacts(project: Project | undefined): string[] {
  if (!project) return [];
  const facts = [project.area, project.sizeofunit, formatSqft(project.squareft)];
  if (typeof project.price === 'number') facts.push(formatRupees(project.price));
  return facts;
}

function productFacts(product: Product | undefined): string[] {
  return product ? [formatRupees(product.price)] : [];
}

/**
 * "Homes that fit you" and "Decor ideas" (issue 16), or a line that an advisor will shortlist by hand.
 * `whatsAppAbout` gives the WhatsApp chat link asking about one home, shown beside "Ask about this home".
 */
export function ResultMatches({ matches, whatsAppAbout }: { matches: ListingMatches | undefined; whatsAppAbout: (home: string) => string }) {
  const projects = matches?.projects ?? [];
  const products = matches?.products ?? [];
  const facts = useListingFacts(projects.length + products.length > 0);

  if (projects.length === 0 && products.length === 0) {
    return (
      <section className="result-matches" aria-labelledby="matches-title">
        <h2 id="matches-title">Homes that fit you</h2>
        <p className="result-matches__none">
          Nothing in our current listings matches all of that yet, so an advisor will shortlist homes and decor for you by hand.
        </p>
      </section>
    );
  }

  return (
    <>
      {projects.length > 0 ? (
        <section className="result-matches" aria-labelledby="homes-title">
          <h2 id="homes-title">Homes that fit you</h2>
          <ul className="result-matches__list">
            {projects.map((match) => (
              <MatchCard
                key={match._id}
                match={match}
                facts={projectFacts(facts?.projects.get(match._id))}
                action={
                  <div className="match-card__actions">
                    <Link className="button match-card__ask" to={askAboutHref(match.name)}>
                      Ask about this home<span className="visually-hidden">: {match.name}</span>
                    </Link>
                    <a className="button button--ghost match-card__whatsapp" href={whatsAppAbout(match.name)} target="_blank" rel="noopener noreferrer">
                      WhatsApp<span className="visually-hidden">: ask about {match.name} (opens WhatsApp)</span>
                    </a>
                  </div>
                }
              />
            ))}
          </ul>
        </section>
      ) : null}
      {products.length > 0 ? (
        <section className="result-matches" aria-labelledby="decor-title">
          <h2 id="decor-title">Decor ideas</h2>
          <ul className="result-matches__list">
            {products.map((match) => (
              <MatchCard key={match._id} match={match} facts={productFacts(facts?.products.get(match._id))} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

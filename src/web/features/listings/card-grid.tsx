import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '#shared/paths';
import { useT } from '#web/lib/i18n';
import './listings.css';

export interface ListingCard {
  id: string;
  image: string;
  imageAlt: string;
  title: string;
  body: ReactNode;
  /** The listing's own page: the title links to it and the whole card opens it. */
  href?: string;
}

/** Images above the fold load at once (the first one first); the rest load as they scroll into view. */
const EAGER_IMAGES = 3;

/** The public listings pages: a heading band and a grid of cards (one column on a phone). */
export function ListingsPage({ eyebrow, title, intro, children }: { eyebrow: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="listings">
      <header className="listings__hero">
        <p className="listings__eyebrow">{eyebrow}</p>
        <h1 className="listings__title">{title}</h1>
        {intro ? <p className="listings__intro">{intro}</p> : null}
      </header>
      <div className="listings__content">{children}</div>
    </div>
  );
}

export function CardGrid({
  label,
  cards,
  emptyText,
  headingLevel = 2,
  eager = EAGER_IMAGES,
}: {
  label: string;
  cards: ListingCard[];
  emptyText: ReactNode;
  /** 3 where the grid sits under a section heading (a listing's similar homes). */
  headingLevel?: 2 | 3;
  /** How many images load at once (none below the fold). */
  eager?: number;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useT();
  if (cards.length === 0) {
    return (
      <div className="listings__empty" role="status">
        <p>{emptyText}</p>
        <p>
          <Link className="button" to={paths.contact}>
            {t('listings.talkToTeam')}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <ul className="card-grid" aria-label={label}>
      {cards.map((card, index) => (
        <li key={card.id} className="card-grid__item">
          <article className={card.href ? 'listing-card listing-card--linked' : 'listing-card'}>
            <img
              className="listing-card__image"
              src={card.image}
              alt={card.imageAlt}
              width={300}
              height={300}
              loading={index < eager ? 'eager' : 'lazy'}
              fetchPriority={index === 0 && eager > 0 ? 'high' : undefined}
              decoding="async"
            />
            <div className="listing-card__body">
              {/* The title's link covers the card (listings.css), so a tap anywhere opens the page; the card's own links stay above it. */}
              <Heading className="listing-card__title">
                {card.href ? (
                  <Link className="listing-card__open" to={card.href}>
                    {card.title}
                  </Link>
                ) : (
                  card.title
                )}
              </Heading>
              {card.body}
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

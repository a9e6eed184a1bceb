import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '#shared/paths';
import './listings.css';

export interface ListingCard {
  id: string;
  image: string;
  imageAlt: string;
  title: string;
  body: ReactNode;
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

export function CardGrid({ label, cards, emptyText }: { label: string; cards: ListingCard[]; emptyText: ReactNode }) {
  if (cards.length === 0) {
    return (
      <div className="listings__empty" role="status">
        <p>{emptyText}</p>
        <p>
          <Link className="button" to={paths.contact}>
            Talk to our team
          </Link>
        </p>
      </div>
    );
  }
  return (
    <ul className="card-grid" aria-label={label}>
      {cards.map((card, index) => (
        <li key={card.id} className="card-grid__item">
          <article className="listing-card">
            <img
              className="listing-card__image"
              src={card.image}
              alt={card.imageAlt}
              width={300}
              height={300}
              loading={index < EAGER_IMAGES ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : undefined}
              decoding="async"
            />
            <div className="listing-card__body">
              <h2 className="listing-card__title">{card.title}</h2>
              {card.body}
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

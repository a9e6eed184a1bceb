import { Pagination, Spin, type PaginationProps } from 'antd';
import type { ReactNode } from 'react';
import './phone-cards.css';

/** The class for the wrapper of the wide table that <PhoneCards> replaces on a phone. */
export const PHONE_CARDS_WIDE = 'phone-cards-wide';

interface PhoneCardsProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  /** One card: an element with class `phone-card` (optionally `phone-card__top`, `phone-card__date` inside). */
  renderCard: (item: T) => ReactNode;
  /** Shown instead of the list when there are no items. */
  empty: ReactNode;
  busy?: boolean;
  /** While busy, a spinner instead of the cards (otherwise the cards stay, marked busy). */
  spinWhileBusy?: boolean;
  /** The pages below the cards (simple, hidden when there is only one). */
  pagination?: Omit<PaginationProps, 'simple' | 'hideOnSinglePage' | 'className'>;
}

/** A staff list on a phone (≤ 640 px): a card per row instead of the wide table, so nothing scrolls sideways. */
export function PhoneCards<T>({ items, itemKey, renderCard, empty, busy = false, spinWhileBusy = false, pagination }: PhoneCardsProps<T>) {
  return (
    <div className="phone-cards" aria-busy={busy}>
      {busy && spinWhileBusy ? (
        <Spin style={{ display: 'block', padding: 24 }} />
      ) : items.length === 0 ? (
        empty
      ) : (
        <ul className="phone-card-list">
          {items.map((item) => (
            <li key={itemKey(item)}>{renderCard(item)}</li>
          ))}
        </ul>
      )}
      {pagination ? <Pagination simple hideOnSinglePage className="phone-cards__pages" {...pagination} /> : null}
    </div>
  );
}

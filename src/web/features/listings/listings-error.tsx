import { useRevalidator } from 'react-router';
import { Notice } from '#web/components/notice';
import { useT } from '#web/lib/i18n';
import { ListingsPage } from './card-grid';

/** What did not load (the catalogue's `listings.loadFailed` names it in the page's language). */
export type ListingsWhat = 'homes' | 'decor' | 'studios' | 'home' | 'decorPiece';

/** A listings page whose data did not load: say so, and offer to try again without leaving the page. */
export function ListingsError({ eyebrow, title, what }: { eyebrow: string; title: string; what: ListingsWhat }) {
  const t = useT();
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  return (
    <ListingsPage eyebrow={eyebrow} title={title}>
      <div className="listings__error">
        <Notice tone="error">{t('listings.loadFailed', { what })}</Notice>
        <button type="button" className="button" onClick={() => void revalidator.revalidate()} disabled={retrying}>
          {t(retrying ? 'listings.retrying' : 'listings.retry')}
        </button>
      </div>
    </ListingsPage>
  );
}

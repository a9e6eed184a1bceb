import { useRevalidator } from 'react-router';
import { Notice } from '#web/components/notice';
import { ListingsPage } from './card-grid';

/** A listings page whose data did not load: say so, and offer to try again without leaving the page. */
export function ListingsError({ eyebrow, title, what }: { eyebrow: string; title: string; what: string }) {
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  return (
    <ListingsPage eyebrow={eyebrow} title={title}>
      <div className="listings__error">
        <Notice tone="error">We could not load the {what} just now. Please check your connection and try again.</Notice>
        <button type="button" className="button" onClick={() => void revalidator.revalidate()} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Try again'}
        </button>
      </div>
    </ListingsPage>
  );
}

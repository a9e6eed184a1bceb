import { Link } from 'react-router';
import { PageMeta } from '#web/components/page-meta';
import './not-found.css';

export function Component() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <PageMeta title="Page not found" description="Sorry, the page you visited does not exist." />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="not-found__title">
        Page not found
      </h1>
      <p className="not-found__text">Sorry, the page you visited does not exist.</p>
      <Link to="/" className="button button--accent not-found__home">
        Back Home
      </Link>
    </section>
  );
}

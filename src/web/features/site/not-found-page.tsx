import { Link } from 'react-router';
import { PageMeta } from '#web/components/page-meta';
import { useT } from '#web/lib/i18n';
import './not-found.css';

export function Component() {
  const t = useT();
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <PageMeta title={t('notFound.title')} description={t('notFound.text')} />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="not-found__title">
        {t('notFound.title')}
      </h1>
      <p className="not-found__text">{t('notFound.text')}</p>
      <Link to="/" className="button button--accent not-found__home">
        {t('notFound.home')}
      </Link>
    </section>
  );
}

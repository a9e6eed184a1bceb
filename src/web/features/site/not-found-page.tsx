import { Link, useLocation } from 'react-router';
import { isStaffPath, paths } from '#shared/paths';
import { PageMeta } from '#web/components/page-meta';
import { useT } from '#web/lib/i18n';
import './not-found.css';

/** The public site's unknown paths, and the dashboard's (inside its layout: the way back is the dashboard). */
export function Component() {
  const t = useT();
  const inDashboard = isStaffPath(useLocation().pathname);
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
      <Link to={inDashboard ? paths.dashboard : '/'} className="button button--accent not-found__home">
        {inDashboard ? t('notFound.dashboard') : t('notFound.home')}
      </Link>
    </section>
  );
}

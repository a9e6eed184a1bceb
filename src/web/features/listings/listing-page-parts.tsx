import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFound } from '#web/features/site';
import { useT } from '#web/lib/i18n';
import { ListingsError, type ListingsWhat } from './listings-error';
import './listing-page.css';

/** Homes › Lakeside Residency */
export function Breadcrumb({ list, listLabel, name }: { list: string; listLabel: string; name: string }) {
  const t = useT();
  return (
    <nav className="breadcrumb" aria-label={t('listings.breadcrumb')}>
      <ol>
        <li>
          <Link to={list}>{listLabel}</Link>
        </li>
        <li aria-current="page">{name}</li>
      </ol>
    </nav>
  );
}

/** A labelled list of facts (term, value). */
export function Facts({ label, facts }: { label: string; facts: Array<[string, ReactNode] | null> }) {
  return (
    <dl className="listing-facts" aria-label={label}>
      {facts
        .filter((fact): fact is [string, ReactNode] => fact !== null)
        .map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** An unknown id is the site's 404 page (status 404 from the server); any other failure says so and offers to try again. */
export function ListingPageError({ eyebrow, title, what }: { eyebrow: string; title: string; what: ListingsWhat }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ListingsError eyebrow={eyebrow} title={title} what={what} />;
}

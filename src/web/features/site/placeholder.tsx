import { PageMeta } from '../../components/page-meta';

/** A page that a later change fills in. */
export function Placeholder({ title }: { title: string }) {
  return (
    <section>
      <PageMeta title={title} description={`${title} at Abode.`} />
      <h1>{title}</h1>
      <p>This page is being built.</p>
    </section>
  );
}

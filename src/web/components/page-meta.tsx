/**
 * The page's <title> and meta description. React 19 hoists these into <head>, on the client and
 * when the page is rendered on the server.
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const full = title.includes('Abode') ? title : `${title} · Abode`;
  return (
    <>
      <title>{full}</title>
      <meta name="description" content={description} />
    </>
  );
}

/**
 * Structured data for search engines. A JSON-LD script is data, not code: browsers do not run it,
 * so the Content-Security-Policy (no inline script) does not apply.
 */
export function JsonLd({ data }: { data: object }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

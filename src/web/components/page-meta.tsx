import { useSiteLocation } from '../lib/site-nav';
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath } from '#shared/i18n/languages';
import { useOptionalSiteSettings } from '../lib/site-settings';
import { useLanguage } from '../lib/i18n';

interface PageMetaProps {
  title: string;
  description: string;
  /** A picture for share cards (a site path such as /media/….jpg, or an absolute URL). */
  image?: string;
  /** What the picture shows (share cards read it out), and its size in pixels. */
  imageAlt?: string;
  imageSize?: { width: number; height: number };
  /** Open Graph type: `website` unless the page is one thing (`product`). */
  type?: 'website' | 'product';
}

/**
 * The page's <title>, description, canonical link and share-card tags. React 19 hoists these into
 * <head>, in the browser and when the page is rendered on the server.
 */
export function PageMeta({ title, description, image, imageAlt, imageSize, type = 'website' }: PageMetaProps) {
  const site = useOptionalSiteSettings();
  // The path as the specification names it: React Router leaves the language's prefix (basename) out.
  const { pathname } = useSiteLocation();
  const language = useLanguage();
  // Public pages end with the studio's name (its settings); staff pages with the product's.
  const suffix = site?.name ?? 'Abode';
  const full = title.includes(suffix) ? title : `${title} · ${suffix}`;
  if (!site) {
    return (
      <>
        <title>{full}</title>
        <meta name="description" content={description} />
      </>
    );
  }
  const url = `${site.origin}${localizedPath(language, pathname)}`;
  const imageUrl = image ? new URL(image, site.origin).href : undefined;
  return (
    <>
      <title>{full}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {/* The page in every language, and English for everyone else. */}
      {LANGUAGES.map((other) => (
        <link key={other} rel="alternate" hrefLang={other} href={`${site.origin}${localizedPath(other, pathname)}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${site.origin}${localizedPath(DEFAULT_LANGUAGE, pathname)}`} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={full} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {imageUrl ? <meta property="og:image" content={imageUrl} /> : null}
      {imageUrl && imageSize ? <meta property="og:image:width" content={String(imageSize.width)} /> : null}
      {imageUrl && imageSize ? <meta property="og:image:height" content={String(imageSize.height)} /> : null}
      {imageUrl && imageAlt ? <meta property="og:image:alt" content={imageAlt} /> : null}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={full} />
      <meta name="twitter:description" content={description} />
      {imageUrl ? <meta name="twitter:image" content={imageUrl} /> : null}
      {imageUrl && imageAlt ? <meta name="twitter:image:alt" content={imageAlt} /> : null}
    </>
  );
}

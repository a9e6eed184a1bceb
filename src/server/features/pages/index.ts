/** The rendered pages' public face: the plugin that renders them and the SEO files. */
export { pagesPlugin } from './pages.plugin';
export { seoRoutes } from './seo.routes';
export { chosenLanguage, preferredLanguage } from './language';

// Links and navigation for the parts of the public site the landing page shares (header, footer,
// consent notice, page meta), without importing React Router. The landing page starts without the
// router (its first-view script budget; src/web/start-landing.tsx): there these links are
// plain links and a navigation hands the page over to the app. Inside the app, the router bridge
// (src/web/app/router-bridge.tsx) supplies React Router's own Link, NavLink, location and navigate.
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

export interface SiteLocation {
  pathname: string;
  search: string;
  /** Changes on every navigation, a link to the page already shown included. */
  key: string;
}

export interface NavigateOptions {
  state?: unknown;
  replace?: boolean;
}

export interface SiteLinkProps {
  to: string;
  className?: string;
  lang?: string;
  'aria-label'?: string;
  children?: ReactNode;
}

export interface SiteNavLinkProps extends SiteLinkProps {
  /** Current only on this exact path, not below it (React Router's `end`). */
  end?: boolean;
}

export interface SiteNav {
  location: SiteLocation;
  navigate: (to: string, options?: NavigateOptions) => void | Promise<void>;
  Link: ComponentType<SiteLinkProps>;
  NavLink: ComponentType<SiteNavLinkProps>;
  /**
   * The landing page without the router only: shows another page in its frame in place of the
   * landing page (null: the landing page again). The survey's first page (light-survey.tsx) uses it.
   */
  showInPlace?: (page: ReactNode | null) => void;
}

const SiteNavContext = createContext<SiteNav | null>(null);

export const SiteNavProvider = SiteNavContext;

function useSiteNav(): SiteNav {
  const nav = useContext(SiteNavContext);
  if (!nav) throw new Error('Site links are only available inside the router bridge or the landing page.');
  return nav;
}

/** The page's location, without the language's prefix (as React Router's basename leaves it). */
export function useSiteLocation(): SiteLocation {
  return useSiteNav().location;
}

export function useSiteNavigate(): SiteNav['navigate'] {
  return useSiteNav().navigate;
}

/** SiteNav's showInPlace: undefined inside the router. */
export function useShowInPlace(): SiteNav['showInPlace'] {
  return useSiteNav().showInPlace;
}

/** A link to a page of the site, in the page's language. */
export function Link(props: SiteLinkProps) {
  const { Link: Impl } = useSiteNav();
  return <Impl {...props} />;
}

/** A menu link, `aria-current="page"` on the page it names. */
export function NavLink(props: SiteNavLinkProps) {
  const { NavLink: Impl } = useSiteNav();
  return <Impl {...props} />;
}

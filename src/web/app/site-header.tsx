import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useSiteLocation } from '../lib/site-nav';
import type { MessageKey } from '#shared/i18n/catalogues';
import { LANGUAGES, languageSwitchHref } from '#shared/i18n/languages';
import { paths } from '#shared/paths';
import { useLanguage, useT } from '../lib/i18n';
import { useClientRender } from '../lib/use-hydrated';
import { CloseIcon, LogoMark, MenuIcon } from '../components/icons';

const PAGES: ReadonlyArray<{ to: string; label: MessageKey }> = [
  { to: paths.home, label: 'nav.survey' },
  { to: paths.projects, label: 'nav.homes' },
  { to: paths.products, label: 'nav.decor' },
  { to: paths.studio, label: 'nav.studio' },
  { to: paths.contact, label: 'nav.contact' },
  { to: paths.about, label: 'nav.about' },
];

/**
 * The link to the page the visitor is on in the other language: a plain link to the
 * server's switch, which remembers the choice and opens the page in it, with or without JavaScript.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const language = useLanguage();
  const { pathname, search } = useSiteLocation();
  const other = LANGUAGES.find((l) => l !== language)!;
  return (
    <a
      className={className ? `language-switch ${className}` : 'language-switch'}
      href={languageSwitchHref(other, pathname + search)}
      hrefLang={other}
      lang={other}
      aria-label={t('language.switchLabel')}
    >
      {t('language.switchTo')}
    </a>
  );
}

function MenuLinks() {
  const t = useT();
  return (
    <ul className="menu-links">
      {PAGES.map((page) => (
        <li key={page.label}>
          <NavLink to={page.to} end className="menu-links__link">
            {t(page.label)}
          </NavLink>
        </li>
      ))}
      <li className="menu-links__cta">
        {/* A call to action, not a place: it is never marked as the current page. */}
        <Link to={paths.contact} className="button button--accent menu-links__quote">
          {t('nav.askQuote')}
        </Link>
      </li>
      <li>
        <NavLink to={paths.login} end className="menu-links__link menu-links__login">
          {t('nav.login')}
        </NavLink>
      </li>
    </ul>
  );
}

/**
 * The phone menu: a native disclosure, so it opens and closes without JavaScript (the page is
 * server-rendered). Once hydrated it also closes on navigation, on Escape and on a click outside.
 */
function PhoneMenu() {
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  const hydrated = useClientRender();
  const location = useSiteLocation();
  const t = useT();

  // Every navigation closes the menu, a link to the page already shown included (a new location key).
  // Not the first render: a visitor may have opened the menu before the app started (the keypress
  // that opened it is what starts the app), and hydrating must keep it open and say so.
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (location.key === shownAt.current) {
      if (details.current?.open) setOpen(true);
      return;
    }
    shownAt.current = location.key;
    if (details.current) details.current.open = false;
  }, [location.key]);

  useEffect(() => {
    if (!open) return;
    const close = () => {
      if (details.current) details.current.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const focusInside = details.current?.contains(document.activeElement) ?? false;
      close();
      if (focusInside) summary.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!details.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return (
    <details
      ref={details}
      className="phone-menu"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onBlur={(event) => {
        // Tabbing out of the open menu closes it, so it never covers the focused content.
        const next = event.relatedTarget as Node | null;
        if (next && !event.currentTarget.contains(next)) event.currentTarget.open = false;
      }}
    >
      {/* Native <details> already tells assistive technology whether it is open; aria-expanded
          is added only once React can keep it true. */}
      <summary ref={summary} className="phone-menu__button" aria-expanded={hydrated ? open : undefined} aria-controls="phone-menu-panel">
        <MenuIcon className="phone-menu__icon-open" />
        <CloseIcon className="phone-menu__icon-close" />
        <span>{t('nav.menu')}</span>
      </summary>
      <nav id="phone-menu-panel" className="phone-menu__panel" aria-label={t('nav.main')}>
        <MenuLinks />
      </nav>
    </details>
  );
}

export function SiteHeader({ studioName }: { studioName: string }) {
  const t = useT();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={paths.home} className="brand" aria-label={t('nav.home', { studio: studioName })}>
          <LogoMark />
          <span className="brand__name">{studioName}</span>
        </Link>
        {/* Desktop and phone menus are the same links; CSS shows exactly one (display: none hides the other from everyone). */}
        <nav className="site-nav" aria-label={t('nav.main')}>
          <MenuLinks />
        </nav>
        <PhoneMenu />
        {/* Outside the menus: one tap away on phones too, and after them in the keyboard's order. */}
        <LanguageSwitch className="site-header__language" />
      </div>
    </header>
  );
}

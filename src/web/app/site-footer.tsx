import type { ComponentType } from 'react';
import { Link } from '../lib/site-nav';
import { paths } from '#shared/paths';
import type { SiteSettings } from '#shared/site';
import { useT } from '../lib/i18n';
import { LanguageSwitch } from './site-header';
import { telHref } from '../lib/site-settings';
import { FacebookIcon, InstagramIcon, LinkedInIcon, LogoMark, MailIcon, MapPinIcon, PhoneIcon } from '../components/icons';

const SOCIAL: Array<{ key: keyof SiteSettings['social']; label: string; Icon: ComponentType }> = [
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'linkedin', label: 'LinkedIn', Icon: LinkedInIcon },
];

export function SiteFooter({ site }: { site: SiteSettings }) {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <Link to={paths.home} className="brand brand--footer" aria-label={t('nav.home', { studio: site.name })}>
            <LogoMark />
            <span className="brand__name">{site.name}</span>
          </Link>
          <p>{t('footer.tagline')}</p>
          <Link to={paths.contact} className="site-footer__quote">
            {t('footer.askQuote')}
          </Link>
        </div>

        <section aria-labelledby="footer-find-us">
          <h2 id="footer-find-us" className="site-footer__title">
            {t('footer.findUs')}
          </h2>
          <address className="contact-lines">
            <a href={site.mapUrl} target="_blank" rel="noopener noreferrer" className="contact-lines__item">
              <MapPinIcon />
              <span>
                {site.address}
                <span className="visually-hidden">{t('footer.mapNewTab')}</span>
              </span>
            </a>
            <a href={telHref(site.phone)} className="contact-lines__item">
              <PhoneIcon />
              <span>{site.phone}</span>
            </a>
            <a href={`mailto:${site.email}`} className="contact-lines__item">
              <MailIcon />
              <span>{site.email}</span>
            </a>
          </address>
        </section>

        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow" className="site-footer__title">
            {t('footer.followUs')}
          </h2>
          <ul className="social-links">
            {SOCIAL.map(({ key, label, Icon }) => (
              <li key={key}>
                <a href={site.social[key]} target="_blank" rel="noopener noreferrer" className="social-links__link" aria-label={t('footer.newTab', { label })}>
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="site-footer__bottom">
        <p>{t('footer.rights', { year: new Date().getFullYear(), studio: site.name })}</p>
        <p>
          <LanguageSwitch className="site-footer__language" />
        </p>
      </div>
    </footer>
  );
}

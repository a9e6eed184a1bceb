import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { paths } from '#shared/paths';
import type { SiteSettings } from '#shared/site';
import { telHref } from './site-settings';
import { FacebookIcon, InstagramIcon, LinkedInIcon, LogoMark, MailIcon, MapPinIcon, PhoneIcon } from '../components/icons';

const SOCIAL: Array<{ key: keyof SiteSettings['social']; label: string; Icon: ComponentType }> = [
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'linkedin', label: 'LinkedIn', Icon: LinkedInIcon },
];

export function SiteFooter({ site }: { site: SiteSettings }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <Link to={paths.home} className="brand brand--footer" aria-label={`${site.name} home`}>
            <LogoMark />
            <span className="brand__name">{site.name}</span>
          </Link>
          <p>Homes, interiors and decor, designed around the way you live.</p>
          <Link to={paths.contact} className="site-footer__quote">
            Ask for a quote
          </Link>
        </div>

        <section aria-labelledby="footer-find-us">
          <h2 id="footer-find-us" className="site-footer__title">
            Find us
          </h2>
          <address className="contact-lines">
            <a href={site.mapUrl} target="_blank" rel="noopener noreferrer" className="contact-lines__item">
              <MapPinIcon />
              <span>
                {site.address}
                <span className="visually-hidden"> (map, opens in a new tab)</span>
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
            Follow us
          </h2>
          <ul className="social-links">
            {SOCIAL.map(({ key, label, Icon }) => (
              <li key={key}>
                <a href={site.social[key]} target="_blank" rel="noopener noreferrer" className="social-links__link" aria-label={`${label} (opens in a new tab)`}>
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="site-footer__bottom">
        <p>
          © {new Date().getFullYear()} {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

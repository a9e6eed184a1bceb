import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { paths } from '#shared/paths';
import { useSiteSettings } from '#web/lib/site-settings';
import { ArrowRightIcon, BuildIcon, HomeSearchIcon, LedgerIcon, PiggyBankIcon, QuoteIcon } from '#web/components/page-icons';
import { PageMeta } from '#web/components/page-meta';
import { useT } from '#web/lib/i18n';
import './about.css';

interface Service {
  key: 'homes' | 'build' | 'budget' | 'fund' | 'quote';
  Icon: ComponentType;
  highlight?: boolean;
}

/** SPEC.md §2: five service cards, each leading to the contact page (their texts: `about.service.<key>.*`). */
const SERVICES: Service[] = [
  { key: 'homes', Icon: HomeSearchIcon },
  { key: 'build', Icon: BuildIcon },
  { key: 'budget', Icon: LedgerIcon },
  { key: 'fund', Icon: PiggyBankIcon },
  { key: 'quote', Icon: QuoteIcon, highlight: true },
];

const PRINCIPLES = ['team', 'numbers', 'care'] as const;

export function Component() {
  const site = useSiteSettings();
  const t = useT();
  return (
    <>
      <PageMeta title={t('about.metaTitle')} description={t('about.description', { studio: site.name })} />
      <header className="page-intro about-intro">
        <p className="eyebrow">{t('about.eyebrow')}</p>
        <h1>{t('about.title')}</h1>
        <p>{t('about.intro', { studio: site.name })}</p>
      </header>

      <section aria-labelledby="principles-title">
        <h2 id="principles-title" className="visually-hidden">
          {t('about.howWeWork')}
        </h2>
        <ul className="principles">
          {PRINCIPLES.map((p) => (
            <li key={p} className="principles__item">
              <h3 className="principles__title">{t(`about.principle.${p}.title`)}</h3>
              <p>{t(`about.principle.${p}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="services" aria-labelledby="services-title">
        <h2 id="services-title">{t('about.whatWeDo')}</h2>
        <ul className="services__grid">
          {SERVICES.map(({ key, Icon, highlight }) => (
            <li key={key} className={highlight ? 'card service-card service-card--highlight' : 'card service-card'}>
              <span className="service-card__icon">
                <Icon />
              </span>
              <h3 className="service-card__title">
                {/* The whole card is clickable; the link's name is the service's title. */}
                <Link to={paths.contact} className="service-card__link">
                  {t(`about.service.${key}.title`)}
                </Link>
              </h3>
              <p>{t(`about.service.${key}.text`)}</p>
              <span className="service-card__more" aria-hidden="true">
                {t('about.talkToUs')} <ArrowRightIcon />
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="about-cta" aria-labelledby="about-cta-title">
        <h2 id="about-cta-title">{t('about.ctaTitle')}</h2>
        <p>{t('about.ctaText')}</p>
        <Link to={paths.contact} className="button button--accent">
          {t('about.ctaButton')}
        </Link>
      </section>
    </>
  );
}

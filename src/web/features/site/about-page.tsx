import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { paths } from '#shared/paths';
import { useSiteSettings } from '#web/app/site-settings';
import { ArrowRightIcon, BuildIcon, HomeSearchIcon, LedgerIcon, PiggyBankIcon, QuoteIcon } from '#web/components/page-icons';
import { PageMeta } from '#web/components/page-meta';
import './about.css';

interface Service {
  title: string;
  text: string;
  Icon: ComponentType;
  highlight?: boolean;
}

/** SPEC.md §2: five service cards, each leading to the contact page. */
const SERVICES: Service[] = [
  {
    title: 'Find Homes',
    text: 'Tell us how you live and what you want to spend. We shortlist homes that fit, arrange the visits and check the paperwork before you commit.',
    Icon: HomeSearchIcon,
  },
  {
    title: 'Build Your Home',
    text: 'From plans and approvals to the last coat of paint, our architects and site teams build with you, on a schedule you can follow week by week.',
    Icon: BuildIcon,
  },
  {
    title: 'Budget & Audit',
    text: 'A clear estimate before work starts, then an independent check of quotes, bills and progress, so every rupee is accounted for.',
    Icon: LedgerIcon,
  },
  {
    title: 'Sinking Fund',
    text: 'For housing societies: we plan a sinking fund for roofs, lifts and facades, so major repairs are paid for long before they become urgent.',
    Icon: PiggyBankIcon,
  },
  {
    title: 'Get Quote',
    text: 'Share a few details about your project and we will send a written, itemised quote, usually within two working days.',
    Icon: QuoteIcon,
    highlight: true,
  },
];

const PRINCIPLES = [
  { title: 'One team', text: 'Architects, interior designers and finance advisers at one table, so plans, budget and décor always agree.' },
  { title: 'Honest numbers', text: 'Itemised quotes and open books. If something changes, you hear it from us first, with the cost beside it.' },
  { title: 'Care after handover', text: 'We stay in touch after the keys change hands, for the small fixes and the next big idea.' },
];

export function Component() {
  const site = useSiteSettings();
  return (
    <>
      <PageMeta
        title="About"
        description={`${site.name} helps families find, build, budget for and furnish their homes. Meet the studio and its services.`}
      />
      <header className="page-intro about-intro">
        <p className="eyebrow">About us</p>
        <h1>Homes designed around the people who live in them</h1>
        <p>
          {site.name} is a real-estate and interiors studio. We help families find the right home, build it well and furnish it with
          care, from the first site visit to the last cushion. Calm spaces, natural materials and honest advice are what we are known for.
        </p>
      </header>

      <section aria-labelledby="principles-title">
        <h2 id="principles-title" className="visually-hidden">
          How we work
        </h2>
        <ul className="principles">
          {PRINCIPLES.map((p) => (
            <li key={p.title} className="principles__item">
              <h3 className="principles__title">{p.title}</h3>
              <p>{p.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="services" aria-labelledby="services-title">
        <h2 id="services-title">What we do</h2>
        <ul className="services__grid">
          {SERVICES.map(({ title, text, Icon, highlight }) => (
            <li key={title} className={highlight ? 'card service-card service-card--highlight' : 'card service-card'}>
              <span className="service-card__icon">
                <Icon />
              </span>
              <h3 className="service-card__title">
                {/* The whole card is clickable; the link's name is the service's title. */}
                <Link to={paths.contact} className="service-card__link">
                  {title}
                </Link>
              </h3>
              <p>{text}</p>
              <span className="service-card__more" aria-hidden="true">
                Talk to us <ArrowRightIcon />
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="about-cta" aria-labelledby="about-cta-title">
        <h2 id="about-cta-title">Not sure where to start?</h2>
        <p>Tell us what you have in mind. We will suggest a sensible next step, with no obligation.</p>
        <Link to={paths.contact} className="button button--accent">
          Contact the studio
        </Link>
      </section>
    </>
  );
}

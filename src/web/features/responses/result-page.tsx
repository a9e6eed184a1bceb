import { useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '#shared/paths';
import { cellText, readSurvey } from '#shared/survey-json/survey-questions';
import { PageMeta } from '#web/components/page-meta';
import { useSiteSettings } from '#web/lib/site-settings';
import { listingMatchKinds, type ListingMatches } from '#shared/matching/listing-match';
import { markSurveyJourney, readResultState } from './journey-state';
import { ResultMatches } from './result-matches';
import { whatsAppChatHref, whatsAppSummary } from './whatsapp-summary';
import './result.css';
import { VisitBooking } from '#web/features/visits';
import { useLanguage, useT, type Translate } from '#web/lib/i18n';
import { localizedPath } from '#shared/i18n/languages';
import { useJourneyPaths } from './journey-paths';

/**
 * What the survey is called, as the visitor saw it: its own title (in their locale), else the
 * campaign's name; null when neither is known.
 */
function surveyName(questions: string, locale: string | undefined, campaignName: string | undefined): string | null {
  try {
    const title: unknown = (JSON.parse(questions) as { title?: unknown }).title;
    if (typeof title === 'string' && title.trim()) return title.trim();
    if (title && typeof title === 'object') {
      const texts = title as Record<string, unknown>;
      for (const key of [locale, 'default', 'en']) {
        const text = key ? texts[key] : undefined;
        if (typeof text === 'string' && text.trim()) return text.trim();
      }
    }
  } catch {
    // A broken definition never reaches this page (readResultState checks it); the campaign's name will do.
  }
  return campaignName?.trim() || null;
}

function askedBy(questions: string): ListingMatches['asked'] {
  try {
    return listingMatchKinds(JSON.parse(questions));
  } catch {
    return { projects: false, products: false };
  }
}

/** What the advisor will come back with: only what the survey asked about. */
function nextStep(t: Translate, asked: ListingMatches['asked']): string {
  return t(
    asked.projects && asked.products
      ? 'result.next.both'
      : asked.projects
        ? 'result.next.projects'
        : asked.products
          ? 'result.next.products'
          : 'result.next.none',
  );
}

export function Component() {
  const location = useLocation();
  const site = useSiteSettings();
  const t = useT();
  const language = useLanguage();
  const journey = useJourneyPaths();
  const state = readResultState(location.state);
  const shown = state !== null;
  useEffect(() => {
    // A reload shows this page again (the server sends a visitor without a journey to /).
    if (shown) markSurveyJourney();
  }, [shown]);
  if (!state) return <Navigate to={journey.home} replace />;

  // What the visitor saw: the survey's texts in the locale the runner showed.
  const rows = readSurvey(state.questions, { locale: state.locale })
    .columns.map((c) => ({ name: c.name, title: c.title, answer: cellText(c.format(state.answers)) }))
    .filter((row) => row.answer !== '');
  const name = surveyName(state.questions, state.locale, state.campaignName);
  const survey = name ?? t('whatsapp.yourSurvey');
  const whatsApp = whatsAppChatHref(
    site.whatsapp,
    whatsAppSummary(site.name, survey, rows, { head: t('whatsapp.summaryHead', { studio: site.name, survey }), tail: t('whatsapp.summaryTail') }),
  );
  // The sections follow the survey: homes only when the answers are about homes, decor only about decor
  // (the stored result says; without one, the survey's questions do).
  const asked = state.matches?.asked ?? askedBy(state.questions);
  const matches: ListingMatches = { projects: state.matches?.projects ?? [], products: state.matches?.products ?? [], asked };

  return (
    <div className="result">
      <PageMeta
        title={name ? t('result.metaTitleNamed', { name }) : t('result.metaTitle')}
        description={name ? t('result.metaDescriptionNamed', { name }) : t('result.metaDescription')}
      />
      <section className="result-hero" aria-labelledby="result-title">
        <span className="result-hero__tick" aria-hidden="true">
          ✓
        </span>
        {name ? <p className="result-hero__survey">{name}</p> : null}
        <h1 id="result-title">{t('result.thankYou')}</h1>
        <p>{nextStep(t, asked)}</p>
        {/* The e-mail is known here, so a visit is a slot and a click away. */}
        <VisitBooking email={state.email} fallback={null} />
      </section>

      <ResultMatches matches={matches} whatsAppAbout={(home) => whatsAppChatHref(site.whatsapp, t('whatsapp.aboutHome', { studio: site.name, home }))} />

      <section className="result-answers" aria-labelledby="answers-title">
        <h2 id="answers-title">{t('result.yourAnswers')}</h2>
        <div className="result-table-wrap">
          <table className="result-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('result.question')}</th>
                <th scope="col">{t('result.answer')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={row.name}>
                  <td className="result-table__index">{i + 1}</td>
                  <th scope="row">{row.title}</th>
                  <td>{row.answer}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <nav className="result-next" aria-label={t('result.whatNext')}>
        <a href={whatsApp} className="button result-whatsapp" target="_blank" rel="noopener noreferrer">
          {t('result.whatsApp')}
          <span className="visually-hidden">{t('result.opensWhatsApp')}</span>
        </a>
        {journey.embedded ? (
          // Inside another site's frame: the studio's site opens in a tab of its own (decision 0034).
          <>
            <a href={localizedPath(language, paths.projects)} className="button" target="_blank" rel="noopener">
              {t('result.browseHomes')}
            </a>
            <a href={localizedPath(language, paths.products)} className="button button--ghost" target="_blank" rel="noopener">
              {t('result.seeDecor')}
            </a>
          </>
        ) : (
          <>
            <Link to={paths.projects} className="button">
              {t('result.browseHomes')}
            </Link>
            <Link to={paths.products} className="button button--ghost">
              {t('result.seeDecor')}
            </Link>
          </>
        )}
      </nav>
    </div>
  );
}

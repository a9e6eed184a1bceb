import { useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { CAMPAIGN_MESSAGES } from '../../../shared/campaigns/campaigns.contract';
import { paths } from '../../../shared/paths';
import { cellText, readSurvey } from '../../../shared/survey/survey-questions';
import { PageMeta } from '../../components/page-meta';
import { useSiteSettings } from '../../app/site-settings';
import { markSurveyJourney, readResultState } from './journey-state';
import { ResultMatches } from './result-matches';
import { whatsAppAboutHome, whatsAppChatHref, whatsAppSummary } from './whatsapp-summary';
import './result.css';

/** The survey's own title for the WhatsApp summary; "your survey" when it has none. */
function surveyTitle(questions: string): string {
  try {
    const title: unknown = (JSON.parse(questions) as { title?: unknown }).title;
    if (typeof title === 'string' && title.trim()) return title.trim();
    if (title && typeof title === 'object' && typeof (title as { default?: unknown }).default === 'string') return (title as { default: string }).default;
  } catch {
    // A broken definition never reaches this page (readResultState checks it); the summary needs no title.
  }
  return 'your survey';
}

export function Component() {
  const location = useLocation();
  const site = useSiteSettings();
  const state = readResultState(location.state);
  const shown = state !== null;
  useEffect(() => {
    // A reload shows this page again (the server sends a visitor without a journey to /).
    if (shown) markSurveyJourney();
  }, [shown]);
  if (!state) return <Navigate to={paths.home} replace />;

  // What the visitor saw: the survey's texts in the locale the runner showed.
  const rows = readSurvey(state.questions, { locale: state.locale })
    .columns.map((c) => ({ name: c.name, title: c.title, answer: cellText(c.format(state.answers)) }))
    .filter((row) => row.answer !== '');
  const whatsApp = whatsAppChatHref(site.whatsapp, whatsAppSummary(site.name, surveyTitle(state.questions), rows));

  return (
    <div className="result">
      <PageMeta title="Thank you" description="Your home preferences have reached our advisors." />
      <section className="result-hero" aria-labelledby="result-title">
        <span className="result-hero__tick" aria-hidden="true">
          ✓
        </span>
        <h1 id="result-title">{CAMPAIGN_MESSAGES.thankYou}</h1>
        <p>An advisor will look at your answers and get in touch with homes and ideas that fit.</p>
      </section>

      <ResultMatches matches={state.matches} whatsAppAbout={(home) => whatsAppChatHref(site.whatsapp, whatsAppAboutHome(site.name, home))} />

      <section className="result-answers" aria-labelledby="answers-title">
        <h2 id="answers-title">Your answers</h2>
        <div className="result-table-wrap">
          <table className="result-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Question</th>
                <th scope="col">Answer</th>
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

      <nav className="result-next" aria-label="What next">
        <a href={whatsApp} className="button result-whatsapp" target="_blank" rel="noopener noreferrer">
          Continue on WhatsApp<span className="visually-hidden"> (opens WhatsApp)</span>
        </a>
        <Link to={paths.projects} className="button">
          Browse homes
        </Link>
        <Link to={paths.products} className="button button--ghost">
          See decor ideas
        </Link>
      </nav>
    </div>
  );
}

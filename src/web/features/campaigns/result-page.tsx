import { Link, Navigate, useLocation } from 'react-router';
import { CAMPAIGN_MESSAGES } from '../../../shared/campaigns';
import { paths } from '../../../shared/paths';
import { cellText, surveyQuestions } from '../../../shared/survey-answers';
import { PageMeta } from '../../components/page-meta';
import { readResultState } from './journey-state';
import './result.css';

export function Component() {
  const location = useLocation();
  const state = readResultState(location.state);
  if (!state) return <Navigate to={paths.home} replace />;

  const rows = surveyQuestions(state.questions)
    .map((q) => ({ name: q.name, title: q.title, answer: cellText(q.format(state.answers)) }))
    .filter((row) => row.answer !== '');

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

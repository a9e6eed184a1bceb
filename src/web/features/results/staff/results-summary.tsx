import { Card, Empty, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CampaignSummaryResult, QuestionSummary } from '#shared/results/campaign-summary.contract';
import { staffText } from '#web/lib/staff-text';

// Recharts (docs/decisions/0011-charts.md): this module is imported by the results page only, a
// dashboard chunk. Every chart has its figures as a table right under it, for screen readers and
// for anyone who wants the exact numbers.

const BLUE = '#1d3a8a';
const PALETTE = ['#1d3a8a', '#c2410c', '#15803d', '#7e22ce', '#0e7490', '#b91c1c', '#4d7c0f', '#a16207'];

const percent = (count: number, of: number) => (of > 0 ? `${Math.round((count / of) * 100)}%` : '—');
const shortDate = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A table of figures, collapsed under its chart. */
function Figures({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <details className="summary-figures">
      <summary>{staffText('staff.results.summary.figures')}</summary>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={j}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Horizontal bars, one row per label: readable on a phone whatever the label length. `children`: the <Bar>s (and a <Legend>). */
function HorizontalBars({ data, height, children }: { data: object[]; height: number; children: ReactNode }) {
  return (
    <div className="summary-chart" style={{ height }} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 24, top: 4, bottom: 4 }} accessibilityLayer={false}>
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="name" width={110} tick={{ fontSize: 12 }} />
          <Tooltip />
          {children}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** One bar per label. */
function Bars({ data, label }: { data: { name: string; count: number }[]; label: string }) {
  return (
    <HorizontalBars data={data} height={Math.max(120, data.length * 36 + 40)}>
      <Bar dataKey="count" name={label} fill={BLUE} isAnimationActive={false} />
    </HorizontalBars>
  );
}

function QuestionFigures({ q }: { q: QuestionSummary }) {
  switch (q.type) {
    case 'choices':
    case 'boolean': {
      const rows = q.stats.choices;
      return (
        <>
          <Bars data={rows.map((c) => ({ name: c.text, count: c.count }))} label={staffText('staff.results.summary.answers')} />
          {q.type === 'choices' && q.multiple ? <p className="staff-muted">{staffText('staff.results.summary.several', { answered: q.answered })}</p> : null}
          <Figures
            caption={q.title}
            head={[staffText('staff.results.summary.answer'), staffText('staff.results.summary.count'), staffText('staff.results.summary.share')]}
            rows={rows.map((c) => [c.text, c.count, percent(c.count, q.answered)])}
          />
        </>
      );
    }
    case 'rating':
      return (
        <>
          <p className="summary-average">
            {staffText('staff.results.summary.average')}
            <strong>{q.stats.average ?? '—'}</strong>
          </p>
          <Bars data={q.stats.distribution.map((d) => ({ name: d.text, count: d.count }))} label={staffText('staff.results.summary.answers')} />
          <Figures
            caption={q.title}
            head={[staffText('staff.results.summary.rating'), staffText('staff.results.summary.count'), staffText('staff.results.summary.share')]}
            rows={q.stats.distribution.map((d) => [d.text, d.count, percent(d.count, q.answered)])}
          />
        </>
      );
    case 'number':
      return (
        <>
          <dl className="summary-numbers">
            <div>
              <dt>{staffText('staff.results.summary.min')}</dt>
              <dd>{q.stats.min ?? '—'}</dd>
            </div>
            <div>
              <dt>{staffText('staff.results.summary.median')}</dt>
              <dd>{q.stats.median ?? '—'}</dd>
            </div>
            <div>
              <dt>{staffText('staff.results.summary.max')}</dt>
              <dd>{q.stats.max ?? '—'}</dd>
            </div>
          </dl>
          {q.stats.histogram.length > 0 ? (
            <>
              <Bars data={q.stats.histogram.map((b) => ({ name: `${b.from}–${b.to}`, count: b.count }))} label={staffText('staff.results.summary.answers')} />
              <Figures
                caption={q.title}
                head={[staffText('staff.results.summary.fromTo'), staffText('staff.results.summary.count')]}
                rows={q.stats.histogram.map((b) => [`${b.from} – ${b.to}`, b.count])}
              />
            </>
          ) : null}
        </>
      );
    case 'text':
      return q.stats.latest.length === 0 ? null : (
        <>
          <p className="staff-muted">{staffText('staff.results.summary.latest', { count: q.stats.latest.length })}</p>
          <ol className="summary-latest">
            {q.stats.latest.map((text, i) => (
              <li key={i}>{text}</li>
            ))}
          </ol>
        </>
      );
    case 'matrix': {
      const columns = q.stats.rows[0]?.choices ?? [];
      const data = q.stats.rows.map((row) => ({ name: row.text, ...Object.fromEntries(row.choices.map((c, i) => [`c${i}`, c.count])) }));
      return (
        <>
          <HorizontalBars data={data} height={Math.max(140, data.length * 40 + 70)}>
            {[
              <Legend key="legend" />,
              ...columns.map((c, i) => (
                <Bar key={i} dataKey={`c${i}`} name={c.text} stackId="row" fill={PALETTE[i % PALETTE.length]} isAnimationActive={false} />
              )),
            ]}
          </HorizontalBars>
          <Figures
            caption={q.title}
            head={[staffText('staff.results.summary.row'), ...columns.map((c) => c.text)]}
            rows={q.stats.rows.map((row) => [row.text, ...row.choices.map((c) => c.count)])}
          />
        </>
      );
    }
  }
}

export function ResultsSummary({ summary }: { summary: CampaignSummaryResult }) {
  const first = summary.funnel[0]?.count ?? 0;
  return (
    <div className="summary">
      <div className="results-stats">
        <Card size="small">
          <Statistic title={<span className="staff-muted">{staffText('staff.results.summary.inView')}</span>} value={summary.total} />
        </Card>
        <Card size="small">
          <Statistic title={<span className="staff-muted">{staffText('staff.results.completed')}</span>} value={summary.completed} />
        </Card>
        <Card size="small">
          <Statistic title={<span className="staff-muted">{staffText('staff.results.unfinished')}</span>} value={summary.unfinished} />
        </Card>
      </div>
      <p className="staff-muted">{staffText('staff.results.summary.unfinishedNote')}</p>

      <div className="summary-grid">
        <Card size="small" title={<h3 className="summary-card-title">{staffText('staff.results.summary.perDay')}</h3>}>
          {summary.perDay.length === 0 ? (
            <Empty description={staffText('staff.results.summary.noAnswers')} />
          ) : (
            <>
              <div className="summary-chart" style={{ height: 200 }} aria-hidden="true">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart
                    data={summary.perDay.map((d) => ({ name: shortDate(d.date), count: d.count }))}
                    margin={{ left: 0, right: 8, top: 8, bottom: 4 }}
                    accessibilityLayer={false}
                  >
                    <CartesianGrid vertical={false} strokeDasharray="3 3" />
                    <XAxis dataKey="name" tick={{ fontSize: 11 }} minTickGap={12} />
                    <YAxis allowDecimals={false} width={40} />
                    <Tooltip />
                    <Bar dataKey="count" name={staffText('staff.results.summary.answers')} fill={BLUE} isAnimationActive={false} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
              <Figures
                caption={staffText('staff.results.summary.perDay')}
                head={[staffText('staff.results.summary.day'), staffText('staff.results.summary.answers')]}
                rows={summary.perDay.map((d) => [d.date, d.count])}
              />
            </>
          )}
        </Card>

        <Card size="small" title={<h3 className="summary-card-title">{staffText('staff.results.summary.funnelTitle')}</h3>}>
          <ol className="summary-funnel" aria-label={staffText('staff.results.summary.funnel')}>
            {summary.funnel.map((step, i) => {
              const previous = i > 0 ? summary.funnel[i - 1]!.count : step.count;
              const drop = previous - step.count;
              return (
                <li key={step.step}>
                  <div className="summary-funnel__label">
                    <span>{step.label}</span>
                    <strong>{step.count}</strong>
                  </div>
                  <div className="summary-funnel__bar" aria-hidden="true">
                    <span style={{ width: first > 0 ? `${(step.count / first) * 100}%` : '0%' }} />
                  </div>
                  {i > 0 ? (
                    <span className="staff-muted summary-funnel__drop">
                      {drop > 0
                        ? staffText('staff.results.summary.dropped', { drop, share: percent(drop, previous) })
                        : staffText('staff.results.summary.noDrop')}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </Card>
      </div>

      <Typography.Title level={3} className="results-section-title">
        {staffText('staff.results.summary.questions')}
      </Typography.Title>
      <div className="summary-grid">
        {summary.questions.map((q) => (
          <Card key={q.name} size="small" className="summary-question" title={<h4 className="summary-card-title">{q.title}</h4>} data-question={q.name}>
            <p className="staff-muted summary-answered">
              {staffText('staff.results.summary.answered', { answered: q.answered })}
              {summary.total > 0 ? staffText('staff.results.summary.answeredShare', { share: percent(q.answered, summary.total) }) : ''}
            </p>
            {q.answered === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={staffText('staff.results.summary.noAnswers')} />
            ) : (
              <QuestionFigures q={q} />
            )}
          </Card>
        ))}
      </div>
    </div>
  );
}

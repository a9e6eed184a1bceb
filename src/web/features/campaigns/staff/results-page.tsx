import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, DatePicker, Pagination, Segmented, Select, Spin, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useLoaderData, useLocation, useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { CampaignSummaryResult, ResultStatus } from '../../../../shared/campaigns/campaign-summary.contract';
import { CAMPAIGN_MESSAGES, exportFileName, type AnswerRow, type Campaign, type EmailRecord } from '../../../../shared/campaigns/campaigns.contract';
import { paths } from '../../../../shared/paths';
import { cellText, parseAnswers, readSurvey, readSurveySummary, type AnswerColumn, type SummaryChoice, type SurveyFileRef } from '../../../../shared/survey/survey-questions';
import { PageMeta } from '../../../components/page-meta';
import { errorMessage } from '../../../lib/api-client';
import { downloadResults, fetchAnswers, fetchCampaign, fetchEmailRecords, fetchResponseCount } from '../campaigns-api';
import { apiFilters, fetchSummary, readResultsView, resultsSearch, type ResultsView as View } from './results-filters';
import { ResultsSummary } from './results-summary';
import { SurveyFileLinks } from './survey-file-links';
import { TAG_COLORS } from './tag-colors';
import { useKeyboardScrollableTables } from './use-keyboard-scrollable-tables';
import './staff.css';

interface ResultsState {
  id: string;
  name: string;
}

function readState(state: unknown): ResultsState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { id, name } = state as Record<string, unknown>;
  return typeof id === 'string' && id !== '' ? { id, name: typeof name === 'string' ? name : '' } : null;
}

type LoaderData = { summary: CampaignSummaryResult; error: null } | { summary: null; error: string | null };

/** The summary of the view in the URL; runs again whenever the filters (search params) change. */
export async function loader({ request }: LoaderFunctionArgs): Promise<LoaderData> {
  const view = readResultsView(new URL(request.url).searchParams);
  if (!view) return { summary: null, error: null };
  try {
    return { summary: await fetchSummary(view.id, apiFilters(view)), error: null };
  } catch (error) {
    return { summary: null, error: errorMessage(error, CAMPAIGN_MESSAGES.loadFailed) };
  }
}

interface Overview {
  campaign: Campaign;
  columns: AnswerColumn[];
  count: number;
  emails: EmailRecord[];
}

interface AnswerTableRow {
  key: string;
  email: string;
  date: string;
  cells: string[];
  /** Per column: the uploaded files a file question's answer refers to (empty otherwise). */
  files: SurveyFileRef[][];
  /** Set when the view asks for unfinished answers too. */
  completed?: boolean;
}

/** A cell: uploaded files as links to their staff page, anything else as text. */
function answerContent(row: AnswerTableRow, column: number) {
  const files = row.files[column] ?? [];
  return files.length > 0 ? <SurveyFileLinks files={files} /> : row.cells[column] || '—';
}

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Saves a blob under a file name, as a link the browser downloads. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function useOverview(id: string) {
  const [loaded, setLoaded] = useState<{ id: string; overview: Overview | null } | null>(null);
  useEffect(() => {
    let cancelled = false;
    Promise.all([fetchCampaign(id), fetchResponseCount(id), fetchEmailRecords(id)]).then(
      ([campaign, count, emails]) => {
        if (!cancelled) setLoaded({ id, overview: { campaign, columns: readSurvey(campaign.questions).columns, count, emails } });
      },
      () => {
        if (!cancelled) setLoaded({ id, overview: null });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [id]);
  return { loading: loaded?.id !== id, overview: loaded?.id === id ? loaded.overview : null };
}

function useAnswerPage(id: string, page: number, pageSize: number, enabled: boolean, filters: string) {
  const key = `${id}:${page}:${pageSize}:${filters}`;
  const [loaded, setLoaded] = useState<{ key: string; rows: AnswerRow[] | null } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    fetchAnswers(id, { limit: pageSize, offset: (page - 1) * pageSize }, filters).then(
      (rows) => !cancelled && setLoaded({ key, rows }),
      () => !cancelled && setLoaded({ key, rows: null }),
    );
    return () => {
      cancelled = true;
    };
  }, [id, page, pageSize, key, enabled, filters]);
  return { loading: loaded?.key !== key, rows: loaded?.key === key ? loaded.rows : [] };
}

const STATUS_OPTIONS: { value: ResultStatus; label: string }[] = [
  { value: 'completed', label: 'Completed' },
  { value: 'unfinished', label: 'Unfinished' },
  { value: 'all', label: 'All' },
];

/** Dates, status and "the answer to X is Y" (choice questions), written to the URL. */
function ResultsFilters({ view, questions, onChange }: { view: View; questions: { name: string; title: string; choices: SummaryChoice[] }[]; onChange: (next: View) => void }) {
  // The question picked waits here for its answer: the URL holds a question only with an answer.
  const [picked, setPicked] = useState(view.question);
  const question = questions.find((q) => q.name === (picked ?? view.question));
  return (
    <div className="results-filters" role="group" aria-label="Filters">
      <label className="results-filter">
        <span>Period</span>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          value={[view.from ? dayjs(view.from) : null, view.to ? dayjs(view.to) : null]}
          onChange={(range) => onChange({ ...view, from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })}
          aria-label="Period"
        />
      </label>
      <div className="results-filter">
        <span id="results-status-label">Status</span>
        <Segmented<ResultStatus> aria-labelledby="results-status-label" options={STATUS_OPTIONS} value={view.status} onChange={(status) => onChange({ ...view, status })} />
      </div>
      <label className="results-filter">
        <span>Question</span>
        <Select
          aria-label="Question to filter on"
          allowClear
          placeholder="Any question"
          value={question?.name}
          options={questions.map((q) => ({ value: q.name, label: q.title }))}
          onChange={(name?: string) => {
            setPicked(name);
            if (view.question !== undefined) onChange({ ...view, question: undefined, answer: undefined });
          }}
          popupMatchSelectWidth={false}
          className="results-filter__select"
        />
      </label>
      <label className="results-filter">
        <span>Answer</span>
        <Select
          aria-label="Answer it must hold"
          disabled={!question}
          placeholder={question ? 'Pick an answer' : 'Pick a question first'}
          value={question && question.name === view.question ? view.answer : undefined}
          options={(question?.choices ?? []).map((c) => ({ value: String(c.value), label: c.text }))}
          onChange={(answer: string) => onChange({ ...view, question: question?.name, answer })}
          popupMatchSelectWidth={false}
          className="results-filter__select"
        />
      </label>
      {view.from || view.to || view.status !== 'completed' || view.answer !== undefined ? (
        <Button
          onClick={() => {
            setPicked(undefined);
            onChange({ id: view.id, status: 'completed' });
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

function ResultsView({ id, name, view }: ResultsState & { view: View }) {
  const { message } = App.useApp();
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [, setSearch] = useSearchParams();
  const pageRef = useKeyboardScrollableTables<HTMLDivElement>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [downloading, setDownloading] = useState(false);
  const { loading, overview } = useOverview(id);
  const filters = apiFilters(view);
  const hasResponses = (overview?.count ?? 0) > 0;
  const answers = useAnswerPage(id, page, pageSize, hasResponses, filters);
  const title = overview?.campaign.name ?? name;
  // Rows the table pages through: the view's count once the summary is in.
  const rowCount = filters ? (data.summary?.total ?? 0) : (overview?.count ?? 0);
  const choiceQuestions = useMemo(
    () =>
      overview
        ? readSurveySummary(overview.campaign.questions).questions.flatMap((q) =>
            q.kind === 'choices' ? [{ name: q.name, title: q.title, choices: q.choices }] : q.kind === 'rating' ? [{ name: q.name, title: q.title, choices: q.values }] : [],
          )
        : [],
    [overview],
  );
  const changeView = (next: View) => {
    setPage(1);
    setSearch(resultsSearch(next), { replace: true, state: { id, name } });
  };

  const tableRows = useMemo<AnswerTableRow[]>(
    () =>
      (answers.rows ?? []).map((row) => {
        const data = parseAnswers(row.result);
        const columns = overview?.columns ?? [];
        return {
          key: row._id,
          email: row.email,
          date: row.date,
          cells: columns.map((c) => cellText(c.format(data))),
          files: columns.map((c) => c.files?.(data) ?? []),
          completed: row.completed,
        };
      }),
    [answers.rows, overview],
  );

  const columns = useMemo<TableColumnsType<AnswerTableRow>>(
    () => [
      { title: 'Email', dataIndex: 'email', key: 'email', fixed: 'left', width: 220, render: (email: string) => <span className="results-cell">{email}</span> },
      { title: 'Date', dataIndex: 'date', key: 'date', width: 190, render: (date: string) => <span className="results-date">{formatDate(date)}</span> },
      ...(view.status === 'completed'
        ? []
        : [{ title: 'Status', key: 'status', width: 130, render: (_: unknown, row: AnswerTableRow) => (row.completed === false ? <Tag>Unfinished</Tag> : <Tag color={TAG_COLORS.positive}>Completed</Tag>) }]),
      ...(overview?.columns ?? []).map((column, i) => ({
        title: column.title,
        key: column.name,
        render: (_: unknown, row: AnswerTableRow) => <span className="results-cell">{answerContent(row, i)}</span>,
      })),
    ],
    [overview, view.status],
  );

  async function download() {
    setDownloading(true);
    try {
      const blob = await downloadResults(id, filters);
      saveBlob(blob, exportFileName(title, new Date()));
      void message.success(CAMPAIGN_MESSAGES.downloaded);
    } catch {
      void message.error(CAMPAIGN_MESSAGES.loadFailed);
    } finally {
      setDownloading(false);
    }
  }

  const completed = overview?.emails.filter((e) => e.isCompleted).length ?? 0;
  return (
    <div className="staff-page" ref={pageRef}>
      <PageMeta title={`Results · ${title}`} description="Survey responses and e-mail records of a campaign." />
      <Link to={paths.dashboard}>
        <ArrowLeftOutlined aria-hidden /> All campaigns
      </Link>
      <header className="staff-page__header">
        <div>
          <Typography.Title level={1} className="staff-page__title">
            {title}
          </Typography.Title>
          <p className="staff-muted staff-page__lead">
            Survey responses and the e-mails captured for this campaign.
          </p>
        </div>
        {/* Nothing to download until someone answers: the panel below says so. */}
        {hasResponses ? (
          <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
            Download .xlsx
          </Button>
        ) : null}
      </header>

      {!loading && !overview ? <Alert type="error" showIcon title={CAMPAIGN_MESSAGES.loadFailed} /> : null}

      <ResultsFilters view={view} questions={choiceQuestions} onChange={changeView} />

      <section aria-labelledby="summary-title" aria-busy={navigation.state === 'loading'}>
        <Typography.Title level={2} id="summary-title" className="results-section-title">
          Summary
        </Typography.Title>
        {data.error ? <Alert type="error" showIcon title={data.error} /> : null}
        {data.summary ? (
          <div className={navigation.state === 'loading' ? 'summary--stale' : undefined}>
            <ResultsSummary summary={data.summary} />
          </div>
        ) : !data.error ? (
          <Spin style={{ display: 'block', padding: 24 }} />
        ) : null}
      </section>

      <div className="results-stats">
        <Card size="small">
          <Statistic title={<span className="staff-muted">Responses</span>} value={overview?.count ?? 0} loading={loading} />
        </Card>
        <Card size="small">
          <Statistic title={<span className="staff-muted">E-mails captured</span>} value={overview?.emails.length ?? 0} loading={loading} />
        </Card>
        <Card size="small">
          <Statistic title={<span className="staff-muted">Completed</span>} value={completed} loading={loading} />
        </Card>
      </div>

      <section aria-labelledby="responses-title">
        <Typography.Title level={2} id="responses-title" className="results-section-title">
          Responses
        </Typography.Title>
        {!loading && overview && !hasResponses ? (
          <div className="results-empty" role="status">
            {CAMPAIGN_MESSAGES.noResponses}
          </div>
        ) : (
          <>
            <div className="results-answers-table">
            <Table<AnswerTableRow>
              columns={columns}
              dataSource={tableRows}
              loading={loading || answers.loading}
              locale={{ emptyText: <span className="staff-muted">{CAMPAIGN_MESSAGES.noResponses}</span> }}
              scroll={{ x: 'max-content' }}
              size="middle"
              pagination={{
                current: page,
                pageSize,
                total: rowCount,
                showSizeChanger: true,
                placement: ['bottomEnd'],
                onChange: (next, size) => {
                  setPage(size === pageSize ? next : 1);
                  setPageSize(size);
                },
              }}
            />
            </div>
            {/* A phone: a card per response, each question with its answer, so nothing scrolls sideways (issue 14). */}
            <div className="results-answers-cards" aria-busy={loading || answers.loading}>
              {loading || answers.loading ? (
                <Spin style={{ display: 'block', padding: 24 }} />
              ) : tableRows.length === 0 ? (
                <span className="staff-muted">{CAMPAIGN_MESSAGES.noResponses}</span>
              ) : (
                <ul className="results-card-list">
                  {tableRows.map((row) => (
                    <li key={row.key} className="results-card">
                      <strong>{row.email}</strong>
                      <span className="results-card__date">{formatDate(row.date)}</span>
                      {row.completed === false ? <Tag>Unfinished</Tag> : null}
                      <dl className="results-card__answers">
                        {(overview?.columns ?? []).map((column, i) => (
                          <div key={column.name}>
                            <dt>{column.title}</dt>
                            <dd>{answerContent(row, i)}</dd>
                          </div>
                        ))}
                      </dl>
                    </li>
                  ))}
                </ul>
              )}
              {rowCount > pageSize ? (
                <Pagination
                  className="results-card-pages"
                  size="small"
                  simple
                  current={page}
                  pageSize={pageSize}
                  total={rowCount}
                  onChange={(next) => setPage(next)}
                />
              ) : null}
            </div>
          </>
        )}
        {answers.rows === null ? <Alert type="error" showIcon title={CAMPAIGN_MESSAGES.loadFailed} /> : null}
      </section>

      <section aria-labelledby="emails-title">
        <Typography.Title level={2} id="emails-title" className="results-section-title">
          E-mail records
        </Typography.Title>
        <Table<EmailRecord>
          rowKey="_id"
          dataSource={overview?.emails ?? []}
          loading={loading}
          locale={{ emptyText: <span className="staff-muted">No e-mails captured for this campaign yet.</span> }}
          size="middle"
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 10, placement: ['bottomEnd'], hideOnSinglePage: true }}
          columns={[
            { title: 'Email', dataIndex: 'email', key: 'email' },
            { title: 'Date', dataIndex: 'date', key: 'date', render: formatDate },
            {
              title: 'Completed',
              dataIndex: 'isCompleted',
              key: 'isCompleted',
              render: (done: boolean) => (done ? <Tag color={TAG_COLORS.positive}>Completed</Tag> : <Tag>Not completed</Tag>),
            },
          ]}
        />
      </section>
    </div>
  );
}

/**
 * The campaign comes by navigation state (SPEC.md §2); it is then written to the URL with the
 * filters, so a filtered view is a link that opens on its own.
 */
export function Component() {
  const location = useLocation();
  const [search] = useSearchParams();
  const state = readState(location.state);
  const view = readResultsView(search);
  if (!view) {
    if (!state) return <Navigate to={paths.dashboard} replace />;
    return <Navigate to={{ search: resultsSearch({ id: state.id, status: 'completed' }) }} replace state={location.state} />;
  }
  return <ResultsView key={view.id} id={view.id} name={state?.id === view.id ? state.name : ''} view={view} />;
}

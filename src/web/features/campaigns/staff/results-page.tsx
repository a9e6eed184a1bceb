import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Pagination, Spin, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { CAMPAIGN_MESSAGES, exportFileName, type AnswerRow, type Campaign, type EmailRecord } from '../../../../shared/campaigns/campaigns.contract';
import { paths } from '../../../../shared/paths';
import { cellText, parseAnswers, readSurvey, type AnswerColumn } from '../../../../shared/survey/survey-questions';
import { PageMeta } from '../../../components/page-meta';
import { downloadResults, fetchAnswers, fetchCampaign, fetchEmailRecords, fetchResponseCount } from '../campaigns-api';
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

function useAnswerPage(id: string, page: number, pageSize: number, enabled: boolean) {
  const key = `${id}:${page}:${pageSize}`;
  const [loaded, setLoaded] = useState<{ key: string; rows: AnswerRow[] | null } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    fetchAnswers(id, { limit: pageSize, offset: (page - 1) * pageSize }).then(
      (rows) => !cancelled && setLoaded({ key, rows }),
      () => !cancelled && setLoaded({ key, rows: null }),
    );
    return () => {
      cancelled = true;
    };
  }, [id, page, pageSize, key, enabled]);
  return { loading: loaded?.key !== key, rows: loaded?.key === key ? loaded.rows : [] };
}

function ResultsView({ id, name }: ResultsState) {
  const { message } = App.useApp();
  const pageRef = useKeyboardScrollableTables<HTMLDivElement>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [downloading, setDownloading] = useState(false);
  const { loading, overview } = useOverview(id);
  const hasResponses = (overview?.count ?? 0) > 0;
  const answers = useAnswerPage(id, page, pageSize, hasResponses);
  const title = overview?.campaign.name ?? name;

  const tableRows = useMemo<AnswerTableRow[]>(
    () =>
      (answers.rows ?? []).map((row) => {
        const data = parseAnswers(row.result);
        return { key: row._id, email: row.email, date: row.date, cells: (overview?.columns ?? []).map((c) => cellText(c.format(data))) };
      }),
    [answers.rows, overview],
  );

  const columns = useMemo<TableColumnsType<AnswerTableRow>>(
    () => [
      { title: 'Email', dataIndex: 'email', key: 'email', fixed: 'left', width: 220, render: (email: string) => <span className="results-cell">{email}</span> },
      { title: 'Date', dataIndex: 'date', key: 'date', width: 190, render: (date: string) => <span className="results-date">{formatDate(date)}</span> },
      ...(overview?.columns ?? []).map((column, i) => ({
        title: column.title,
        key: column.name,
        render: (_: unknown, row: AnswerTableRow) => <span className="results-cell">{row.cells[i] || '—'}</span>,
      })),
    ],
    [overview],
  );

  async function download() {
    setDownloading(true);
    try {
      const blob = await downloadResults(id);
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
                total: overview?.count ?? 0,
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
                      <dl className="results-card__answers">
                        {(overview?.columns ?? []).map((column, i) => (
                          <div key={column.name}>
                            <dt>{column.title}</dt>
                            <dd>{row.cells[i] || '—'}</dd>
                          </div>
                        ))}
                      </dl>
                    </li>
                  ))}
                </ul>
              )}
              {(overview?.count ?? 0) > pageSize ? (
                <Pagination
                  className="results-card-pages"
                  size="small"
                  simple
                  current={page}
                  pageSize={pageSize}
                  total={overview?.count ?? 0}
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

export function Component() {
  const location = useLocation();
  const state = readState(location.state);
  if (!state) return <Navigate to={paths.dashboard} replace />;
  return <ResultsView key={state.id} {...state} />;
}

import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { CAMPAIGN_MESSAGES, exportFileName, type AnswerRow, type Campaign, type EmailRecord } from '../../../../shared/campaigns';
import { paths } from '../../../../shared/paths';
import { answerColumns, cellText, type AnswerColumn, type SurveyAnswerData } from '../../../../shared/survey-answers';
import { PageMeta } from '../../../components/page-meta';
import { downloadResults, fetchAnswers, fetchCampaign, fetchEmailRecords, fetchQuestionColumns, fetchResponseCount } from '../campaigns-api';
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

function parseAnswers(result: string): SurveyAnswerData {
  try {
    const value: unknown = JSON.parse(result);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as SurveyAnswerData) : {};
  } catch {
    return {};
  }
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
    Promise.all([fetchCampaign(id), fetchQuestionColumns(id), fetchResponseCount(id), fetchEmailRecords(id)]).then(
      ([campaign, questioncolumns, count, emails]) => {
        if (!cancelled) setLoaded({ id, overview: { campaign, columns: answerColumns(campaign.questions, questioncolumns), count, emails } });
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

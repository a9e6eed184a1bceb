import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, DatePicker, Segmented, Select, Spin, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Link, useLoaderData, useLocation, useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { ResultStatus } from '#shared/results/campaign-summary.contract';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { exportFileName, type AnswerRow } from '#shared/results/results.contract';
import { type EmailRecord } from '#shared/responses/responses.contract';
import { paths } from '#shared/paths';
import { cellText, parseAnswers, readSurvey, readSurveySummary, type SummaryChoice, type SurveyFileRef } from '#shared/survey-json/survey-questions';
import { PageMeta } from '#web/components/page-meta';
import { PHONE_CARDS_WIDE, PhoneCards } from '#web/components/phone-cards';
import { saveBlob } from '#web/lib/save-blob';
import { staffText } from '#web/lib/staff-text';
import { LoadFailed, loadPageData } from '#web/lib/page-data';
import { TAG_COLORS } from '#web/features/surveys/staff';
import { downloadResults, fetchAnswers } from './results-api';
import { apiFilters, fetchSummary, readResultsView, resultsSearch, type ResultsView as View } from './results-filters';
import { fetchChannels } from '#web/features/channels/staff';
import type { Channel } from '#shared/channels/channels.contract';
import { useResultsContext } from './results-page';
import { ResultsSummary } from './results-summary';
import { SurveyFileLinks } from '#web/features/responses/staff';
import { useKeyboardScrollableTables } from '#web/lib/use-keyboard-scrollable-tables';
import '#web/styles/staff.css';
import { formatDateTime, studioTimeZone } from '#web/lib/studio-time';

/**
 * The view in the URL (filters, the answers' page): its summary and its page of answers. Runs again
 * whenever the search params change; the campaign itself is loaded once, by results-page.tsx.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const view = readResultsView(new URL(request.url).searchParams);
  if (!view) return null;
  const filters = apiFilters(view);
  const size = view.size ?? 10;
  const [summary, answers, channels] = await Promise.all([
    loadPageData(() => fetchSummary(view.id, filters), CAMPAIGN_MESSAGES.loadFailed),
    loadPageData(() => fetchAnswers(view.id, { limit: size, offset: ((view.page ?? 1) - 1) * size }, filters), CAMPAIGN_MESSAGES.loadFailed),
    // README "Channels": this campaign's channels to filter on (the page works without them).
    fetchChannels()
      .then((all) => all.filter((c) => c.campaignId === view.id))
      .catch(() => [] as Channel[]),
  ]);
  return { summary, answers, channels };
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
  /** README "Channels": the channel's name and the UTM values, '' when none. */
  channel: string;
  utm: string;
}

const UTM_ORDER = ['source', 'medium', 'campaign', 'content', 'term'] as const;
const utmLine = (utm: AnswerRow['utm']) =>
  utm
    ? UTM_ORDER.filter((f) => utm[f])
        .map((f) => `${f} ${utm[f]}`)
        .join(' · ')
    : '';

/** A cell: uploaded files as links to their staff page, anything else as text. */
function answerContent(row: AnswerTableRow, column: number) {
  const files = row.files[column] ?? [];
  return files.length > 0 ? <SurveyFileLinks files={files} /> : row.cells[column] || '—';
}

const STATUS_OPTIONS: { value: ResultStatus; label: string }[] = [
  { value: 'completed', label: staffText('staff.results.completed') },
  { value: 'unfinished', label: staffText('staff.results.unfinished') },
  { value: 'all', label: staffText('staff.results.filters.all') },
];

/** Dates, status and "the answer to X is Y" (choice questions), written to the URL. */
function ResultsFilters({
  view,
  questions,
  channels,
  onChange,
}: {
  view: View;
  questions: { name: string; title: string; choices: SummaryChoice[] }[];
  channels: Channel[];
  onChange: (next: View) => void;
}) {
  // The question picked waits here for its answer: the URL holds a question only with an answer.
  const [picked, setPicked] = useState(view.question);
  const question = questions.find((q) => q.name === (picked ?? view.question));
  return (
    <div className="results-filters" role="group" aria-label={staffText('staff.results.filters.label')}>
      <label className="results-filter">
        <span>{staffText('staff.results.filters.period')}</span>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          value={[view.from ? dayjs(view.from) : null, view.to ? dayjs(view.to) : null]}
          onChange={(range) => onChange({ ...view, from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })}
          aria-label={staffText('staff.results.filters.period')}
        />
      </label>
      <div className="results-filter">
        <span id="results-status-label">{staffText('staff.results.filters.status')}</span>
        <Segmented<ResultStatus>
          aria-labelledby="results-status-label"
          options={STATUS_OPTIONS}
          value={view.status}
          onChange={(status) => onChange({ ...view, status })}
        />
      </div>
      <label className="results-filter">
        <span>{staffText('staff.results.filters.question')}</span>
        <Select
          aria-label={staffText('staff.results.filters.questionLabel')}
          allowClear
          placeholder={staffText('staff.results.filters.anyQuestion')}
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
        <span>{staffText('staff.results.filters.answer')}</span>
        <Select
          aria-label={staffText('staff.results.filters.answerLabel')}
          disabled={!question}
          placeholder={question ? staffText('staff.results.filters.pickAnswer') : staffText('staff.results.filters.pickQuestion')}
          value={question && question.name === view.question ? view.answer : undefined}
          options={(question?.choices ?? []).map((c) => ({ value: String(c.value), label: c.text }))}
          onChange={(answer: string) => onChange({ ...view, question: question?.name, answer })}
          popupMatchSelectWidth={false}
          className="results-filter__select"
        />
      </label>
      {channels.length > 0 || view.channelId ? (
        <label className="results-filter">
          <span>{staffText('staff.channels.touch.filter')}</span>
          <Select
            aria-label={staffText('staff.channels.touch.filter')}
            allowClear
            placeholder={staffText('staff.channels.touch.allChannels')}
            value={view.channelId}
            options={channels.map((c) => ({ value: c.id, label: c.name }))}
            onChange={(channelId?: string) => onChange({ ...view, channelId })}
            popupMatchSelectWidth={false}
            className="results-filter__select"
          />
        </label>
      ) : null}
      {view.from || view.to || view.status !== 'completed' || view.answer !== undefined || view.channelId ? (
        <Button
          onClick={() => {
            setPicked(undefined);
            onChange({ id: view.id, status: 'completed' });
          }}
        >
          {staffText('staff.results.filters.clear')}
        </Button>
      ) : null}
    </div>
  );
}

function ResultsView({ view, summary, answers, channels }: { view: View } & NonNullable<ReturnType<typeof useLoaderData<typeof loader>>>) {
  const { message } = App.useApp();
  const { id, name, overview: loaded } = useResultsContext();
  const overview = loaded.data;
  const location = useLocation();
  const navigation = useNavigation();
  // Another filter or page of this campaign is loading: the current one stays shown meanwhile.
  const loadingView = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const [, setSearch] = useSearchParams();
  const pageRef = useKeyboardScrollableTables<HTMLDivElement>();
  const page = view.page ?? 1;
  const pageSize = view.size ?? 10;
  const [downloading, setDownloading] = useState(false);
  const filters = apiFilters(view);
  const hasResponses = (overview?.count ?? 0) > 0;
  const title = overview?.campaign.name ?? name;
  const columnsOfSurvey = useMemo(() => (overview ? readSurvey(overview.campaign.questions).columns : []), [overview]);
  // Rows the table pages through: the view's count once the summary is in.
  const rowCount = filters ? (summary.data?.total ?? 0) : (overview?.count ?? 0);
  const choiceQuestions = useMemo(
    () =>
      overview
        ? readSurveySummary(overview.campaign.questions).questions.flatMap((q) =>
            q.kind === 'choices'
              ? [{ name: q.name, title: q.title, choices: q.choices }]
              : q.kind === 'rating'
                ? [{ name: q.name, title: q.title, choices: q.values }]
                : [],
          )
        : [],
    [overview],
  );
  /** Filters start again at the first page of answers; `page` changes the page only. */
  const changeView = (next: View) => setSearch(resultsSearch({ ...next, page: undefined }), { replace: true, state: { id, name } });
  const setPage = (next: number, size: number) =>
    setSearch(resultsSearch({ ...view, page: size === pageSize ? next : 1, size }), { replace: true, state: { id, name } });

  const tableRows = useMemo<AnswerTableRow[]>(
    () =>
      (answers.data ?? []).map((row) => {
        const data = parseAnswers(row.result);
        const columns = columnsOfSurvey;
        return {
          key: row._id,
          email: row.email,
          date: row.date,
          cells: columns.map((c) => cellText(c.format(data))),
          files: columns.map((c) => c.files?.(data) ?? []),
          completed: row.completed,
          channel: row.channel?.name ?? '',
          utm: utmLine(row.utm),
        };
      }),
    [answers.data, columnsOfSurvey],
  );

  const columns = useMemo<TableColumnsType<AnswerTableRow>>(
    () => [
      {
        title: staffText('staff.results.email'),
        dataIndex: 'email',
        key: 'email',
        fixed: 'left',
        width: 220,
        render: (email: string) => <span className="results-cell">{email}</span>,
      },
      {
        title: staffText('staff.results.date'),
        dataIndex: 'date',
        key: 'date',
        width: 190,
        render: (date: string) => <span className="results-date">{formatDateTime(date)}</span>,
      },
      ...(view.status === 'completed'
        ? []
        : [
            {
              title: staffText('staff.results.view.status'),
              key: 'status',
              width: 130,
              render: (_: unknown, row: AnswerTableRow) =>
                row.completed === false ? (
                  <Tag>{staffText('staff.results.unfinished')}</Tag>
                ) : (
                  <Tag color={TAG_COLORS.positive}>{staffText('staff.results.completed')}</Tag>
                ),
            },
          ]),
      ...columnsOfSurvey.map((column, i) => ({
        title: column.title,
        key: column.name,
        render: (_: unknown, row: AnswerTableRow) => <span className="results-cell">{answerContent(row, i)}</span>,
      })),
      {
        // README "Channels": where the visitor came from.
        title: staffText('staff.channels.touch.column'),
        key: 'channel',
        width: 200,
        render: (_: unknown, row: AnswerTableRow) =>
          row.channel || row.utm ? (
            <span className="results-cell">
              {row.channel || staffText('staff.channels.touch.noChannel')}
              {row.utm ? <span className="staff-muted"> · {row.utm}</span> : null}
            </span>
          ) : (
            '—'
          ),
      },
    ],
    [columnsOfSurvey, view.status],
  );

  async function download() {
    setDownloading(true);
    try {
      const blob = await downloadResults(id, filters);
      saveBlob(blob, exportFileName(title, new Date(), studioTimeZone()));
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
      <PageMeta title={staffText('staff.results.view.metaTitle', { title })} description={staffText('staff.results.view.metaDescription')} />
      <Link to={paths.dashboard}>
        <ArrowLeftOutlined aria-hidden /> {staffText('staff.results.view.allCampaigns')}
      </Link>
      <header className="staff-page__header">
        <div>
          <Typography.Title level={1} className="staff-page__title">
            {title}
          </Typography.Title>
          <p className="staff-muted staff-page__lead">{staffText('staff.results.view.lead')}</p>
        </div>
        {/* Nothing to download until someone answers: the panel below says so. */}
        {hasResponses ? (
          <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
            {staffText('staff.results.view.download')}
          </Button>
        ) : null}
      </header>

      {loaded.error ? <LoadFailed message={CAMPAIGN_MESSAGES.loadFailed} style={{ marginBottom: 0 }} /> : null}

      <ResultsFilters view={view} questions={choiceQuestions} channels={channels} onChange={changeView} />

      <section aria-labelledby="summary-title" aria-busy={loadingView}>
        <Typography.Title level={2} id="summary-title" className="results-section-title">
          {staffText('staff.results.view.summary')}
        </Typography.Title>
        {summary.error ? <Alert type="error" showIcon title={summary.error} /> : null}
        {summary.data ? (
          <div className={loadingView ? 'summary--stale' : undefined}>
            <ResultsSummary summary={summary.data} />
          </div>
        ) : !summary.error ? (
          <Spin style={{ display: 'block', padding: 24 }} />
        ) : null}
      </section>

      <div className="results-stats">
        <Card size="small">
          <Statistic title={<span className="staff-muted">{staffText('staff.results.view.responses')}</span>} value={overview?.count ?? 0} />
        </Card>
        <Card size="small">
          <Statistic title={<span className="staff-muted">{staffText('staff.results.view.emailsCaptured')}</span>} value={overview?.emails.length ?? 0} />
        </Card>
        <Card size="small">
          <Statistic title={<span className="staff-muted">{staffText('staff.results.completed')}</span>} value={completed} />
        </Card>
      </div>

      <section aria-labelledby="responses-title">
        <Typography.Title level={2} id="responses-title" className="results-section-title">
          {staffText('staff.results.view.responses')}
        </Typography.Title>
        {overview && !hasResponses ? (
          <div className="results-empty" role="status">
            {CAMPAIGN_MESSAGES.noResponses}
          </div>
        ) : (
          <>
            <div className={`results-answers-table ${PHONE_CARDS_WIDE}`}>
              <Table<AnswerTableRow>
                columns={columns}
                dataSource={tableRows}
                loading={loadingView}
                locale={{ emptyText: <span className="staff-muted">{CAMPAIGN_MESSAGES.noResponses}</span> }}
                scroll={{ x: 'max-content' }}
                size="middle"
                pagination={{
                  current: page,
                  pageSize,
                  total: rowCount,
                  showSizeChanger: true,
                  placement: ['bottomEnd'],
                  onChange: setPage,
                }}
              />
            </div>
            {/* A phone: a card per response, each question with its answer, so nothing scrolls sideways. */}
            <PhoneCards
              items={tableRows}
              itemKey={(row) => row.key}
              busy={loadingView}
              spinWhileBusy
              empty={<span className="staff-muted">{CAMPAIGN_MESSAGES.noResponses}</span>}
              renderCard={(row) => (
                <div className="phone-card results-card">
                  <strong>{row.email}</strong>
                  <span className="phone-card__date">{formatDateTime(row.date)}</span>
                  {row.completed === false ? <Tag>{staffText('staff.results.unfinished')}</Tag> : null}
                  {row.channel || row.utm ? <span className="staff-muted">{[row.channel, row.utm].filter(Boolean).join(' · ')}</span> : null}
                  <dl className="results-card__answers">
                    {columnsOfSurvey.map((column, i) => (
                      <div key={column.name}>
                        <dt>{column.title}</dt>
                        <dd>{answerContent(row, i)}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              )}
              pagination={{ size: 'small', current: page, pageSize, total: rowCount, onChange: (next) => setPage(next, pageSize) }}
            />
          </>
        )}
        {answers.error ? <Alert type="error" showIcon title={CAMPAIGN_MESSAGES.loadFailed} /> : null}
      </section>

      <section aria-labelledby="emails-title">
        <Typography.Title level={2} id="emails-title" className="results-section-title">
          {staffText('staff.results.view.emailRecords')}
        </Typography.Title>
        <Table<EmailRecord>
          rowKey="_id"
          dataSource={overview?.emails ?? []}
          locale={{ emptyText: <span className="staff-muted">{staffText('staff.results.view.noEmails')}</span> }}
          size="middle"
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 10, placement: ['bottomEnd'], hideOnSinglePage: true }}
          columns={[
            { title: staffText('staff.results.email'), dataIndex: 'email', key: 'email' },
            { title: staffText('staff.results.date'), dataIndex: 'date', key: 'date', render: formatDateTime },
            {
              title: staffText('staff.results.completed'),
              dataIndex: 'isCompleted',
              key: 'isCompleted',
              render: (done: boolean) =>
                done ? <Tag color={TAG_COLORS.positive}>{staffText('staff.results.completed')}</Tag> : <Tag>{staffText('staff.results.notCompleted')}</Tag>,
            },
          ]}
        />
      </section>
    </div>
  );
}

/** The view of the campaign results-page.tsx loaded: filters and the answers' page from the URL. */
export function Component() {
  const [search] = useSearchParams();
  const data = useLoaderData<typeof loader>();
  const view = readResultsView(search);
  // results-page.tsx sends a visit without a campaign away before this renders.
  if (!view || !data) return null;
  return <ResultsView key={view.id} view={view} summary={data.summary} answers={data.answers} channels={data.channels} />;
}

import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Input, Select, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  FUNNEL_STEPS,
  NO_CHANNEL_PARAM,
  stepConversions,
  type Dropoff,
  type DropoffQuestion,
  type Funnel,
  type FunnelRow,
  type FunnelStep,
} from '#shared/funnel/funnel.contract';
import type { StaffMessageKey } from '#shared/i18n/messages/staff-en';
import { PageMeta } from '#web/components/page-meta';
import { LoadFailed, loadPageData } from '#web/lib/page-data';
import { errorMessage } from '#web/lib/api-client';
import { saveBlob } from '#web/lib/save-blob';
import { staffText } from '#web/lib/staff-text';
import { studioIsoDay } from '#web/lib/studio-time';
import { fetchCampaigns } from '#web/features/surveys/staff';
import { useKeyboardScrollableTables } from '#web/lib/use-keyboard-scrollable-tables';
import { downloadFunnel, fetchDropoff, fetchFunnel, fetchFunnelChannels, fetchFunnelSources } from '../funnel-api';
import './funnel.css';

/** The channel filter's value for a source (decision 0057): channel ids never start so. */
const SOURCE_VALUE = 'source:';

/** The campaigns, channels and sources (decision 0057; the page works without them) for the filters. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadPageData(async () => {
    const [campaigns, channels, sources] = await Promise.all([
      fetchCampaigns(),
      fetchFunnelChannels(request.signal),
      fetchFunnelSources(request.signal).then(
        (r) => r.sources,
        () => [],
      ),
    ]);
    return {
      campaigns: campaigns.map((c) => ({ id: c._id, name: c.name })),
      channels: channels.map((c) => ({ id: c.id, name: c.name, campaignId: c.campaignId })),
      sources: sources.map((s) => ({ key: s.key, name: s.name })),
    };
  }, staffText('staff.funnel.loadFailed'));
}

const STEP_LABELS: Record<FunnelStep, StaffMessageKey> = {
  visits: 'staff.funnel.step.visits',
  emails: 'staff.funnel.step.emails',
  completed: 'staff.funnel.step.completed',
  contacted: 'staff.funnel.step.contacted',
  visitBooked: 'staff.funnel.step.visitBooked',
  visitDone: 'staff.funnel.step.visitDone',
  won: 'staff.funnel.step.won',
};
const BLUE = '#1d3a8a';
const ORANGE = '#c2410c';
const GREEN = '#15803d';
const number = new Intl.NumberFormat('en-IN');

type Row = FunnelRow & { key: string };
type ChannelOption = { value: string; label: string };
type Load<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'done'; data: T };

/** Loads `load(query)` again whenever the query changes (or on retry); the previous call is abandoned. */
function useQueryData<T>(
  query: string | null,
  load: (query: URLSearchParams, signal: AbortSignal) => Promise<T>,
  failed: StaffMessageKey,
): [Load<T> | null, () => void] {
  const [result, setResult] = useState<{ key: string; value: Load<T> } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = query === null ? null : `${query}#${attempt}`;
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    load(new URLSearchParams(key.slice(0, key.lastIndexOf('#'))), controller.signal).then(
      (data) => setResult({ key, value: { state: 'done', data } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ key, value: { state: 'failed', message: `${staffText(failed)} ${errorMessage(error)}` } });
      },
    );
    return () => controller.abort();
  }, [key, load, failed]);
  const value: Load<T> | null = key === null ? null : result?.key === key ? result.value : { state: 'loading' };
  return [value, () => setAttempt((n) => n + 1)];
}

function FunnelChart({ total }: { total: Funnel['total'] }) {
  const data = FUNNEL_STEPS.map((step) => ({ name: staffText(STEP_LABELS[step]), count: total[step] }));
  return (
    <div className="funnel-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 24, top: 4, bottom: 4 }} accessibilityLayer={false}>
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="name" width={130} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Bar dataKey="count" name={staffText('staff.funnel.count')} fill={BLUE} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

function DropoffChart({ questions }: { questions: DropoffQuestion[] }) {
  const data = questions.map((q) => ({ name: q.title, answered: q.answered, stopped: q.stoppedHere, shown: q.shown }));
  return (
    <div className="funnel-chart" style={{ height: Math.max(140, data.length * 44 + 60) }} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 24, top: 4, bottom: 4 }} accessibilityLayer={false}>
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="name" width={130} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Bar dataKey="shown" name={staffText('staff.funnel.dropoff.shown')} fill={BLUE} isAnimationActive={false} />
          <Bar dataKey="answered" name={staffText('staff.funnel.dropoff.answered')} fill={GREEN} isAnimationActive={false} />
          <Bar dataKey="stopped" name={staffText('staff.funnel.dropoff.stoppedHere')} fill={ORANGE} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

function stepCell(row: Pick<FunnelRow, FunnelStep>, step: FunnelStep) {
  const conversion = stepConversions(row)[step];
  return (
    <span className="funnel-cell">
      <span>{number.format(row[step])}</span>
      {conversion === null ? null : <span className="funnel-cell__rate">{`${conversion}%`}</span>}
    </span>
  );
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const { message } = App.useApp();
  const tableRef = useKeyboardScrollableTables<HTMLDivElement>();
  const [from, setFrom] = useState(() => studioIsoDay(new Date(Date.now() - 29 * 86_400_000)));
  const [to, setTo] = useState(() => studioIsoDay(new Date()));
  const [campaignId, setCampaignId] = useState<string | undefined>();
  const [channelId, setChannelId] = useState<string | undefined>();
  const [downloading, setDownloading] = useState(false);
  const data = loaded.data;

  const query = useMemo(() => {
    const q = new URLSearchParams();
    if (from) q.set('from', from);
    if (to) q.set('to', to);
    if (campaignId) q.set('campaignId', campaignId);
    // Decision 0057: the channel filter names a channel or a source of imported and API leads.
    if (channelId?.startsWith(SOURCE_VALUE)) q.set('source', channelId.slice(SOURCE_VALUE.length));
    else if (channelId) q.set('channelId', channelId);
    return q.toString();
  }, [from, to, campaignId, channelId]);
  const [funnel, retryFunnel] = useQueryData(data ? query : null, fetchFunnel, 'staff.funnel.loadFailed');
  const [dropoff, retryDropoff] = useQueryData<Dropoff>(data && campaignId ? query : null, fetchDropoff, 'staff.funnel.dropoff.loadFailed');

  const channelOptions = useMemo((): Array<ChannelOption | { label: string; title: string; options: ChannelOption[] }> => {
    const channels = [
      ...(data?.channels ?? []).filter((c) => !campaignId || c.campaignId === campaignId).map((c) => ({ value: c.id, label: c.name })),
      { value: NO_CHANNEL_PARAM, label: staffText('staff.funnel.noChannel') },
    ];
    // A campaign shows no source rows (decision 0057): its filter lists no sources.
    const sources = campaignId ? [] : (data?.sources ?? []);
    if (sources.length === 0) return channels;
    return [
      { label: staffText('staff.funnel.channelsGroup'), title: staffText('staff.funnel.channelsGroup'), options: channels },
      {
        label: staffText('staff.funnel.sourcesGroup'),
        title: staffText('staff.funnel.sourcesGroup'),
        options: sources.map((s) => ({ value: `${SOURCE_VALUE}${s.key}`, label: s.name })),
      },
    ];
  }, [data, campaignId]);

  async function download() {
    setDownloading(true);
    try {
      saveBlob(await downloadFunnel(new URLSearchParams(query)), `funnel-${from || 'start'}-${to || 'today'}.xlsx`);
    } catch (error) {
      void message.error(`${staffText('staff.funnel.downloadFailed')} ${errorMessage(error)}`);
    } finally {
      setDownloading(false);
    }
  }

  const columns: TableColumnsType<Row> = [
    { title: staffText('staff.funnel.channel'), dataIndex: 'name', key: 'name', fixed: 'left', width: 160 },
    ...FUNNEL_STEPS.map((step) => ({
      title: staffText(STEP_LABELS[step]),
      key: step,
      align: 'right' as const,
      render: (_: unknown, row: Row) => stepCell(row, step),
    })),
    {
      title: staffText('staff.funnel.median'),
      key: 'median',
      align: 'right',
      render: (_: unknown, row: Row) =>
        row.medianFirstContactMinutes === null ? '–' : staffText('staff.funnel.minutes', { minutes: row.medianFirstContactMinutes }),
    },
  ];
  const dropoffColumns: TableColumnsType<DropoffQuestion> = [
    { title: staffText('staff.funnel.dropoff.question'), dataIndex: 'title', key: 'title' },
    { title: staffText('staff.funnel.dropoff.shown'), dataIndex: 'shown', key: 'shown', align: 'right' },
    { title: staffText('staff.funnel.dropoff.answered'), dataIndex: 'answered', key: 'answered', align: 'right' },
    { title: staffText('staff.funnel.dropoff.stoppedHere'), dataIndex: 'stoppedHere', key: 'stoppedHere', align: 'right' },
  ];

  const rows: Row[] =
    funnel?.state === 'done'
      ? [
          ...funnel.data.channels.map((r) => ({ ...r, key: r.source !== null ? `source:${r.source}` : (r.channelId ?? NO_CHANNEL_PARAM) })),
          { ...funnel.data.total, channelId: null, name: staffText('staff.funnel.total'), key: 'total', source: null, kind: 'none' as const },
        ]
      : [];
  const empty = funnel?.state === 'done' && funnel.data.total.visits === 0 && funnel.data.total.emails === 0;

  return (
    <div className="funnel-page">
      <PageMeta title={staffText('staff.funnel.title')} description={staffText('staff.funnel.description')} />
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {staffText('staff.funnel.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 720 }}>
        {staffText('staff.funnel.intro')}
      </Typography.Paragraph>
      {loaded.error || !data ? (
        <LoadFailed message={loaded.error ?? staffText('staff.funnel.loadFailed')} forbidden={loaded.forbidden} />
      ) : (
        <>
          <form className="funnel-filters" onSubmit={(e) => e.preventDefault()} aria-label={staffText('staff.funnel.title')}>
            <label>
              <span>{staffText('staff.funnel.from')}</span>
              <Input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label>
              <span>{staffText('staff.funnel.to')}</span>
              <Input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
            </label>
            <label>
              <span id="funnel-campaign-label">{staffText('staff.funnel.campaign')}</span>
              <Select
                aria-labelledby="funnel-campaign-label"
                allowClear
                placeholder={staffText('staff.funnel.allCampaigns')}
                value={campaignId}
                onChange={(value: string | undefined) => {
                  setCampaignId(value);
                  setChannelId(undefined);
                }}
                options={data.campaigns.map((c) => ({ value: c.id, label: c.name }))}
              />
            </label>
            <label>
              <span id="funnel-channel-label">{staffText('staff.funnel.channel')}</span>
              <Select
                aria-labelledby="funnel-channel-label"
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                placeholder={staffText('staff.funnel.allChannels')}
                value={channelId}
                onChange={(value: string | undefined) => setChannelId(value)}
                options={channelOptions}
              />
            </label>
            <Button icon={<DownloadOutlined />} onClick={() => void download()} loading={downloading} disabled={funnel?.state !== 'done'}>
              {staffText('staff.funnel.download')}
            </Button>
          </form>

          {funnel === null || funnel.state === 'loading' ? (
            <div className="funnel-loading" aria-busy="true">
              <Spin />
            </div>
          ) : funnel.state === 'failed' ? (
            <Alert type="error" showIcon title={funnel.message} action={<Button onClick={retryFunnel}>{staffText('staff.funnel.tryAgain')}</Button>} />
          ) : (
            <>
              {empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={staffText('staff.funnel.empty')} /> : null}
              <Typography.Title level={2} style={{ fontSize: 18 }}>
                {staffText('staff.funnel.chartTitle')}
              </Typography.Title>
              <FunnelChart total={funnel.data.total} />
              <div ref={tableRef}>
                <Table<Row>
                  rowKey="key"
                  size="small"
                  columns={columns}
                  dataSource={rows}
                  scroll={{ x: 1100 }}
                  pagination={false}
                  aria-label={staffText('staff.funnel.tableCaption')}
                  rowClassName={(row) => (row.key === 'total' ? 'funnel-total' : '')}
                />
              </div>
            </>
          )}

          <Typography.Title level={2} style={{ fontSize: 18, marginTop: 32 }}>
            {staffText('staff.funnel.dropoff.title')}
          </Typography.Title>
          {!campaignId ? (
            <Typography.Paragraph type="secondary">{staffText('staff.funnel.dropoff.pick')}</Typography.Paragraph>
          ) : dropoff === null || dropoff.state === 'loading' ? (
            <div className="funnel-loading" aria-busy="true">
              <Spin />
            </div>
          ) : dropoff.state === 'failed' ? (
            <Alert type="error" showIcon title={dropoff.message} action={<Button onClick={retryDropoff}>{staffText('staff.funnel.tryAgain')}</Button>} />
          ) : dropoff.data.questions.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={staffText('staff.funnel.dropoff.empty')} />
          ) : (
            <>
              <DropoffChart questions={dropoff.data.questions} />
              <Table<DropoffQuestion>
                rowKey="name"
                size="small"
                columns={dropoffColumns}
                dataSource={dropoff.data.questions}
                pagination={false}
                scroll={{ x: 480 }}
                aria-label={staffText('staff.funnel.dropoff.caption')}
              />
            </>
          )}
        </>
      )}
    </div>
  );
}

import { DownloadOutlined, PhoneOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Input, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { FirstContactFigures } from '#shared/followup/followup.contract';
import { useState, type ReactNode } from 'react';
import { Link, useLoaderData, useNavigate, useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { CampaignSummary } from '#shared/surveys/campaigns.contract';
import {
  LEAD_SOURCES,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  leadFilters,
  type LeadFilters,
  type LeadListItem,
  type LeadSourceList,
} from '#shared/leads/leads.contract';
import { leadSourceKey } from '#shared/leads/lead-source';
import { leadPath, paths } from '#shared/paths';
import { PageMeta } from '#web/components/page-meta';
import { formatPhone, telHref } from '#shared/phone';
import { PHONE_CARDS_WIDE, PhoneCards } from '#web/components/phone-cards';
import { errorMessage } from '#web/lib/api-client';
import { saveBlob } from '#web/lib/save-blob';
import { staffText } from '#web/lib/staff-text';
import { LoadFailed, loadPageData } from '#web/lib/page-data';
import { fetchCampaigns } from '#web/features/surveys/staff';
import { useKeyboardScrollableTables } from '#web/lib/use-keyboard-scrollable-tables';
import { downloadLeads, fetchFirstContactFigures, fetchLeadSources, fetchLeads } from '../leads-api';
import { formatDateTime, studioIsoDay } from '#web/lib/studio-time';
import { channelText, leadName, leadSourcesText, SOURCE_LABELS, STATUS_COLORS, utmText } from './lead-format';
import { AddLeadButton } from './add-lead-button';
import { fetchChannels } from '#web/features/channels/staff';
import type { Channel } from '#shared/channels/channels.contract';
import './leads.css';

const PAGE_SIZES = [20, 50, 100];
/** The channel filter's value for a source (decision 0057): channel ids never start so. */
const SOURCE_VALUE = 'source:';

interface View {
  filters: LeadFilters;
  /** The soonest next action first, or the newest activity (default). */
  sort: 'activity' | 'next-action';
  page: number;
  size: number;
}

type FilterOption = { value: string; label: ReactNode };

/** A labelled filter: its choices (or groups of them) after an "All …" choice (the empty value: no filter). */
function FilterSelect(props: {
  label: string;
  all: string;
  value: string | undefined;
  options: Array<FilterOption | { label: string; title: string; options: FilterOption[] }>;
  onChange: (value: string) => void;
  searchable?: boolean;
}) {
  return (
    <label className="leads-filter">
      <span>{props.label}</span>
      <Select
        aria-label={props.label}
        value={props.value ?? ''}
        onChange={props.onChange}
        options={[{ value: '', label: props.all }, ...props.options]}
        showSearch={props.searchable ? { optionFilterProp: 'label' } : undefined}
      />
    </label>
  );
}

/** The view from the URL: filters the contract rejects are dropped rather than failing the page. */
function readView(search: URLSearchParams): View {
  const raw = Object.fromEntries(
    ['status', 'source', 'campaign', 'channelId', 'leadSource', 'q', 'from', 'to', 'overdue'].map((k) => [k, search.get(k) ?? undefined]),
  );
  const filters: LeadFilters = {};
  for (const [key, value] of Object.entries(raw)) {
    const one = leadFilters.safeParse({ [key]: value });
    if (one.success) Object.assign(filters, one.data);
  }
  const size = PAGE_SIZES.includes(Number(search.get('size'))) ? Number(search.get('size')) : PAGE_SIZES[0]!;
  const page = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  const sort = search.get('sort') === 'next-action' ? 'next-action' : 'activity';
  return { filters, page, size, sort };
}

/** The page of leads the URL asks for, and the campaigns to filter on (the page works without them). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { filters, page, size, sort } = readView(new URL(request.url).searchParams);
  const campaigns = fetchCampaigns().catch(() => [] as CampaignSummary[]);
  // README "Channels": the channels to filter on (the page works without them).
  const channels = fetchChannels().catch(() => [] as Channel[]);
  // Decision 0057: the sources of imported and API leads, listed with the channels (the page works without them).
  const sources = fetchLeadSources()
    .then((r) => r.sources)
    .catch(() => [] as LeadSourceList['sources']);
  // The first-contact figures (the page works without them).
  const figures = fetchFirstContactFigures().catch(() => null);
  const list = await loadPageData(() => fetchLeads(filters, { limit: size, offset: (page - 1) * size }, sort), staffText('staff.leads.loadFailed'));
  return { ...list, campaigns: await campaigns, channels: await channels, sources: await sources, figures: await figures };
}

const percent = (share: number | null) => (share === null ? '—' : staffText('staff.leads.speed.percent', { percent: Math.round(share * 100) }));
const minutes = (value: number | null) => (value === null ? '—' : staffText('staff.leads.speed.minutes', { minutes: Math.round(value) }));

/** How fast leads get their first contact, per person and per week (working minutes). */
function SpeedToLead({ figures }: { figures: FirstContactFigures }) {
  if (figures.byPerson.length === 0) return null;
  const columns = [
    { title: staffText('staff.leads.speed.who'), dataIndex: 'name', key: 'name' },
    { title: staffText('staff.leads.speed.leads'), dataIndex: 'leads', key: 'leads' },
    { title: staffText('staff.leads.speed.waiting'), dataIndex: 'waiting', key: 'waiting' },
    { title: staffText('staff.leads.speed.withinTarget', { minutes: figures.targetMinutes }), dataIndex: 'shareWithinTarget', key: 'share', render: percent },
    { title: staffText('staff.leads.speed.median'), dataIndex: 'medianMinutes', key: 'median', render: minutes },
  ];
  return (
    <Card size="small" title={<h2 className="lead-card-title">{staffText('staff.leads.speed.title')}</h2>} className="leads-speed">
      <Table
        size="small"
        pagination={false}
        rowKey={(r) => r.staffId ?? 'nobody'}
        dataSource={figures.byPerson}
        columns={columns}
        aria-label={staffText('staff.leads.speed.perPerson')}
      />
      <Table
        size="small"
        pagination={false}
        rowKey="week"
        dataSource={figures.byWeek}
        columns={[{ title: staffText('staff.leads.speed.weekOf'), dataIndex: 'week', key: 'week' }, ...columns.slice(1)]}
        aria-label={staffText('staff.leads.speed.perWeek')}
      />
    </Card>
  );
}

function who(lead: LeadListItem): string {
  return leadName(lead);
}

function StatusTag({ status }: { status: LeadListItem['status'] }) {
  return <Tag color={STATUS_COLORS[status]}>{LEAD_STATUS_LABELS[status]}</Tag>;
}

function what(lead: LeadListItem): string {
  if (lead.campaignName) return lead.completed ? lead.campaignName : staffText('staff.leads.campaignUnfinished', { campaign: lead.campaignName });
  return leadSourcesText(lead);
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  const [search, setSearch] = useSearchParams();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const tableRef = useKeyboardScrollableTables<HTMLDivElement>();
  const [downloading, setDownloading] = useState(false);
  const view = readView(search);
  const loading = navigation.state === 'loading' && navigation.location.pathname === paths.leads;
  const [q, setQ] = useState(view.filters.q ?? '');

  /** Changes filters in the URL (so they survive a reload) and goes back to page 1. */
  function setFilter(key: keyof LeadFilters | 'sort', value: string | undefined) {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setSearch(next);
  }

  /** The channel filter: a channel (`channelId=`) or a source of imported and API leads (`leadSource=`, decision 0057). */
  function setChannelOrSource(value: string) {
    const next = new URLSearchParams(search);
    next.delete('channelId');
    next.delete('leadSource');
    if (value.startsWith(SOURCE_VALUE)) next.set('leadSource', value.slice(SOURCE_VALUE.length));
    else if (value) next.set('channelId', value);
    next.delete('page');
    setSearch(next);
  }

  function setPage(page: number, size: number) {
    const next = new URLSearchParams(search);
    next.set('page', String(size === view.size ? page : 1));
    next.set('size', String(size));
    setSearch(next);
  }

  async function download() {
    setDownloading(true);
    try {
      const blob = await downloadLeads(view.filters);
      saveBlob(blob, `leads-${studioIsoDay(new Date())}.xlsx`);
      void message.success(staffText('staff.leads.downloadReady'));
    } catch (error) {
      void message.error(errorMessage(error, staffText('staff.leads.downloadFailed')));
    } finally {
      setDownloading(false);
    }
  }

  const counts = data.data?.counts;
  const channelOptions = data.channels.map((c) => ({ value: c.id, label: c.name }));
  const columns: TableColumnsType<LeadListItem> = [
    {
      title: staffText('staff.leads.column.who'),
      key: 'who',
      render: (_, lead) => (
        <span className="leads-who">
          <Link to={leadPath(lead._id)} onClick={(e) => e.stopPropagation()}>
            {who(lead)}
          </Link>
          {lead.name ? <span className="leads-muted">{lead.email}</span> : null}
        </span>
      ),
    },
    { title: staffText('staff.leads.column.phone'), dataIndex: 'phone', key: 'phone', render: (phone: string | null) => (phone ? formatPhone(phone) : '—') },
    {
      title: staffText('staff.leads.column.sources'),
      key: 'sources',
      render: (_, lead) => leadSourcesText(lead) || '—',
    },
    {
      title: staffText('staff.leads.column.campaign'),
      key: 'campaign',
      render: (_, lead) =>
        lead.campaignName ? (
          <>
            {lead.campaignName}
            {lead.completed ? null : <span className="leads-muted">{staffText('staff.leads.unfinishedSuffix')}</span>}
          </>
        ) : (
          '—'
        ),
    },
    {
      // README "Channels": where the lead first came from, and the latest channel when it differs.
      title: staffText('staff.channels.touch.column'),
      key: 'channel',
      render: (_, lead) =>
        // Decision 0057: an imported or API lead's channel is its source.
        lead.leadSource ? (
          <span className="leads-who">{lead.leadSource.name}</span>
        ) : lead.firstTouch ? (
          <span className="leads-who">
            <span>{channelText(lead.firstTouch)}</span>
            {utmText(lead.firstTouch) ? <span className="leads-muted">{utmText(lead.firstTouch)}</span> : null}
            {lead.latestTouch && lead.latestTouch.channelId !== lead.firstTouch.channelId ? (
              <span className="leads-muted">{staffText('staff.channels.touch.latest', { channel: channelText(lead.latestTouch) })}</span>
            ) : null}
          </span>
        ) : (
          '—'
        ),
    },
    {
      title: staffText('staff.leads.column.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: LeadListItem['status']) => <StatusTag status={status} />,
    },
    { title: staffText('staff.leads.column.assignee'), dataIndex: 'assigneeName', key: 'assignee', render: (name: string | null) => name ?? '—' },
    {
      // What is next, and whether the lead is overdue.
      title: staffText('staff.leads.nextAction'),
      key: 'next',
      render: (_, lead) => (
        <>
          {lead.overdue ? <Tag color="red">{staffText('staff.leads.overdue')}</Tag> : null}
          {lead.nextAction ? (
            <span>
              {lead.nextAction.text} <span className="leads-muted">({formatDateTime(lead.nextAction.dueAt)})</span>
            </span>
          ) : lead.overdue ? null : (
            '—'
          )}
        </>
      ),
    },
    { title: staffText('staff.leads.column.lastActivity'), dataIndex: 'lastActivityAt', key: 'last', render: (at: string) => formatDateTime(at) },
  ];

  const filtered = Object.keys(view.filters).length > 0;
  const empty = (
    <Empty description={staffText(filtered ? 'staff.leads.noMatch' : 'staff.leads.noneYet')}>
      {filtered ? <Button onClick={() => setSearch(new URLSearchParams())}>{staffText('staff.leads.clearFilters')}</Button> : null}
    </Empty>
  );

  return (
    <div className="leads-page">
      <PageMeta title={staffText('staff.leads.title')} description={staffText('staff.leads.description')} />
      <div className="leads-head">
        <Typography.Title level={1} className="leads-title">
          {staffText('staff.leads.title')}
        </Typography.Title>
        <div className="leads-head__actions">
          <AddLeadButton />
          <Link to={paths.leadsImport} className="leads-import-link">
            <UploadOutlined aria-hidden /> {staffText('staff.imports.open')}
          </Link>
          <Button icon={<DownloadOutlined />} loading={downloading} disabled={!data.data || data.data.total === 0} onClick={() => void download()}>
            {staffText('staff.leads.download')}
          </Button>
        </div>
      </div>

      {data.figures ? <SpeedToLead figures={data.figures} /> : null}

      <form className="leads-filters" role="search" aria-label={staffText('staff.leads.filters')} onSubmit={(e) => e.preventDefault()}>
        <FilterSelect
          label={staffText('staff.leads.filter.status')}
          all={staffText('staff.leads.filter.allStatuses')}
          value={view.filters.status}
          onChange={(v) => setFilter('status', v)}
          options={LEAD_STATUSES.map((s) => ({
            value: s,
            label: counts ? staffText('staff.leads.filter.statusCount', { status: LEAD_STATUS_LABELS[s], count: counts[s] }) : LEAD_STATUS_LABELS[s],
          }))}
        />
        <FilterSelect
          label={staffText('staff.leads.filter.source')}
          all={staffText('staff.leads.filter.allSources')}
          value={view.filters.source}
          onChange={(v) => setFilter('source', v)}
          options={LEAD_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] }))}
        />
        <FilterSelect
          label={staffText('staff.leads.filter.campaign')}
          all={staffText('staff.leads.filter.allCampaigns')}
          value={view.filters.campaign}
          onChange={(v) => setFilter('campaign', v)}
          options={data.campaigns.map((c) => ({ value: c._id, label: c.name }))}
        />
        <FilterSelect
          label={staffText('staff.channels.touch.filter')}
          all={staffText('staff.channels.touch.allChannels')}
          value={view.filters.channelId ?? (view.filters.leadSource ? `${SOURCE_VALUE}${leadSourceKey(view.filters.leadSource)}` : undefined)}
          onChange={setChannelOrSource}
          // Channels and sources can be many: typing a name finds it.
          searchable
          options={
            data.sources.length === 0
              ? channelOptions
              : [
                  ...(channelOptions.length > 0
                    ? [
                        {
                          label: staffText('staff.channels.touch.channelsGroup'),
                          title: staffText('staff.channels.touch.channelsGroup'),
                          options: channelOptions,
                        },
                      ]
                    : []),
                  {
                    label: staffText('staff.channels.touch.sourcesGroup'),
                    title: staffText('staff.channels.touch.sourcesGroup'),
                    options: data.sources.map((source) => ({ value: `${SOURCE_VALUE}${source.key}`, label: source.name })),
                  },
                ]
          }
        />
        <FilterSelect
          label={staffText('staff.leads.filter.followUp')}
          all={staffText('staff.leads.filter.allLeads')}
          value={view.filters.overdue ? 'true' : undefined}
          onChange={(v) => setFilter('overdue', v || undefined)}
          options={[{ value: 'true', label: staffText('staff.leads.filter.overdueOnly') }]}
        />
        <label className="leads-filter">
          <span>{staffText('staff.leads.filter.order')}</span>
          <Select
            aria-label={staffText('staff.leads.filter.order')}
            value={view.sort}
            onChange={(v: string) => setFilter('sort', v === 'activity' ? undefined : v)}
            options={[
              { value: 'activity', label: staffText('staff.leads.filter.newestActivity') },
              { value: 'next-action', label: staffText('staff.leads.filter.soonestNextAction') },
            ]}
          />
        </label>
        <label className="leads-filter">
          <span>{staffText('staff.leads.filter.from')}</span>
          <Input type="date" value={view.filters.from ?? ''} onChange={(e) => setFilter('from', e.target.value)} />
        </label>
        <label className="leads-filter">
          <span>{staffText('staff.leads.filter.to')}</span>
          <Input type="date" value={view.filters.to ?? ''} onChange={(e) => setFilter('to', e.target.value)} />
        </label>
        <label className="leads-filter leads-filter--search">
          <span>{staffText('staff.leads.filter.search')}</span>
          <Input.Search
            placeholder={staffText('staff.leads.filter.searchPlaceholder')}
            value={q}
            allowClear
            onChange={(e) => {
              setQ(e.target.value);
              if (!e.target.value) setFilter('q', undefined);
            }}
            onSearch={(value) => setFilter('q', value.trim() || undefined)}
          />
        </label>
      </form>

      <p className="leads-counts" aria-live="polite">
        {counts
          ? LEAD_STATUSES.map((s) => (
              <button
                key={s}
                type="button"
                className={view.filters.status === s ? 'leads-count leads-count--on' : 'leads-count'}
                aria-pressed={view.filters.status === s}
                onClick={() => setFilter('status', view.filters.status === s ? undefined : s)}
              >
                {LEAD_STATUS_LABELS[s]} <strong>{counts[s]}</strong>
              </button>
            ))
          : null}
      </p>

      {!data.data ? (
        <LoadFailed message={staffText('staff.leads.loadFailed')} reason={data.error} />
      ) : (
        <>
          <div ref={tableRef} className={PHONE_CARDS_WIDE}>
            <Table<LeadListItem>
              rowKey="_id"
              columns={columns}
              dataSource={data.data.items}
              loading={loading}
              locale={{ emptyText: empty }}
              onRow={(lead) => ({ onClick: () => void navigate(leadPath(lead._id)), className: 'leads-row' })}
              scroll={{ x: 900 }}
              pagination={{
                current: view.page,
                pageSize: view.size,
                total: data.data.total,
                pageSizeOptions: PAGE_SIZES,
                showSizeChanger: true,
                showTotal: (total) => staffText('staff.leads.total', { count: total }),
                onChange: setPage,
              }}
            />
          </div>
          <PhoneCards
            items={data.data.items}
            itemKey={(lead) => lead._id}
            busy={loading}
            empty={empty}
            renderCard={(lead) => (
              // The whole card opens the lead (its name link covers it); the phone above that calls.
              <div className="phone-card leads-card">
                <span className="phone-card__top">
                  <Link to={leadPath(lead._id)} className="leads-card__who">
                    <strong>{who(lead)}</strong>
                  </Link>
                  <StatusTag status={lead.status} />
                </span>
                <span>{what(lead)}</span>
                {lead.leadSource ? (
                  <span className="leads-muted">{lead.leadSource.name}</span>
                ) : lead.firstTouch ? (
                  <span className="leads-muted">{[channelText(lead.firstTouch), utmText(lead.firstTouch)].filter(Boolean).join(' · ')}</span>
                ) : null}
                <span className="leads-muted">{formatDateTime(lead.lastActivityAt)}</span>
                {lead.overdue || lead.nextAction ? (
                  <span>
                    {lead.overdue ? <Tag color="red">{staffText('staff.leads.overdue')}</Tag> : null}
                    {lead.nextAction ? staffText('staff.leads.card.next', { text: lead.nextAction.text, when: formatDateTime(lead.nextAction.dueAt) }) : null}
                  </span>
                ) : null}
                {lead.phone ? (
                  <a
                    href={telHref(lead.phone)}
                    className="leads-card__phone"
                    aria-label={staffText('staff.leads.card.call', { phone: formatPhone(lead.phone) })}
                  >
                    <PhoneOutlined aria-hidden="true" /> {formatPhone(lead.phone)}
                  </a>
                ) : null}
              </div>
            )}
            pagination={{ current: view.page, pageSize: view.size, total: data.data.total, onChange: setPage }}
          />
        </>
      )}
    </div>
  );
}

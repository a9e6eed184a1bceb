import { DownloadOutlined, PhoneOutlined } from '@ant-design/icons';
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
} from '#shared/leads/leads.contract';
import { leadPath, paths } from '#shared/paths';
import { PageMeta } from '#web/components/page-meta';
import { formatPhone, telHref } from '#shared/phone';
import { PHONE_CARDS_WIDE, PhoneCards } from '#web/components/phone-cards';
import { errorMessage } from '#web/lib/api-client';
import { saveBlob } from '#web/lib/save-blob';
import { LoadFailed, loadPageData } from '#web/features/dashboard/page-data';
import { fetchCampaigns } from '#web/features/surveys/staff/campaigns-staff-api';
import { useKeyboardScrollableTables } from '#web/features/surveys/staff/use-keyboard-scrollable-tables';
import { downloadLeads, fetchFirstContactFigures, fetchLeads } from '../leads-api';
import { formatWhen, SOURCE_LABELS, STATUS_COLORS } from './lead-format';
import './leads.css';

const PAGE_SIZES = [20, 50, 100];

interface View {
  filters: LeadFilters;
  /** Issue 26: the soonest next action first, or the newest activity (default). */
  sort: 'activity' | 'next-action';
  page: number;
  size: number;
}

/** A labelled filter: its choices after an "All …" choice (the empty value: no filter). */
function FilterSelect(props: { label: string; all: string; value: string | undefined; options: Array<{ value: string; label: ReactNode }>; onChange: (value: string) => void }) {
  return (
    <label className="leads-filter">
      <span>{props.label}</span>
      <Select aria-label={props.label} value={props.value ?? ''} onChange={props.onChange} options={[{ value: '', label: props.all }, ...props.options]} />
    </label>
  );
}

/** The view from the URL: filters the contract rejects are dropped rather than failing the page. */
function readView(search: URLSearchParams): View {
  const raw = Object.fromEntries(['status', 'source', 'campaign', 'q', 'from', 'to', 'overdue'].map((k) => [k, search.get(k) ?? undefined]));
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
  // Issue 26: the first-contact figures (the page works without them).
  const figures = fetchFirstContactFigures().catch(() => null);
  const list = await loadPageData(() => fetchLeads(filters, { limit: size, offset: (page - 1) * size }, sort), 'The leads could not be loaded.');
  return { ...list, campaigns: await campaigns, figures: await figures };
}

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);
const minutes = (value: number | null) => (value === null ? '—' : `${Math.round(value)} min`);

/** Issue 26: how fast leads get their first contact, per person and per week (working minutes). */
function SpeedToLead({ figures }: { figures: FirstContactFigures }) {
  if (figures.byPerson.length === 0) return null;
  const columns = [
    { title: 'Who', dataIndex: 'name', key: 'name' },
    { title: 'Leads', dataIndex: 'leads', key: 'leads' },
    { title: `Within ${figures.targetMinutes} min`, dataIndex: 'shareWithinTarget', key: 'share', render: percent },
    { title: 'Median to first contact', dataIndex: 'medianMinutes', key: 'median', render: minutes },
  ];
  return (
    <Card size="small" title={<h2 className="lead-card-title">Speed to lead (last 8 weeks)</h2>} className="leads-speed">
      <Table size="small" pagination={false} rowKey={(r) => r.staffId ?? 'nobody'} dataSource={figures.byPerson} columns={columns} aria-label="First contact per person" />
      <Table
        size="small"
        pagination={false}
        rowKey="week"
        dataSource={figures.byWeek}
        columns={[{ title: 'Week of', dataIndex: 'week', key: 'week' }, ...columns.slice(1)]}
        aria-label="First contact per week"
      />
    </Card>
  );
}

function who(lead: LeadListItem): string {
  return lead.name || lead.email;
}

function StatusTag({ status }: { status: LeadListItem['status'] }) {
  return <Tag color={STATUS_COLORS[status]}>{LEAD_STATUS_LABELS[status]}</Tag>;
}

function what(lead: LeadListItem): string {
  if (lead.campaignName) return lead.completed ? lead.campaignName : `${lead.campaignName} (unfinished)`;
  return lead.sources.map((s) => SOURCE_LABELS[s] ?? s).join(', ');
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
      saveBlob(blob, `leads-${new Date().toISOString().slice(0, 10)}.xlsx`);
      void message.success('Download ready.');
    } catch (error) {
      void message.error(errorMessage(error, 'The download failed.'));
    } finally {
      setDownloading(false);
    }
  }

  const counts = data.data?.counts;
  const columns: TableColumnsType<LeadListItem> = [
    {
      title: 'Name or e-mail',
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
    { title: 'Phone', dataIndex: 'phone', key: 'phone', render: (phone: string | null) => (phone ? formatPhone(phone) : '—') },
    {
      title: 'Sources',
      dataIndex: 'sources',
      key: 'sources',
      render: (sources: string[]) => sources.map((s) => SOURCE_LABELS[s] ?? s).join(', '),
    },
    {
      title: 'Campaign',
      key: 'campaign',
      render: (_, lead) =>
        lead.campaignName ? (
          <>
            {lead.campaignName}
            {lead.completed ? null : <span className="leads-muted"> (unfinished)</span>}
          </>
        ) : (
          '—'
        ),
    },
    { title: 'Status', dataIndex: 'status', key: 'status', render: (status: LeadListItem['status']) => <StatusTag status={status} /> },
    { title: 'Assignee', dataIndex: 'assigneeName', key: 'assignee', render: (name: string | null) => name ?? '—' },
    {
      // Issue 26: what is next, and whether the lead is overdue.
      title: 'Next action',
      key: 'next',
      render: (_, lead) => (
        <>
          {lead.overdue ? <Tag color="red">Overdue</Tag> : null}
          {lead.nextAction ? (
            <span>
              {lead.nextAction.text} <span className="leads-muted">({formatWhen(lead.nextAction.dueAt)})</span>
            </span>
          ) : lead.overdue ? null : (
            '—'
          )}
        </>
      ),
    },
    { title: 'Last activity', dataIndex: 'lastActivityAt', key: 'last', render: (at: string) => formatWhen(at) },
  ];

  const filtered = Object.keys(view.filters).length > 0;
  const empty = (
    <Empty description={filtered ? 'No leads match these filters.' : 'No leads yet. They appear here when someone leaves an e-mail.'}>
      {filtered ? <Button onClick={() => setSearch(new URLSearchParams())}>Clear the filters</Button> : null}
    </Empty>
  );

  return (
    <div className="leads-page">
      <PageMeta title="Leads" description="Everyone who left an e-mail, in one pipeline." />
      <div className="leads-head">
        <Typography.Title level={1} className="leads-title">
          Leads
        </Typography.Title>
        <Button icon={<DownloadOutlined />} loading={downloading} disabled={!data.data || data.data.total === 0} onClick={() => void download()}>
          Download .xlsx
        </Button>
      </div>

      {data.figures ? <SpeedToLead figures={data.figures} /> : null}

      <form className="leads-filters" role="search" aria-label="Filter leads" onSubmit={(e) => e.preventDefault()}>
        <FilterSelect
          label="Status"
          all="All statuses"
          value={view.filters.status}
          onChange={(v) => setFilter('status', v)}
          options={LEAD_STATUSES.map((s) => ({ value: s, label: counts ? `${LEAD_STATUS_LABELS[s]} (${counts[s]})` : LEAD_STATUS_LABELS[s] }))}
        />
        <FilterSelect
          label="Source"
          all="All sources"
          value={view.filters.source}
          onChange={(v) => setFilter('source', v)}
          options={LEAD_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] }))}
        />
        <FilterSelect
          label="Campaign"
          all="All campaigns"
          value={view.filters.campaign}
          onChange={(v) => setFilter('campaign', v)}
          options={data.campaigns.map((c) => ({ value: c._id, label: c.name }))}
        />
        <FilterSelect
          label="Follow-up"
          all="All leads"
          value={view.filters.overdue ? 'true' : undefined}
          onChange={(v) => setFilter('overdue', v || undefined)}
          options={[{ value: 'true', label: 'Overdue only' }]}
        />
        <label className="leads-filter">
          <span>Order</span>
          <Select
            aria-label="Order"
            value={view.sort}
            onChange={(v: string) => setFilter('sort', v === 'activity' ? undefined : v)}
            options={[
              { value: 'activity', label: 'Newest activity first' },
              { value: 'next-action', label: 'Soonest next action first' },
            ]}
          />
        </label>
        <label className="leads-filter">
          <span>From</span>
          <Input type="date" value={view.filters.from ?? ''} onChange={(e) => setFilter('from', e.target.value)} />
        </label>
        <label className="leads-filter">
          <span>To</span>
          <Input type="date" value={view.filters.to ?? ''} onChange={(e) => setFilter('to', e.target.value)} />
        </label>
        <label className="leads-filter leads-filter--search">
          <span>Search</span>
          <Input.Search
            placeholder="Name, e-mail or phone"
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
        <LoadFailed message="The leads could not be loaded." reason={data.error} />
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
                showTotal: (total) => `${total} ${total === 1 ? 'lead' : 'leads'}`,
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
              // The whole card opens the lead (its name link covers it); the phone above that calls (issue 22 item 12).
              <div className="phone-card leads-card">
                <span className="phone-card__top">
                  <Link to={leadPath(lead._id)} className="leads-card__who">
                    <strong>{who(lead)}</strong>
                  </Link>
                  <StatusTag status={lead.status} />
                </span>
                <span>{what(lead)}</span>
                <span className="leads-muted">{formatWhen(lead.lastActivityAt)}</span>
                {lead.overdue || lead.nextAction ? (
                  <span>
                    {lead.overdue ? <Tag color="red">Overdue</Tag> : null}
                    {lead.nextAction ? `Next: ${lead.nextAction.text} (${formatWhen(lead.nextAction.dueAt)})` : null}
                  </span>
                ) : null}
                {lead.phone ? (
                  <a href={telHref(lead.phone)} className="leads-card__phone" aria-label={`Call ${formatPhone(lead.phone)}`}>
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

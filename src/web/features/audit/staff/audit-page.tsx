import { Button, Empty, Input, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLoaderData, useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { AUDIT_KIND_LABELS, AUDIT_KINDS, AUDIT_TIME_ZONE, auditQuery, type AuditEntry } from '#shared/audit/audit.contract';
import { leadPath, paths } from '#shared/paths';
import { PageMeta } from '#web/components/page-meta';
import { PHONE_CARDS_WIDE, PhoneCards } from '#web/components/phone-cards';
import { LoadFailed, loadPageData } from '#web/lib/page-data';
import { useKeyboardScrollableTables } from '#web/lib/use-keyboard-scrollable-tables';
import { staffText } from '#web/lib/staff-text';
import { fetchAudit, fetchRecordNames, fetchStaffList, recordKey, type AuditFilters, type StaffMember } from '../audit-api';
import './audit.css';

const PAGE_SIZES = [20, 50, 100];
const FILTER_KEYS = ['actor', 'kind', 'from', 'to'] as const;

interface View {
  filters: AuditFilters;
  page: number;
  size: number;
}

/** The view from the URL: a filter the contract refuses is dropped rather than failing the page. */
function readView(search: URLSearchParams): View {
  const filters: AuditFilters = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key);
    if (value && auditQuery.safeParse({ [key]: value }).success) filters[key] = value;
  }
  if (filters.from && filters.to && !auditQuery.safeParse({ from: filters.from, to: filters.to }).success) delete filters.to;
  const size = PAGE_SIZES.includes(Number(search.get('size'))) ? Number(search.get('size')) : PAGE_SIZES[0]!;
  const page = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  return { filters, page, size };
}

/**
 * The page shows once its entries (and the people to filter by) have loaded. The records' names come
 * from up to five other lists (audit-api.ts): they are not awaited here, so that the slowest of those
 * reads does not hold the page back; the rows show them when they arrive.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { filters, page, size } = readView(new URL(request.url).searchParams);
  const staff = fetchStaffList().catch(() => [] as StaffMember[]);
  const list = await loadPageData(() => fetchAudit(filters, { limit: size, offset: (page - 1) * size }), staffText('staff.settings.audit.loadFailed'));
  const people = await staff;
  const names: Promise<Map<string, string>> = list.data
    ? fetchRecordNames(new Set(list.data.items.filter((e) => e.recordId).map((e) => e.recordType)), people).catch(() => new Map<string, string>())
    : Promise.resolve(new Map<string, string>());
  return { ...list, staff: people, names };
}

/** The records' names once the loader's read of them has settled; until then the last ones known, and `pending`. */
function useRecordNames(promise: Promise<ReadonlyMap<string, string>>): RecordNames {
  const [settled, setSettled] = useState<{ promise: Promise<ReadonlyMap<string, string>>; names: ReadonlyMap<string, string> }>();
  useEffect(() => {
    let current = true;
    void promise.then((names) => {
      if (current) setSettled({ promise, names });
    });
    return () => {
      current = false;
    };
  }, [promise]);
  return { names: settled?.names ?? new Map<string, string>(), pending: settled?.promise !== promise };
}

interface RecordNames {
  names: ReadonlyMap<string, string>;
  /** The names of the entries shown are still being read. */
  pending: boolean;
}

const WHEN = new Intl.DateTimeFormat('en-IN', {
  timeZone: AUDIT_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});
/** In India's time, whatever the browser's zone. */
const formatWhen = (iso: string) => `${WHEN.format(new Date(iso))} IST`;

const kindLabel = (kind: string) => AUDIT_KIND_LABELS[kind as keyof typeof AUDIT_KIND_LABELS] ?? kind;

function RecordCell({ entry, names: { names, pending } }: { entry: AuditEntry; names: RecordNames }) {
  if (!entry.recordId) return <span className="audit-muted">{entry.recordType}</span>;
  // Its name when it still has one; the id (a deleted record's, a lead's) otherwise, once the names are read.
  const name = names.get(recordKey(entry.recordType, entry.recordId));
  const id = name ? (
    <span title={entry.recordId}>{name}</span>
  ) : pending ? (
    <span className="audit-muted" title={entry.recordId} aria-busy="true">
      …
    </span>
  ) : (
    <code>{entry.recordId}</code>
  );
  return (
    <span className="audit-record">
      {entry.recordType} {entry.recordType === 'lead' && entry.kind !== 'lead.erased' ? <Link to={leadPath(entry.recordId)}>{id}</Link> : id}
    </span>
  );
}

const fieldsText = (fields: string[]) => (fields.length > 0 ? fields.join(', ') : '—');

function FilterSelect(props: {
  label: string;
  all: string;
  value: string | undefined;
  options: Array<{ value: string; label: ReactNode }>;
  onChange: (value: string) => void;
}) {
  return (
    <label className="audit-filter">
      <span>{props.label}</span>
      <Select
        aria-label={props.label}
        value={props.value ?? ''}
        onChange={props.onChange}
        options={[{ value: '', label: props.all }, ...props.options]}
        showSearch
        optionFilterProp="label"
      />
    </label>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  const [search, setSearch] = useSearchParams();
  const navigation = useNavigation();
  const tableRef = useKeyboardScrollableTables<HTMLDivElement>();
  const view = readView(search);
  const names = useRecordNames(data.names);
  const loading = navigation.state === 'loading' && navigation.location.pathname === paths.audit;

  function setFilter(key: keyof AuditFilters, value: string | undefined) {
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

  const columns: TableColumnsType<AuditEntry> = [
    { title: staffText('staff.settings.audit.when'), dataIndex: 'at', key: 'at', width: 200, render: (at: string) => formatWhen(at) },
    {
      title: staffText('staff.settings.audit.who'),
      dataIndex: 'actorName',
      key: 'who',
      render: (name: string, entry) => (entry.actorId ? name : <Tag>{name}</Tag>),
    },
    { title: staffText('staff.settings.audit.what'), dataIndex: 'kind', key: 'kind', render: (kind: string) => kindLabel(kind) },
    { title: staffText('staff.settings.audit.record'), key: 'record', render: (_, entry) => <RecordCell entry={entry} names={names} /> },
    { title: staffText('staff.settings.audit.fields'), dataIndex: 'fields', key: 'fields', render: (fields: string[]) => fieldsText(fields) },
  ];

  const filtered = Object.keys(view.filters).length > 0;
  const empty = (
    <Empty description={filtered ? staffText('staff.settings.audit.noMatch') : staffText('staff.settings.audit.empty')}>
      {filtered ? <Button onClick={() => setSearch(new URLSearchParams())}>{staffText('staff.settings.audit.clear')}</Button> : null}
    </Empty>
  );

  return (
    <div className="audit-page">
      <PageMeta title={staffText('staff.settings.audit.title')} description={staffText('staff.settings.audit.description')} />
      <Typography.Title level={1} className="audit-title">
        {staffText('staff.settings.audit.title')}
      </Typography.Title>
      <p className="audit-intro">{staffText('staff.settings.audit.intro')}</p>

      <form className="audit-filters" role="search" aria-label={staffText('staff.settings.audit.filters')} onSubmit={(e) => e.preventDefault()}>
        <FilterSelect
          label={staffText('staff.settings.audit.person')}
          all={staffText('staff.settings.audit.everyone')}
          value={view.filters.actor}
          onChange={(v) => setFilter('actor', v)}
          options={data.staff.map((s) => ({ value: s.id, label: s.name || s.email }))}
        />
        <FilterSelect
          label={staffText('staff.settings.audit.kind')}
          all={staffText('staff.settings.audit.allKinds')}
          value={view.filters.kind}
          onChange={(v) => setFilter('kind', v)}
          options={AUDIT_KINDS.map((k) => ({ value: k, label: AUDIT_KIND_LABELS[k] }))}
        />
        <label className="audit-filter">
          <span>{staffText('staff.settings.audit.from')}</span>
          <Input type="date" value={view.filters.from ?? ''} onChange={(e) => setFilter('from', e.target.value)} />
        </label>
        <label className="audit-filter">
          <span>{staffText('staff.settings.audit.to')}</span>
          <Input type="date" value={view.filters.to ?? ''} onChange={(e) => setFilter('to', e.target.value)} />
        </label>
      </form>

      {!data.data ? (
        <LoadFailed message={staffText('staff.settings.audit.loadFailed')} reason={data.error} forbidden={data.forbidden} />
      ) : (
        <>
          <div ref={tableRef} className={PHONE_CARDS_WIDE}>
            <Table<AuditEntry>
              rowKey="_id"
              columns={columns}
              dataSource={data.data.items}
              loading={loading}
              locale={{ emptyText: empty }}
              scroll={{ x: 800 }}
              pagination={{
                current: view.page,
                pageSize: view.size,
                total: data.data.total,
                pageSizeOptions: PAGE_SIZES,
                showSizeChanger: true,
                showTotal: (total) => staffText('staff.settings.audit.total', { count: total }),
                onChange: setPage,
              }}
            />
          </div>
          <PhoneCards
            items={data.data.items}
            itemKey={(entry) => entry._id}
            busy={loading}
            empty={empty}
            renderCard={(entry) => (
              <div className="phone-card audit-card">
                <span className="phone-card__top">
                  <strong>{kindLabel(entry.kind)}</strong>
                  <span>{entry.actorName}</span>
                </span>
                <RecordCell entry={entry} names={names} />
                <span>{staffText('staff.settings.audit.cardFields', { fields: fieldsText(entry.fields) })}</span>
                <span className="audit-muted">{formatWhen(entry.at)}</span>
              </div>
            )}
            pagination={{ current: view.page, pageSize: view.size, total: data.data.total, onChange: setPage }}
          />
        </>
      )}
    </div>
  );
}

import { Input, Table, Tag, Typography } from 'antd';
import { useLoaderData, useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { type EmailListItem } from '#shared/responses/responses.contract';
import { paths } from '#shared/paths';
import { PageMeta } from '#web/components/page-meta';
import { staffText } from '#web/lib/staff-text';
import { LoadFailed, loadPageData, usePageReload } from '#web/lib/page-data';
import { TAG_COLORS } from '#web/features/surveys/staff';
import { fetchAllEmails } from './emails-api';
import { useKeyboardScrollableTables } from '#web/lib/use-keyboard-scrollable-tables';
import '#web/styles/staff.css';
import { formatDateTime } from '#web/lib/studio-time';

/** The table's page sizes (antd's choices); 20 unless the URL says otherwise. */
const PAGE_SIZES = [10, 20, 50, 100];

/** The search and the page live in the URL (`?q=…&page=…&size=…`): the loader runs again when they change. */
function readView(search: URLSearchParams): { q: string; page: number; size: number } {
  const size = PAGE_SIZES.includes(Number(search.get('size'))) ? Number(search.get('size')) : 20;
  const page = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  return { q: search.get('q')?.trim() ?? '', page, size };
}

export function loader({ request }: LoaderFunctionArgs) {
  const { q, page, size } = readView(new URL(request.url).searchParams);
  return loadPageData(() => fetchAllEmails({ q: q || undefined, limit: size, offset: (page - 1) * size }, request.signal), CAMPAIGN_MESSAGES.loadFailed);
}

export function Component() {
  const pageRef = useKeyboardScrollableTables<HTMLDivElement>();
  const loaded = useLoaderData<typeof loader>();
  const [search, setSearch] = useSearchParams();
  const navigation = useNavigation();
  const { reloading } = usePageReload();
  const { q: query, page, size: pageSize } = readView(search);
  // The previous page stays shown while the next one loads.
  const loading = reloading || (navigation.state === 'loading' && navigation.location.pathname === paths.emailView);
  const list = loaded.data;

  function show(next: { q: string; page: number; size: number }) {
    const params = new URLSearchParams();
    if (next.q) params.set('q', next.q);
    if (next.page > 1) params.set('page', String(next.page));
    if (next.size !== 20) params.set('size', String(next.size));
    setSearch(params);
  }

  return (
    <div className="staff-page" ref={pageRef}>
      <PageMeta title={staffText('staff.results.emails.metaTitle')} description={staffText('staff.results.emails.metaDescription')} />
      <header className="staff-page__header">
        <div>
          <Typography.Title level={1} className="staff-page__title">
            {staffText('staff.results.emails.title')}
          </Typography.Title>
          <p className="staff-muted staff-page__lead">{staffText('staff.results.emails.lead')}</p>
        </div>
        <Input.Search
          className="email-search"
          aria-label={staffText('staff.results.emails.searchLabel')}
          placeholder={staffText('staff.results.emails.searchPlaceholder')}
          allowClear
          enterButton={staffText('staff.results.emails.search')}
          key={query}
          defaultValue={query}
          onSearch={(value) => show({ q: value.trim(), page: 1, size: pageSize })}
        />
      </header>
      {loaded.error ? <LoadFailed message={CAMPAIGN_MESSAGES.loadFailed} /> : null}
      <Table<EmailListItem>
        rowKey="_id"
        dataSource={list?.items ?? []}
        loading={loading}
        locale={{
          emptyText: (
            <span className="staff-muted">{query ? staffText('staff.results.emails.noMatch', { query }) : staffText('staff.results.emails.none')}</span>
          ),
        }}
        size="middle"
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize,
          total: list?.total ?? 0,
          showSizeChanger: true,
          placement: ['bottomEnd'],
          showTotal: (total) => staffText('staff.results.emails.total', { total }),
          onChange: (next, size) => show({ q: query, page: size === pageSize ? next : 1, size }),
        }}
        columns={[
          { title: staffText('staff.results.email'), dataIndex: 'email', key: 'email' },
          {
            title: staffText('staff.results.emails.campaign'),
            dataIndex: 'campaignName',
            key: 'campaign',
            render: (name: string | null) => name ?? <Tag color={TAG_COLORS.brand}>{staffText('staff.results.emails.newsletter')}</Tag>,
          },
          { title: staffText('staff.results.date'), dataIndex: 'date', key: 'date', render: formatDateTime },
          {
            title: staffText('staff.results.completed'),
            dataIndex: 'isCompleted',
            key: 'isCompleted',
            render: (done: boolean, row) =>
              row.campaignId === null ? (
                <span className="staff-muted">—</span>
              ) : done ? (
                <Tag color={TAG_COLORS.positive}>{staffText('staff.results.completed')}</Tag>
              ) : (
                <Tag>{staffText('staff.results.notCompleted')}</Tag>
              ),
          },
        ]}
      />
    </div>
  );
}

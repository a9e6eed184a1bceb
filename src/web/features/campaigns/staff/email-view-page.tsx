import { Alert, Input, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { CAMPAIGN_MESSAGES, type EmailList, type EmailListItem } from '../../../../shared/campaigns/campaigns.contract';
import { PageMeta } from '../../../components/page-meta';
import { fetchAllEmails } from '../campaigns-api';
import { TAG_COLORS } from './tag-colors';
import { useKeyboardScrollableTables } from './use-keyboard-scrollable-tables';
import './staff.css';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export function Component() {
  const pageRef = useKeyboardScrollableTables<HTMLDivElement>();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const key = `${query}\n${page}\n${pageSize}`;
  const [loaded, setLoaded] = useState<{ key: string; list: EmailList | null } | null>(null);

  useEffect(() => {
    let cancelled = false;
    fetchAllEmails({ q: query || undefined, limit: pageSize, offset: (page - 1) * pageSize }).then(
      (list) => !cancelled && setLoaded({ key, list }),
      () => !cancelled && setLoaded({ key, list: null }),
    );
    return () => {
      cancelled = true;
    };
  }, [key, query, page, pageSize]);

  const loading = loaded?.key !== key;
  // Keep showing the previous page while the next one loads.
  const list = loaded?.list;

  return (
    <div className="staff-page" ref={pageRef}>
      <PageMeta title="E-mails" description="Every e-mail captured on the site, newsletter sign-ups included." />
      <header className="staff-page__header">
        <div>
          <Typography.Title level={1} className="staff-page__title">
            Captured e-mails
          </Typography.Title>
          <p className="staff-muted staff-page__lead">
            Everyone who gave an e-mail on the home page: survey leads, and newsletter sign-ups made while no survey was running.
          </p>
        </div>
        <Input.Search
          className="email-search"
          aria-label="Search e-mails or campaigns"
          placeholder="Search e-mail or campaign"
          allowClear
          enterButton="Search"
          onSearch={(value) => {
            setQuery(value.trim());
            setPage(1);
          }}
        />
      </header>
      {!loading && loaded?.list === null ? <Alert type="error" showIcon title={CAMPAIGN_MESSAGES.loadFailed} /> : null}
      <Table<EmailListItem>
        rowKey="_id"
        dataSource={list?.items ?? []}
        loading={loading}
        locale={{ emptyText: <span className="staff-muted">{query ? `No e-mail matches “${query}”.` : 'No e-mails captured yet.'}</span> }}
        size="middle"
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize,
          total: list?.total ?? 0,
          showSizeChanger: true,
          placement: ['bottomEnd'],
          showTotal: (total) => `${total} ${total === 1 ? 'e-mail' : 'e-mails'}`,
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
        columns={[
          { title: 'Email', dataIndex: 'email', key: 'email' },
          {
            title: 'Campaign',
            dataIndex: 'campaignName',
            key: 'campaign',
            render: (name: string | null) => name ?? <Tag color={TAG_COLORS.brand}>Newsletter sign-up</Tag>,
          },
          { title: 'Date', dataIndex: 'date', key: 'date', render: formatDate },
          {
            title: 'Completed',
            dataIndex: 'isCompleted',
            key: 'isCompleted',
            render: (done: boolean, row) =>
              row.campaignId === null ? <span className="staff-muted">—</span> : done ? <Tag color={TAG_COLORS.positive}>Completed</Tag> : <Tag>Not completed</Tag>,
          },
        ]}
      />
    </div>
  );
}

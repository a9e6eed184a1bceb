import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useId, useMemo, useState } from 'react';
import { REQUEST_QUOTATIONS, type ContactResponse, type RequestQuotation } from '../../../../shared/contact';
import { PageMeta } from '../../../components/page-meta';
import { errorMessage } from '../../../lib/api-client';
import { fetchContactResponses } from '../contact-api';

type LoadState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; rows: ContactResponse[] };

const LOAD_FAILED = 'Something went wrong,if you think this is an issue please contact your site administrator';

function columns(quotation: RequestQuotation | null): TableColumnsType<ContactResponse> {
  return [
    {
      title: 'Date',
      dataIndex: 'date',
      width: 140,
      render: (date: string) => <time dateTime={date}>{dayjs(date).format('DD-MM-YYYY HH:mm')}</time>,
      sorter: (a, b) => a.date.localeCompare(b.date),
      defaultSortOrder: 'descend',
      sortDirections: ['descend', 'ascend', 'descend'],
    },
    { title: 'First Name', dataIndex: 'firstname', width: 120 },
    { title: 'Last Name', dataIndex: 'lastname', width: 120 },
    {
      title: 'Email',
      dataIndex: 'email',
      width: 210,
      render: (email: string) => <a href={`mailto:${email}`}>{email}</a>,
    },
    {
      title: 'Quotation',
      dataIndex: 'requestQuotation',
      width: 160,
      filters: REQUEST_QUOTATIONS.map((value) => ({ text: value, value })),
      filterMultiple: false,
      // Controlled, so the column's filter and the select above the table always agree.
      filteredValue: quotation ? [quotation] : null,
      onFilter: (value, row) => row.requestQuotation === value,
      render: (value: string) => <Tag color="blue">{value}</Tag>,
    },
    {
      title: 'Message',
      dataIndex: 'message',
      // Two lines keep the rows short; "more" opens the whole message in place.
      render: (message: string) => (
        <Typography.Paragraph ellipsis={{ rows: 2, expandable: true, symbol: 'more' }} style={{ margin: 0, whiteSpace: 'pre-line' }}>
          {message}
        </Typography.Paragraph>
      ),
    },
  ];
}

export function Component() {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [quotation, setQuotation] = useState<RequestQuotation | null>(null);
  const filterLabel = useId();
  const tableColumns = useMemo(() => columns(quotation), [quotation]);

  useEffect(() => {
    const controller = new AbortController();
    fetchContactResponses(controller.signal).then(
      (rows) => setState({ status: 'ready', rows }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: errorMessage(error, LOAD_FAILED) });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  const rows = state.status === 'ready' ? state.rows : [];
  const shown = quotation ? rows.filter((r) => r.requestQuotation === quotation).length : rows.length;

  return (
    <>
      <PageMeta title="Contact responses" description="Messages sent through the contact form." />
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginBottom: 16 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          Contact responses
        </Typography.Title>
        {state.status === 'ready' ? (
          <Typography.Text type="secondary" aria-live="polite">
            {shown === 1 ? '1 message' : `${shown} messages`}
          </Typography.Text>
        ) : null}
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginLeft: 'auto' }}>
          <label id={filterLabel}>Quotation</label>
          <Select<RequestQuotation | 'all'>
            aria-labelledby={filterLabel}
            value={quotation ?? 'all'}
            onChange={(value) => setQuotation(value === 'all' ? null : value)}
            options={[{ value: 'all', label: 'All' }, ...REQUEST_QUOTATIONS.map((value) => ({ value, label: value }))]}
            style={{ minWidth: 190 }}
          />
          <Button icon={<ReloadOutlined />} onClick={reload} loading={state.status === 'loading'}>
            Reload
          </Button>
        </div>
      </div>
      {state.status === 'error' ? (
        <Alert
          type="error"
          showIcon
          title={state.message}
          action={
            <Button size="small" onClick={reload}>
              Try again
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Table<ContactResponse>
        rowKey="_id"
        columns={tableColumns}
        dataSource={rows}
        loading={state.status === 'loading'}
        onChange={(_pagination, filters) => {
          const value = filters.requestQuotation?.[0];
          setQuotation(typeof value === 'string' ? (value as RequestQuotation) : null);
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={state.status === 'error' ? 'The responses could not be loaded.' : 'No contact responses yet.'}
            />
          ),
        }}
        scroll={{ x: 1000, y: 300 }}
        pagination={{ placement: ['bottomEnd'], showSizeChanger: true, defaultPageSize: 10 }}
        size="middle"
      />
    </>
  );
}

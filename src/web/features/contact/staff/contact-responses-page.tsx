import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Pagination, Select, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useId, useMemo, useState } from 'react';
import { REQUEST_QUOTATIONS, type ContactResponse, type RequestQuotation } from '../../../../shared/contact/contact.contract';
import { PageMeta } from '../../../components/page-meta';
import { errorMessage } from '../../../lib/api-client';
import { fetchContactResponses } from '../contact-api';
import './contact-responses.css';

type LoadState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; rows: ContactResponse[] };

const formatDate = (date: string) => dayjs(date).format('DD-MM-YYYY HH:mm');
const CARD_PAGE_SIZE = 10;

const LOAD_FAILED = 'Something went wrong,if you think this is an issue please contact your site administrator';

function columns(quotation: RequestQuotation | null): TableColumnsType<ContactResponse> {
  return [
    {
      title: 'Date',
      dataIndex: 'date',
      width: 140,
      render: (date: string) => <time dateTime={date}>{formatDate(date)}</time>,
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
      // Two lines keep the rows short; "expand" opens the whole message in place. Its text matches
      // the button's accessible name ("Expand"), as screen-reader and voice users need.
      render: (message: string) => (
        <Typography.Paragraph ellipsis={{ rows: 2, expandable: true, symbol: 'expand' }} style={{ margin: 0, whiteSpace: 'pre-line' }}>
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
  const [cardPage, setCardPage] = useState(1);
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
  // The cards show what the table shows by default: the chosen quotation, newest first.
  const cardRows = useMemo(() => {
    const all = state.status === 'ready' ? state.rows : [];
    return (quotation ? all.filter((r) => r.requestQuotation === quotation) : all).toSorted((a, b) => b.date.localeCompare(a.date));
  }, [state, quotation]);
  const cardPageCount = Math.max(1, Math.ceil(cardRows.length / CARD_PAGE_SIZE));
  const currentCardPage = Math.min(cardPage, cardPageCount);
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={state.status === 'error' ? 'The responses could not be loaded.' : 'No contact responses yet.'}
    />
  );

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
            onChange={(value) => {
              setQuotation(value === 'all' ? null : value);
              setCardPage(1);
            }}
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
      <div className="contact-responses-table">
        <Table<ContactResponse>
          rowKey="_id"
          columns={tableColumns}
          dataSource={rows}
          loading={state.status === 'loading'}
          onChange={(_pagination, filters) => {
            const value = filters.requestQuotation?.[0];
            setQuotation(typeof value === 'string' ? (value as RequestQuotation) : null);
          }}
          locale={{ emptyText: empty }}
          scroll={{ x: 1000, y: 300 }}
          pagination={{ placement: ['bottomEnd'], showSizeChanger: true, defaultPageSize: 10 }}
          size="middle"
        />
      </div>
      <div className="contact-responses-cards" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' ? (
          <Spin style={{ display: 'block', padding: 24 }} />
        ) : cardRows.length === 0 ? (
          empty
        ) : (
          <ul className="contact-responses-card-list">
            {cardRows.slice((currentCardPage - 1) * CARD_PAGE_SIZE, currentCardPage * CARD_PAGE_SIZE).map((row) => (
              <li key={row._id} className="contact-responses-card">
                <span className="contact-responses-card__top">
                  <strong>
                    {row.firstname} {row.lastname}
                  </strong>
                  <Tag color="blue">{row.requestQuotation}</Tag>
                </span>
                <time className="contact-responses-card__date" dateTime={row.date}>
                  {formatDate(row.date)}
                </time>
                <a href={`mailto:${row.email}`}>{row.email}</a>
                <p className="contact-responses-card__message">{row.message}</p>
              </li>
            ))}
          </ul>
        )}
        {cardRows.length > CARD_PAGE_SIZE ? (
          <Pagination
            className="contact-responses-cards__pages"
            size="small"
            simple
            current={currentCardPage}
            pageSize={CARD_PAGE_SIZE}
            total={cardRows.length}
            onChange={setCardPage}
          />
        ) : null}
      </div>
    </>
  );
}

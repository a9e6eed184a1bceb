import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Modal, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link, useLoaderData, useLocation, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ENQUIRY_TOPIC_LABELS, REQUEST_QUOTATIONS, type ContactResponse, type RequestQuotation } from '#shared/contact/contact.contract';
import { formatPhone, telHref } from '#shared/phone';
import { leadPath, listingPagePath } from '#shared/paths';
import { PageMeta } from '#web/components/page-meta';
import { PHONE_CARDS_WIDE, PhoneCards } from '#web/components/phone-cards';
import { LoadFailed, loadPageData, usePageReload } from '#web/lib/page-data';
import { staffText } from '#web/lib/staff-text';
import { fetchContactResponses, fetchUnreadContactIds, markContactMessageRead } from '../contact-api';
import './contact-responses.css';
import { formatDayTime } from '#web/lib/studio-time';

const CARD_PAGE_SIZE = 10;

export function loader({ request }: LoaderFunctionArgs) {
  return loadPageData(async () => {
    // Which messages nobody opened yet (decision 0028): the list shows without the marks if that call fails.
    const [rows, unread] = await Promise.all([fetchContactResponses(request.signal), fetchUnreadContactIds(request.signal).catch(() => null)]);
    return { rows, unread: unread ? new Set(unread.ids) : null };
  }, staffText('staff.listings.contact.loadFailed'));
}

/** `?unread=1` (the dashboard's "Today" panel links it): only the messages nobody had opened. */
const UNREAD_PARAM = 'unread';

/** A message nobody has opened yet: marked "New" until someone opens it. */
function UnreadTag() {
  return (
    // A solid colour with white text: antd's pale gold preset falls short of WCAG AA contrast.
    <Tag color="#6b4a00" title={staffText('staff.listings.contact.unreadLabel')}>
      {staffText('staff.listings.contact.unread')}
    </Tag>
  );
}

/** Opens the whole message in a dialog; opening it marks it read for everyone. */
function OpenButton({ row, onOpen }: { row: ContactResponse; onOpen: (row: ContactResponse) => void }) {
  return (
    <Button
      size="small"
      onClick={() => onOpen(row)}
      aria-label={staffText('staff.listings.contact.openLabel', { firstname: row.firstname, lastname: row.lastname })}
    >
      {staffText('staff.listings.contact.open')}
    </Button>
  );
}

/** The person's lead: their status, notes and everything else they sent. */
function LeadLink({ row }: { row: ContactResponse }) {
  if (!row.leadId) return null;
  return (
    <Link
      to={leadPath(row.leadId)}
      className="contact-responses-lead"
      aria-label={staffText('staff.listings.contact.viewLeadLabel', { firstname: row.firstname, lastname: row.lastname })}
    >
      {staffText('staff.listings.contact.viewLead')}
    </Link>
  );
}

/** The listing a message is about, as named when it was sent, linking its public page; and what for. */
function ListingLine({ row }: { row: ContactResponse }) {
  if (!row.listing) return null;
  return (
    <span className="contact-responses-listing">
      <span>
        {staffText('staff.listings.contact.about')} <a href={listingPagePath(row.listing.kind, row.listing.id)}>{row.listing.name}</a>
      </span>
      {row.topic ? <Tag color={row.topic === 'site visit' ? '#6b4a00' : 'default'}>{ENQUIRY_TOPIC_LABELS[row.topic]}</Tag> : null}
    </span>
  );
}

/** The phone given with the message, to call. */
function PhoneLink({ row }: { row: ContactResponse }) {
  if (!row.phone) return null;
  return <a href={telHref(row.phone)}>{formatPhone(row.phone)}</a>;
}

function columns(
  quotation: RequestQuotation | null,
  isUnread: (row: ContactResponse) => boolean,
  open: (row: ContactResponse) => void,
  markRead: (row: ContactResponse) => void,
): TableColumnsType<ContactResponse> {
  return [
    {
      title: staffText('staff.listings.contact.column.date'),
      dataIndex: 'date',
      width: 140,
      render: (date: string, row) => (
        <span className="contact-responses-who">
          <time dateTime={date}>{formatDayTime(date)}</time>
          {isUnread(row) ? (
            <span>
              <UnreadTag />
            </span>
          ) : null}
        </span>
      ),
      sorter: (a, b) => a.date.localeCompare(b.date),
      defaultSortOrder: 'descend',
      sortDirections: ['descend', 'ascend', 'descend'],
    },
    { title: staffText('staff.listings.contact.column.firstName'), dataIndex: 'firstname', width: 120 },
    { title: staffText('staff.listings.contact.column.lastName'), dataIndex: 'lastname', width: 120 },
    {
      title: staffText('staff.listings.contact.column.email'),
      dataIndex: 'email',
      width: 210,
      render: (email: string, row) => (
        <span className="contact-responses-who">
          <a href={`mailto:${email}`}>{email}</a>
          <PhoneLink row={row} />
          <LeadLink row={row} />
        </span>
      ),
    },
    {
      title: staffText('staff.listings.contact.column.quotation'),
      dataIndex: 'requestQuotation',
      width: 200,
      filters: REQUEST_QUOTATIONS.map((value) => ({ text: value, value })),
      filterMultiple: false,
      // Controlled, so the column's filter and the select above the table always agree.
      filteredValue: quotation ? [quotation] : null,
      onFilter: (value, row) => row.requestQuotation === value,
      render: (value: string, row) => (
        <span className="contact-responses-who">
          <span>
            <Tag color="blue">{value}</Tag>
          </span>
          <ListingLine row={row} />
        </span>
      ),
    },
    {
      title: staffText('staff.listings.contact.column.message'),
      dataIndex: 'message',
      // Two lines keep the rows short; "expand" opens the whole message in place. Its text matches
      // the button's accessible name ("Expand"), as screen-reader and voice users need.
      // Expanding it in place is opening it too (decision 0028).
      render: (message: string, row) => (
        <span className="contact-responses-who">
          <Typography.Paragraph
            ellipsis={{ rows: 2, expandable: true, symbol: staffText('staff.listings.contact.expand'), onExpand: () => markRead(row) }}
            style={{ margin: 0, whiteSpace: 'pre-line' }}
          >
            {message}
          </Typography.Paragraph>
          <span>
            <OpenButton row={row} onOpen={open} />
          </span>
        </span>
      ),
    },
  ];
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const { reload, reloading } = usePageReload();
  const [quotation, setQuotation] = useState<RequestQuotation | null>(null);
  const [cardPage, setCardPage] = useState(1);
  const filterLabel = useId();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const unreadOnly = search.get(UNREAD_PARAM) === '1';
  // Messages opened on this page since it loaded: their marks go at once, without a reload.
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const [openRow, setOpenRow] = useState<ContactResponse | null>(null);
  const unread = loaded.data?.unread ?? null;
  const isUnread = useCallback((row: ContactResponse) => Boolean(unread?.has(row._id)) && !opened.has(row._id), [unread, opened]);
  const markRead = useCallback(
    (row: ContactResponse) => {
      if (!isUnread(row)) return;
      // A failed call leaves the mark: the message is still unread for the others.
      markContactMessageRead(row._id).then(
        () => setOpened((ids) => new Set(ids).add(row._id)),
        () => undefined,
      );
    },
    [isUnread],
  );
  const openDialog = useCallback(
    (row: ContactResponse) => {
      setOpenRow(row);
      markRead(row);
    },
    [markRead],
  );
  const tableColumns = useMemo(() => columns(quotation, isUnread, openDialog, markRead), [quotation, isUnread, openDialog, markRead]);

  // With ?unread=1, the messages unread when the page loaded (one opened now stays in view, unmarked).
  const rows = useMemo(() => {
    const all = loaded.data?.rows ?? [];
    return unreadOnly && unread ? all.filter((r) => unread.has(r._id)) : all;
  }, [loaded, unreadOnly, unread]);
  const shown = quotation ? rows.filter((r) => r.requestQuotation === quotation).length : rows.length;
  // The cards show what the table shows by default: the chosen quotation, newest first.
  const cardRows = useMemo(
    () => (quotation ? rows.filter((r) => r.requestQuotation === quotation) : rows).toSorted((a, b) => b.date.localeCompare(a.date)),
    [rows, quotation],
  );
  const cardPageCount = Math.max(1, Math.ceil(cardRows.length / CARD_PAGE_SIZE));
  const currentCardPage = Math.min(cardPage, cardPageCount);
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={loaded.error ? staffText('staff.listings.contact.emptyFailed') : staffText('staff.listings.contact.empty')}
    />
  );

  return (
    <>
      <PageMeta title={staffText('staff.listings.contact.title')} description={staffText('staff.listings.contact.description')} />
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginBottom: 16 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {staffText('staff.listings.contact.title')}
        </Typography.Title>
        {loaded.data ? (
          <Typography.Text type="secondary" aria-live="polite">
            {staffText('staff.listings.contact.count', { count: shown })}
          </Typography.Text>
        ) : null}
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginLeft: 'auto' }}>
          <label id={filterLabel}>{staffText('staff.listings.contact.quotation')}</label>
          <Select<RequestQuotation | 'all'>
            aria-labelledby={filterLabel}
            value={quotation ?? 'all'}
            onChange={(value) => {
              setQuotation(value === 'all' ? null : value);
              setCardPage(1);
            }}
            options={[{ value: 'all', label: staffText('staff.listings.contact.all') }, ...REQUEST_QUOTATIONS.map((value) => ({ value, label: value }))]}
            style={{ minWidth: 190 }}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void reload()} loading={reloading}>
            {staffText('staff.listings.contact.reload')}
          </Button>
        </div>
      </div>
      {loaded.error ? <LoadFailed message={loaded.error} /> : null}
      {unreadOnly && unread ? (
        <p className="contact-responses-unread" role="status">
          {staffText('staff.listings.contact.unreadOnly', { count: unread.size })} <Link to={pathname}>{staffText('staff.listings.contact.showAll')}</Link>
        </p>
      ) : null}
      <div className={PHONE_CARDS_WIDE}>
        <Table<ContactResponse>
          rowKey="_id"
          columns={tableColumns}
          dataSource={rows}
          loading={reloading}
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
      <PhoneCards
        items={cardRows.slice((currentCardPage - 1) * CARD_PAGE_SIZE, currentCardPage * CARD_PAGE_SIZE)}
        itemKey={(row) => row._id}
        busy={reloading}
        spinWhileBusy
        empty={empty}
        renderCard={(row) => (
          <div className="phone-card">
            <span className="phone-card__top">
              <strong>
                {row.firstname} {row.lastname}
              </strong>
              <Tag color="blue">{row.requestQuotation}</Tag>
              {isUnread(row) ? <UnreadTag /> : null}
            </span>
            <time className="phone-card__date" dateTime={row.date}>
              {formatDayTime(row.date)}
            </time>
            <a href={`mailto:${row.email}`}>{row.email}</a>
            <PhoneLink row={row} />
            <ListingLine row={row} />
            <LeadLink row={row} />
            <p className="contact-responses-card__message">{row.message}</p>
            <span>
              <OpenButton row={row} onOpen={openDialog} />
            </span>
          </div>
        )}
        pagination={{ size: 'small', current: currentCardPage, pageSize: CARD_PAGE_SIZE, total: cardRows.length, onChange: setCardPage }}
      />
      <Modal
        open={openRow !== null}
        title={openRow ? staffText('staff.listings.contact.messageTitle', { firstname: openRow.firstname, lastname: openRow.lastname }) : null}
        onCancel={() => setOpenRow(null)}
        footer={<Button onClick={() => setOpenRow(null)}>{staffText('staff.listings.contact.close')}</Button>}
      >
        {openRow ? (
          <div className="contact-responses-who">
            <time dateTime={openRow.date}>{formatDayTime(openRow.date)}</time>
            <span>
              <Tag color="blue">{openRow.requestQuotation}</Tag>
            </span>
            <a href={`mailto:${openRow.email}`}>{openRow.email}</a>
            <PhoneLink row={openRow} />
            <ListingLine row={openRow} />
            <LeadLink row={openRow} />
            <p className="contact-responses-card__message">{openRow.message}</p>
          </div>
        ) : null}
      </Modal>
    </>
  );
}

import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { NewsletterSubscriber } from '#shared/consent/consent.contract';
import { leadPath } from '#shared/paths';
import { PageMeta } from '#web/components/page-meta';
import { PHONE_CARDS_WIDE, PhoneCards } from '#web/components/phone-cards';
import { LoadFailed, loadPageData, usePageReload } from '#web/lib/page-data';
import { errorMessage } from '#web/lib/api-client';
import { saveBlob } from '#web/lib/save-blob';
import { staffText } from '#web/lib/staff-text';
import type { StaffMessageKey } from '#shared/i18n/messages/staff-en';
import { downloadNewsletter, fetchNewsletterSubscribers } from '../newsletter-api';
import { formatDayTime, studioIsoDay } from '#web/lib/studio-time';

const SOURCE_LABELS: Record<NewsletterSubscriber['source'], StaffMessageKey> = {
  landing: 'staff.settings.newsletter.sourceLanding',
  contact: 'staff.settings.newsletter.sourceContact',
};

const STATE_LABELS: Record<NewsletterSubscriber['state'], StaffMessageKey> = {
  confirmed: 'staff.settings.newsletter.confirmed',
  pending: 'staff.settings.newsletter.pending',
};

export function loader({ request }: LoaderFunctionArgs) {
  return loadPageData(() => fetchNewsletterSubscribers(request.signal), staffText('staff.settings.newsletter.loadFailed'));
}

const columns: TableColumnsType<NewsletterSubscriber> = [
  {
    title: staffText('staff.settings.newsletter.email'),
    dataIndex: 'email',
    render: (email: string, row) => (
      <span style={{ display: 'inline-flex', gap: 12, flexWrap: 'wrap' }}>
        <a href={`mailto:${email}`}>{email}</a>
        <Link to={leadPath(row.leadId)} aria-label={staffText('staff.settings.newsletter.viewLeadOf', { email })}>
          {staffText('staff.settings.newsletter.viewLead')}
        </Link>
      </span>
    ),
  },
  {
    title: staffText('staff.settings.newsletter.consented'),
    dataIndex: 'consentedAt',
    width: 160,
    render: (date: string) => <time dateTime={date}>{formatDayTime(date)}</time>,
    sorter: (a, b) => a.consentedAt.localeCompare(b.consentedAt),
    defaultSortOrder: 'descend',
  },
  {
    // Double opt-in (decision 0018): only confirmed addresses are mailed and downloaded.
    title: staffText('staff.settings.newsletter.state'),
    dataIndex: 'state',
    width: 130,
    render: (state: NewsletterSubscriber['state']) => staffText(STATE_LABELS[state]),
  },
  {
    title: staffText('staff.settings.newsletter.notice'),
    dataIndex: 'noticeVersion',
    width: 130,
    // Versions count per language (decision 0027): a Hindi page's notice says so.
    render: (version: number, row: NewsletterSubscriber) =>
      staffText(row.noticeLanguage === 'hi' ? 'staff.settings.newsletter.versionHindi' : 'staff.settings.newsletter.version', { version: String(version) }),
  },
  {
    title: staffText('staff.settings.newsletter.form'),
    dataIndex: 'source',
    width: 150,
    render: (source: NewsletterSubscriber['source']) => staffText(SOURCE_LABELS[source]),
  },
];

/** /dashboard/newsletter: who ticked the newsletter box, when, and under which notice. */
export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const { reload, reloading } = usePageReload();
  const { message } = App.useApp();
  const [downloading, setDownloading] = useState(false);
  const rows = useMemo(() => loaded.data ?? [], [loaded]);
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={loaded.error ? staffText('staff.settings.newsletter.listFailed') : staffText('staff.settings.newsletter.empty')}
    />
  );

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadNewsletter(), `newsletter-${studioIsoDay(new Date())}.xlsx`);
    } catch (error) {
      void message.error(errorMessage(error, staffText('staff.settings.newsletter.loadFailed')));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <PageMeta title={staffText('staff.settings.newsletter.title')} description={staffText('staff.settings.newsletter.description')} />
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginBottom: 16 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {staffText('staff.settings.newsletter.title')}
        </Typography.Title>
        {loaded.data ? (
          <Typography.Text type="secondary" aria-live="polite">
            {staffText('staff.settings.newsletter.count', { count: rows.length })}
          </Typography.Text>
        ) : null}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginLeft: 'auto' }}>
          <Button icon={<DownloadOutlined />} onClick={() => void download()} loading={downloading} disabled={!rows.some((row) => row.state === 'confirmed')}>
            {staffText('staff.settings.newsletter.download')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void reload()} loading={reloading}>
            {staffText('staff.settings.newsletter.reload')}
          </Button>
        </div>
      </div>
      <Typography.Paragraph type="secondary">{staffText('staff.settings.newsletter.intro')}</Typography.Paragraph>
      {loaded.error ? <LoadFailed message={loaded.error} /> : null}
      <div className={PHONE_CARDS_WIDE}>
        <Table<NewsletterSubscriber>
          rowKey="leadId"
          columns={columns}
          dataSource={rows}
          loading={reloading}
          locale={{ emptyText: empty }}
          pagination={{ placement: ['bottomEnd'], showSizeChanger: true, defaultPageSize: 20 }}
          size="middle"
        />
      </div>
      <PhoneCards
        items={rows}
        itemKey={(row) => row.leadId}
        busy={reloading}
        spinWhileBusy
        empty={empty}
        renderCard={(row) => (
          <div className="phone-card">
            <a href={`mailto:${row.email}`}>{row.email}</a>
            <time className="phone-card__date" dateTime={row.consentedAt}>
              {formatDayTime(row.consentedAt)}
            </time>
            <span>{staffText(STATE_LABELS[row.state])}</span>
            <span>
              {staffText(row.noticeLanguage === 'hi' ? 'staff.settings.newsletter.cardNoticeHindi' : 'staff.settings.newsletter.cardNotice', {
                version: String(row.noticeVersion),
                source: staffText(SOURCE_LABELS[row.source]),
              })}
            </span>
          </div>
        )}
      />
    </>
  );
}

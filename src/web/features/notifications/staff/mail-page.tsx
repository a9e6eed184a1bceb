import { MailOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, List, Typography } from 'antd';
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PageMeta } from '#web/components/page-meta';
import { errorMessage } from '#web/lib/api-client';
import { LoadFailed, loadPageData } from '#web/lib/page-data';
import { staffText } from '#web/lib/staff-text';
import { fetchMail, fetchMailList, type MailMessage } from '../notifications-api';
import { formatDayTime } from '#web/lib/studio-time';

export function loader({ request }: LoaderFunctionArgs) {
  return loadPageData(() => fetchMailList(request.signal), staffText('staff.settings.mail.loadFailed'));
}

/** The notification e-mails a fresh install has written to its data folder instead of sending them. */
export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const { directory, items } = loaded.data ?? { directory: null, items: [] };
  const [open, setOpen] = useState<MailMessage | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function show(name: string) {
    setLoading(name);
    setError(null);
    try {
      setOpen(await fetchMail(name));
    } catch (e) {
      setError(errorMessage(e, staffText('staff.settings.mail.openFailed')));
    } finally {
      setLoading(null);
    }
  }

  return (
    <>
      <PageMeta title={staffText('staff.settings.mail.title')} description={staffText('staff.settings.mail.description')} />
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {staffText('staff.settings.mail.title')}
      </Typography.Title>
      {loaded.error ? (
        <LoadFailed message={loaded.error} forbidden={loaded.forbidden} />
      ) : directory === null ? (
        <Alert type="info" showIcon title={staffText('staff.settings.mail.smtp')} />
      ) : (
        <>
          <Typography.Paragraph type="secondary" style={{ maxWidth: 720 }}>
            {staffText('staff.settings.mail.introBefore')}
            <Typography.Text code>{directory}</Typography.Text>
            {staffText('staff.settings.mail.introAfter')}
          </Typography.Paragraph>
          {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
          <div
            className="mail-view"
            style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 360px), 1fr))', alignItems: 'start' }}
          >
            <List
              bordered
              dataSource={items}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={staffText('staff.settings.mail.empty')} /> }}
              renderItem={(item) => (
                <List.Item>
                  <Button
                    type="link"
                    icon={<MailOutlined />}
                    onClick={() => void show(item.name)}
                    loading={loading === item.name}
                    aria-pressed={open?.name === item.name}
                    style={{ height: 'auto', padding: 0, textAlign: 'left', whiteSpace: 'normal' }}
                  >
                    <span>
                      <strong>{item.subject}</strong>
                      <br />
                      <Typography.Text type="secondary">{staffText('staff.settings.mail.to', { to: item.to, date: formatDayTime(item.date) })}</Typography.Text>
                    </span>
                  </Button>
                </List.Item>
              )}
            />
            {open ? (
              <Card size="small" title={<span style={{ whiteSpace: 'normal' }}>{open.subject}</span>}>
                <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                  {staffText('staff.settings.mail.fromTo', { from: open.from, to: open.to, date: formatDayTime(open.date) })}
                </Typography.Paragraph>
                <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 14 }}>{open.text}</div>
              </Card>
            ) : null}
          </div>
        </>
      )}
    </>
  );
}

import { DeleteOutlined, PlusOutlined, RedoOutlined, SendOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Empty, Form, Input, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  NOTIFICATION_EVENT_TYPES,
  webhookEndpointInput,
  type SubscribableEventType,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '#shared/notifications/notifications.contract';
import { PageMeta } from '#web/components/page-meta';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { LoadFailed, loadPageData, usePageReload } from '#web/lib/page-data';
import { staffText } from '#web/lib/staff-text';
import type { StaffMessageKey } from '#shared/i18n/messages/staff-en';
import { createWebhook, deleteWebhook, fetchDeliveries, fetchWebhooks, redeliver, sendTestEvent } from '../notifications-api';
import { formatDay, formatDayTime } from '#web/lib/studio-time';

export function loader({ request }: LoaderFunctionArgs) {
  return loadPageData(() => fetchWebhooks(request.signal), staffText('staff.settings.webhooks.loadFailed'));
}

const EVENT_LABELS: Record<SubscribableEventType, StaffMessageKey> = {
  'lead.created': 'staff.settings.webhooks.eventLead',
  'survey.completed': 'staff.settings.webhooks.eventSurvey',
  'contact.created': 'staff.settings.webhooks.eventContact',
};

const STATUS_COLORS: Record<WebhookDelivery['status'], string> = { delivered: '#1e6b3a', pending: '#6b4a00', failed: '#a8071a', skipped: 'default' };

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { message } = App.useApp();
  const [rows, setRows] = useState<WebhookDelivery[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function load() {
    setLoading(true);
    setError(null);
    try {
      setRows(await fetchDeliveries(endpoint._id));
    } catch (e) {
      setError(errorMessage(e, staffText('staff.settings.webhooks.logFailed')));
    } finally {
      setLoading(false);
    }
  }

  async function again(delivery: WebhookDelivery) {
    try {
      void message.success((await redeliver(endpoint._id, delivery._id)).message);
      await load();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  const columns: TableColumnsType<WebhookDelivery> = [
    {
      title: staffText('staff.settings.webhooks.time'),
      dataIndex: 'createdAt',
      width: 150,
      render: (at: string) => <time dateTime={at}>{formatDayTime(at, true)}</time>,
    },
    { title: staffText('staff.settings.webhooks.event'), dataIndex: 'event', width: 150 },
    {
      title: staffText('staff.settings.webhooks.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: WebhookDelivery['status']) => <Tag color={STATUS_COLORS[status]}>{status}</Tag>,
    },
    {
      title: staffText('staff.settings.webhooks.code'),
      dataIndex: 'statusCode',
      width: 70,
      render: (code: number | null, row) => code ?? (row.error ? '—' : ''),
    },
    { title: staffText('staff.settings.webhooks.attempts'), dataIndex: 'attempts', width: 90 },
    { title: staffText('staff.settings.webhooks.error'), dataIndex: 'error', render: (text: string | null) => text ?? '' },
    {
      title: staffText('staff.settings.webhooks.action'),
      key: 'action',
      fixed: 'right',
      width: 120,
      render: (_: unknown, row) => (
        <Button size="small" icon={<RedoOutlined />} onClick={() => void again(row)}>
          {staffText('staff.settings.webhooks.redeliver')}
        </Button>
      ),
    },
  ];

  if (rows === null) {
    return (
      <>
        <Button icon={<UnorderedListOutlined />} onClick={() => void load()} loading={loading}>
          {staffText('staff.settings.webhooks.log')}
        </Button>
        {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} /> : null}
      </>
    );
  }
  return (
    <div style={{ width: '100%' }}>
      <Button icon={<UnorderedListOutlined />} onClick={() => void load()} loading={loading} style={{ marginBottom: 8 }}>
        {staffText('staff.settings.webhooks.refreshLog')}
      </Button>
      <Table<WebhookDelivery>
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={rows}
        scroll={{ x: 800 }}
        pagination={{ placement: ['bottomEnd'], defaultPageSize: 10 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={staffText('staff.settings.webhooks.logEmpty')} /> }}
        aria-label={staffText('staff.settings.webhooks.deliveries', { url: endpoint.url })}
      />
    </div>
  );
}

function EndpointCard({ endpoint, onDeleted }: { endpoint: WebhookEndpoint; onDeleted: () => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  async function test() {
    setBusy(true);
    try {
      void message.success((await sendTestEvent(endpoint._id)).message);
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    try {
      void message.success((await deleteWebhook(endpoint._id)).message);
      onDeleted();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  return (
    <Card size="small" style={{ marginBottom: 16 }} title={<span style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{endpoint.url}</span>}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginBottom: 12 }}>
        {endpoint.events.map((event) => (
          <Tag key={event} color="blue">
            {event}
          </Tag>
        ))}
        <Typography.Text type="secondary">{staffText('staff.settings.webhooks.since', { date: formatDay(endpoint.createdAt) })}</Typography.Text>
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
        <Button icon={<SendOutlined />} onClick={() => void test()} loading={busy}>
          {staffText('staff.settings.webhooks.sendTest')}
        </Button>
        <Popconfirm
          title={staffText('staff.settings.webhooks.confirmDelete')}
          okText={staffText('staff.settings.webhooks.delete')}
          cancelText={staffText('staff.settings.webhooks.cancel')}
          onConfirm={() => void remove()}
        >
          <Button danger icon={<DeleteOutlined />}>
            {staffText('staff.settings.webhooks.delete')}
          </Button>
        </Popconfirm>
      </div>
      <DeliveryLog endpoint={endpoint} />
    </Card>
  );
}

interface FormValues {
  url: string;
  events: SubscribableEventType[];
}

const fieldOf = (field: unknown): keyof FormValues => (field === 'events' ? 'events' : 'url');

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const endpoints = loaded.data ?? [];
  const { reload } = usePageReload();
  const [form] = Form.useForm<FormValues>();
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(values: FormValues) {
    const parsed = webhookEndpointInput.safeParse(values);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((issue) => ({ name: fieldOf(issue.path[0]), errors: [issue.message] })));
      return;
    }
    setSaving(true);
    try {
      setCreated(await createWebhook(parsed.data));
      form.resetFields();
      void reload();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'VALIDATION' && e.errors.length > 0) {
        form.setFields(e.errors.map((f) => ({ name: fieldOf(f.field), errors: [f.message] })));
      } else {
        form.setFields([{ name: 'url', errors: [errorMessage(e)] }]);
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <PageMeta title={staffText('staff.settings.webhooks.title')} description={staffText('staff.settings.webhooks.description')} />
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {staffText('staff.settings.webhooks.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 720 }}>
        {staffText('staff.settings.webhooks.intro')}
      </Typography.Paragraph>
      {created ? (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setCreated(null)}
          title={created.message}
          description={
            <Typography.Text copyable={{ text: created.secret }} code style={{ overflowWrap: 'anywhere' }}>
              {created.secret}
            </Typography.Text>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Card size="small" title={staffText('staff.settings.webhooks.add')} style={{ marginBottom: 24, maxWidth: 720 }}>
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={{ url: '', events: [...NOTIFICATION_EVENT_TYPES] }}
          onFinish={(v) => void submit(v)}
          requiredMark={false}
          noValidate
        >
          <Form.Item
            name="url"
            label={staffText('staff.settings.webhooks.url')}
            rules={[{ required: true, message: staffText('staff.settings.webhooks.urlRequired') }]}
          >
            <Input inputMode="url" placeholder={staffText('staff.settings.webhooks.urlPlaceholder')} autoComplete="off" />
          </Form.Item>
          {/* Checked by a validator rather than `required`: antd would put aria-required on the group's div. */}
          <Form.Item
            name="events"
            label={staffText('staff.settings.webhooks.events')}
            rules={[
              {
                validator: (_, value: unknown[] | undefined) =>
                  value?.length ? Promise.resolve() : Promise.reject(new Error(staffText('staff.settings.webhooks.eventsRequired'))),
              },
            ]}
          >
            <Checkbox.Group
              options={NOTIFICATION_EVENT_TYPES.map((event) => ({
                value: event,
                label: staffText('staff.settings.webhooks.eventOption', { label: staffText(EVENT_LABELS[event]), event }),
              }))}
              style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={saving}>
            {staffText('staff.settings.webhooks.addEndpoint')}
          </Button>
        </Form>
      </Card>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {staffText('staff.settings.webhooks.endpoints')}
      </Typography.Title>
      {loaded.error ? (
        <LoadFailed message={loaded.error} forbidden={loaded.forbidden} />
      ) : endpoints.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={staffText('staff.settings.webhooks.empty')} />
      ) : (
        endpoints.map((endpoint) => <EndpointCard key={endpoint._id} endpoint={endpoint} onDeleted={() => void reload()} />)
      )}
    </>
  );
}

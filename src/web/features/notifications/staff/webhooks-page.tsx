import { DeleteOutlined, PlusOutlined, RedoOutlined, SendOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Empty, Form, Input, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
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
import { LoadFailed, loadPageData, usePageReload } from '#web/features/dashboard/page-data';
import { createWebhook, deleteWebhook, fetchDeliveries, fetchWebhooks, redeliver, sendTestEvent } from '../notifications-api';

export function loader({ request }: LoaderFunctionArgs) {
  return loadPageData(() => fetchWebhooks(request.signal), 'The webhook endpoints could not be loaded.');
}

const EVENT_LABELS: Record<SubscribableEventType, string> = {
  'lead.created': 'A new lead gives an e-mail',
  'survey.completed': 'A survey is completed',
  'contact.created': 'A contact message arrives',
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
      setError(errorMessage(e, 'The delivery log could not be loaded.'));
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
    { title: 'Time', dataIndex: 'createdAt', width: 150, render: (at: string) => <time dateTime={at}>{dayjs(at).format('DD-MM-YYYY HH:mm:ss')}</time> },
    { title: 'Event', dataIndex: 'event', width: 150 },
    { title: 'Status', dataIndex: 'status', width: 100, render: (status: WebhookDelivery['status']) => <Tag color={STATUS_COLORS[status]}>{status}</Tag> },
    { title: 'Code', dataIndex: 'statusCode', width: 70, render: (code: number | null, row) => code ?? (row.error ? '—' : '') },
    { title: 'Attempts', dataIndex: 'attempts', width: 90 },
    { title: 'Error', dataIndex: 'error', render: (text: string | null) => text ?? '' },
    {
      title: 'Action',
      key: 'action',
      fixed: 'right',
      width: 120,
      render: (_: unknown, row) => (
        <Button size="small" icon={<RedoOutlined />} onClick={() => void again(row)}>
          Redeliver
        </Button>
      ),
    },
  ];

  if (rows === null) {
    return (
      <>
        <Button icon={<UnorderedListOutlined />} onClick={() => void load()} loading={loading}>
          Delivery log
        </Button>
        {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} /> : null}
      </>
    );
  }
  return (
    <div style={{ width: '100%' }}>
      <Button icon={<UnorderedListOutlined />} onClick={() => void load()} loading={loading} style={{ marginBottom: 8 }}>
        Refresh log
      </Button>
      <Table<WebhookDelivery>
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={rows}
        scroll={{ x: 800 }}
        pagination={{ placement: ['bottomEnd'], defaultPageSize: 10 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing sent to this endpoint yet." /> }}
        aria-label={`Deliveries to ${endpoint.url}`}
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
        <Typography.Text type="secondary">since {dayjs(endpoint.createdAt).format('DD-MM-YYYY')}</Typography.Text>
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
        <Button icon={<SendOutlined />} onClick={() => void test()} loading={busy}>
          Send test event
        </Button>
        <Popconfirm title="Are you sure to delete this Record?" okText="Delete" cancelText="Cancel" onConfirm={() => void remove()}>
          <Button danger icon={<DeleteOutlined />}>
            Delete
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
      <PageMeta title="Webhooks" description="Send new leads to your other tools as signed webhooks." />
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        Webhooks
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 720 }}>
        Abode posts each event to your endpoint as JSON, signed as the Standard Webhooks specification describes, and retries for up to 24 hours until it
        answers with a 2xx status. Verify the signature with your endpoint's secret using any Standard Webhooks library.
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
      <Card size="small" title="Add an endpoint" style={{ marginBottom: 24, maxWidth: 720 }}>
        <Form<FormValues> form={form} layout="vertical" initialValues={{ url: '', events: [...NOTIFICATION_EVENT_TYPES] }} onFinish={(v) => void submit(v)} requiredMark={false} noValidate>
          <Form.Item name="url" label="URL" rules={[{ required: true, message: 'Please enter the URL that should receive the events.' }]}>
            <Input inputMode="url" placeholder="https://crm.example.com/hooks/abode" autoComplete="off" />
          </Form.Item>
          {/* Checked by a validator rather than `required`: antd would put aria-required on the group's div. */}
          <Form.Item
            name="events"
            label="Events"
            rules={[{ validator: (_, value: unknown[] | undefined) => (value?.length ? Promise.resolve() : Promise.reject(new Error('Please choose at least one event.'))) }]}
          >
            <Checkbox.Group
              options={NOTIFICATION_EVENT_TYPES.map((event) => ({ value: event, label: `${EVENT_LABELS[event]} (${event})` }))}
              style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={saving}>
            Add endpoint
          </Button>
        </Form>
      </Card>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        Endpoints
      </Typography.Title>
      {loaded.error ? <LoadFailed message={loaded.error} /> : endpoints.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No endpoints yet. Add one above to send leads to your CRM, a sheet or a chat." />
      ) : (
        endpoints.map((endpoint) => <EndpointCard key={endpoint._id} endpoint={endpoint} onDeleted={() => void reload()} />)
      )}
    </>
  );
}

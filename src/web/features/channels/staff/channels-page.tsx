import {
  CodeOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  PauseOutlined,
  TabletOutlined,
  PlusOutlined,
  PrinterOutlined,
  QrcodeOutlined,
  CaretRightOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Form, Input, Modal, Popconfirm, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { CHANNEL_KINDS, channelEmbedSnippet, newChannelSchema, type Channel, type ChannelKind, type ChannelStatus } from '#shared/channels/channels.contract';
import type { StaffMessageKey } from '#shared/i18n/messages/staff-en';
import { SYSTEM_ROUTES } from '#shared/system/system.api';
import { PageMeta } from '#web/components/page-meta';
import { LoadFailed, loadPageData, usePageReload } from '#web/lib/page-data';
import { api, ApiError, errorMessage } from '#web/lib/api-client';
import { currentStaff } from '#web/lib/auth-token';
import { saveBlob } from '#web/lib/save-blob';
import { staffText } from '#web/lib/staff-text';
import { fromStudioInput, studioTimeZone } from '#web/lib/studio-time';
import { fetchCampaigns } from '#web/features/surveys/staff';
import { TabletsDialog } from '#web/features/kiosk/staff';
import { useKeyboardScrollableTables } from '#web/lib/use-keyboard-scrollable-tables';
import { createChannel, deleteChannel, fetchChannels, fetchQr, updateChannel } from '../channels-api';
import './channels.css';

/** The channels, the campaigns they can point at (for names and the form) and the studio's name (for the QR card). */
export function loader({ request }: LoaderFunctionArgs) {
  return loadPageData(async () => {
    const [channels, campaigns, site] = await Promise.all([fetchChannels(request.signal), fetchCampaigns(), api.call(SYSTEM_ROUTES.site)]);
    return { channels, campaigns: campaigns.map((c) => ({ id: c._id, name: c.name })), studioName: site.name };
  }, staffText('staff.channels.loadFailed'));
}

type Loaded = NonNullable<Awaited<ReturnType<typeof loader>>['data']>;

const KIND_LABELS: Record<ChannelKind, StaffMessageKey> = {
  link: 'staff.channels.kind.link',
  qr: 'staff.channels.kind.qr',
  embed: 'staff.channels.kind.embed',
  whatsapp: 'staff.channels.kind.whatsapp',
  ad: 'staff.channels.kind.ad',
  kiosk: 'staff.channels.kind.kiosk',
  other: 'staff.channels.kind.other',
};

/** Solid colours with white text: antd's pale preset tags fall short of WCAG AA contrast. */
const STATUS: Record<ChannelStatus, { label: StaffMessageKey; color: string }> = {
  scheduled: { label: 'staff.channels.status.scheduled', color: '#1d4e89' },
  open: { label: 'staff.channels.status.open', color: '#1e6b3a' },
  paused: { label: 'staff.channels.status.paused', color: '#6b4a00' },
  closed: { label: 'staff.channels.status.closed', color: '#595959' },
  full: { label: 'staff.channels.status.full', color: '#5b2a86' },
};

interface FormValues {
  name: string;
  campaignId?: string;
  kind: ChannelKind;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  utmContent: string;
  opensAt: string;
  closesAt: string;
  cap: string;
  allowedOrigins: string;
}

const FIELDS = new Set<keyof FormValues>([
  'name',
  'campaignId',
  'kind',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmContent',
  'opensAt',
  'closesAt',
  'cap',
  'allowedOrigins',
]);
const fieldOf = (field: unknown): keyof FormValues =>
  typeof field === 'string' && FIELDS.has(field as keyof FormValues) ? (field as keyof FormValues) : 'name';

/** The form's text as the API's body: empty optional fields left out, times read on the studio's clock. */
function bodyOf(values: Partial<FormValues>) {
  const text = (value: string | undefined) => (value ?? '').trim();
  const time = (value: string | undefined) => (text(value) ? (fromStudioInput(text(value))?.toISOString() ?? text(value)) : null);
  const kind = values.kind ?? 'link';
  return {
    name: text(values.name),
    campaignId: values.campaignId ?? '',
    kind,
    utmSource: text(values.utmSource) || null,
    utmMedium: text(values.utmMedium) || null,
    utmCampaign: text(values.utmCampaign) || null,
    utmContent: text(values.utmContent) || null,
    opensAt: time(values.opensAt),
    closesAt: time(values.closesAt),
    cap: text(values.cap) === '' ? null : Number(text(values.cap)),
    // The origins field is shown (and sent) for embeds only.
    ...(kind === 'embed' ? { allowedOrigins: text(values.allowedOrigins).split(/\s+/).filter(Boolean) } : {}),
  };
}

const EMPTY: FormValues = {
  name: '',
  kind: 'link',
  utmSource: '',
  utmMedium: '',
  utmCampaign: '',
  utmContent: '',
  opensAt: '',
  closesAt: '',
  cap: '',
  allowedOrigins: '',
};

function NewChannelForm({ campaigns, onCreated }: { campaigns: Loaded['campaigns']; onCreated: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const kind = Form.useWatch('kind', form);
  const [saving, setSaving] = useState(false);

  async function submit(values: Partial<FormValues>) {
    const parsed = newChannelSchema.safeParse(bodyOf(values));
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((issue) => ({ name: fieldOf(issue.path[0]), errors: [issue.message] })));
      return;
    }
    setSaving(true);
    try {
      void message.success((await createChannel(parsed.data)).message);
      form.resetFields();
      onCreated();
    } catch (e) {
      if (e instanceof ApiError && e.errors.length > 0) form.setFields(e.errors.map((f) => ({ name: fieldOf(f.field), errors: [f.message] })));
      else form.setFields([{ name: 'name', errors: [errorMessage(e)] }]);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card size="small" title={staffText('staff.channels.add')} style={{ marginBottom: 24, maxWidth: 720 }}>
      <Form<FormValues> form={form} name="new-channel" layout="vertical" initialValues={EMPTY} onFinish={(v) => void submit(v)} requiredMark={false} noValidate>
        <Form.Item name="name" label={staffText('staff.channels.name')}>
          <Input placeholder={staffText('staff.channels.namePlaceholder')} autoComplete="off" maxLength={120} />
        </Form.Item>
        <div className="channels-form__row">
          <Form.Item name="campaignId" label={staffText('staff.channels.campaign')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={staffText('staff.channels.campaignPlaceholder')}
              options={campaigns.map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
          <Form.Item name="kind" label={staffText('staff.channels.kind')}>
            <Select options={CHANNEL_KINDS.map((k) => ({ value: k, label: staffText(KIND_LABELS[k]) }))} />
          </Form.Item>
        </div>
        <details className="channels-form__more">
          <summary>{staffText('staff.channels.utm')}</summary>
          <div className="channels-form__row">
            <Form.Item name="utmSource" label={staffText('staff.channels.utmSource')}>
              <Input autoComplete="off" maxLength={200} />
            </Form.Item>
            <Form.Item name="utmMedium" label={staffText('staff.channels.utmMedium')}>
              <Input autoComplete="off" maxLength={200} />
            </Form.Item>
            <Form.Item name="utmCampaign" label={staffText('staff.channels.utmCampaign')}>
              <Input autoComplete="off" maxLength={200} />
            </Form.Item>
            <Form.Item name="utmContent" label={staffText('staff.channels.utmContent')}>
              <Input autoComplete="off" maxLength={200} />
            </Form.Item>
          </div>
        </details>
        <details className="channels-form__more">
          <summary>{staffText('staff.channels.schedule')}</summary>
          <p className="channels-form__hint">{staffText('staff.channels.timeHint', { zone: studioTimeZone() })}</p>
          <div className="channels-form__row">
            <Form.Item name="opensAt" label={staffText('staff.channels.opensAt')}>
              <Input type="datetime-local" />
            </Form.Item>
            <Form.Item name="closesAt" label={staffText('staff.channels.closesAt')}>
              <Input type="datetime-local" />
            </Form.Item>
            <Form.Item name="cap" label={staffText('staff.channels.cap')}>
              <Input type="number" min={1} step={1} inputMode="numeric" />
            </Form.Item>
          </div>
        </details>
        {kind === 'embed' ? (
          <Form.Item name="allowedOrigins" label={staffText('staff.channels.origins')} extra={staffText('staff.channels.originsHint')}>
            <Input.TextArea rows={3} autoComplete="off" spellCheck={false} />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={saving}>
          {staffText('staff.channels.create')}
        </Button>
      </Form>
    </Card>
  );
}

/** The channel's QR code, its downloads and the A6 card to print: studio, campaign, code as text. */
function QrDialog({ channel, campaign, studioName, onClose }: { channel: Channel; campaign: string; studioName: string; onClose: () => void }) {
  const { message } = App.useApp();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    fetchQr(channel.id, 'svg').then(
      (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      },
      (e: unknown) => !cancelled && setFailed(errorMessage(e, staffText('staff.channels.qrFailed'))),
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [channel.id]);

  async function download(format: 'svg' | 'png') {
    try {
      saveBlob(await fetchQr(channel.id, format, format === 'png' ? 2048 : 1024), `qr-${channel.code}.${format}`);
    } catch (e) {
      void message.error(errorMessage(e, staffText('staff.channels.qrFailed')));
    }
  }

  function print() {
    // Only the card is printed, on an A6 page (channels.css).
    document.documentElement.classList.add('print-channel-card');
    const done = () => document.documentElement.classList.remove('print-channel-card');
    window.addEventListener('afterprint', done, { once: true });
    window.print();
  }

  return (
    <Modal
      open
      title={staffText('staff.channels.qrTitle', { name: channel.name })}
      onCancel={onClose}
      footer={[
        <Button key="png" icon={<DownloadOutlined />} onClick={() => void download('png')}>
          {staffText('staff.channels.downloadPng')}
        </Button>,
        <Button key="svg" icon={<DownloadOutlined />} onClick={() => void download('svg')}>
          {staffText('staff.channels.downloadSvg')}
        </Button>,
        <Button key="print" icon={<PrinterOutlined />} onClick={print} disabled={!src}>
          {staffText('staff.channels.print')}
        </Button>,
      ]}
    >
      {failed ? <Alert type="error" showIcon title={failed} /> : null}
      <section className="channel-card" aria-label={staffText('staff.channels.qrOf', { name: channel.name })}>
        <p className="channel-card__studio">{studioName}</p>
        <p className="channel-card__campaign">{staffText('staff.channels.cardScan', { campaign })}</p>
        {src ? (
          <img className="channel-card__qr" src={src} alt={staffText('staff.channels.qrOf', { name: channel.name })} />
        ) : (
          <p aria-busy="true">{staffText('staff.channels.qrLoading')}</p>
        )}
        <p className="channel-card__code">{staffText('staff.channels.cardCodeLabel', { code: channel.code })}</p>
        <p className="channel-card__url">{staffText('staff.channels.cardCode', { url: channel.url.replace(/^https?:\/\//, '') })}</p>
      </section>
    </Modal>
  );
}

/** An embed channel's paste-ready code (decision 0034), with a button that copies it. */
function EmbedDialog({ channel, onClose }: { channel: Channel; onClose: () => void }) {
  const { message } = App.useApp();
  const snippet = channelEmbedSnippet(channel);
  const fieldId = `embed-code-${channel.id}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      void message.success(staffText('staff.channels.copied'));
    } catch {
      // No clipboard (an insecure origin, a refusal): the code is selected for copying by hand.
      const field = document.getElementById(fieldId);
      if (field instanceof HTMLTextAreaElement) field.select();
      void message.error(staffText('staff.channels.copyFailed'));
    }
  }

  return (
    <Modal
      open
      title={staffText('staff.channels.embedTitle', { name: channel.name })}
      onCancel={onClose}
      footer={[
        <Button key="copy" type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
          {staffText('staff.channels.copy')}
        </Button>,
        <Button key="close" onClick={onClose}>
          {staffText('staff.channels.close')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{staffText('staff.channels.embedHint')}</Typography.Paragraph>
      <label htmlFor={fieldId} className="channels-embed__label">
        {staffText('staff.channels.embedSnippet')}
      </label>
      <Input.TextArea
        id={fieldId}
        className="channels-embed__code"
        value={snippet}
        readOnly
        autoSize={{ minRows: 2, maxRows: 6 }}
        onFocus={(e) => e.currentTarget.select()}
      />
    </Modal>
  );
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const { reload } = usePageReload();
  const { message } = App.useApp();
  const [qrOf, setQrOf] = useState<Channel | null>(null);
  const [tabletsOf, setTabletsOf] = useState<Channel | null>(null);
  const [embedOf, setEmbedOf] = useState<Channel | null>(null);
  const tableRef = useKeyboardScrollableTables<HTMLDivElement>();
  const isOwner = currentStaff()?.role === 'owner';
  const data = loaded.data;
  const campaignName = (id: string) => data?.campaigns.find((c) => c.id === id)?.name ?? id;

  async function setPaused(channel: Channel, paused: boolean) {
    try {
      void message.success((await updateChannel(channel.id, { paused })).message);
      void reload();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  async function remove(channel: Channel) {
    try {
      void message.success((await deleteChannel(channel.id)).message);
      void reload();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  const columns: TableColumnsType<Channel> = [
    { title: staffText('staff.channels.name'), dataIndex: 'name', width: 200 },
    { title: staffText('staff.channels.campaign'), dataIndex: 'campaignId', width: 180, render: (id: string) => campaignName(id) },
    { title: staffText('staff.channels.kind'), dataIndex: 'kind', width: 120, render: (k: ChannelKind) => staffText(KIND_LABELS[k]) },
    {
      title: staffText('staff.channels.link'),
      dataIndex: 'url',
      width: 240,
      render: (url: string) => (
        <Typography.Text copyable={{ text: url }} style={{ overflowWrap: 'anywhere' }}>
          {url}
        </Typography.Text>
      ),
    },
    {
      title: staffText('staff.channels.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: ChannelStatus) => <Tag color={STATUS[s].color}>{staffText(STATUS[s].label)}</Tag>,
    },
    {
      title: staffText('staff.channels.completed'),
      dataIndex: 'completed',
      width: 110,
      render: (completed: number, row) =>
        row.cap === null ? completed.toLocaleString('en-IN') : staffText('staff.channels.completedOfCap', { completed, cap: row.cap }),
    },
    {
      title: staffText('staff.channels.actions'),
      key: 'actions',
      width: 380,
      render: (_: unknown, row) => (
        <div className="channels-table__actions">
          <Button size="small" icon={<QrcodeOutlined />} onClick={() => setQrOf(row)} aria-label={staffText('staff.channels.qrOf', { name: row.name })}>
            {staffText('staff.channels.qr')}
          </Button>
          {row.kind === 'embed' ? (
            <Button
              size="small"
              icon={<CodeOutlined />}
              onClick={() => setEmbedOf(row)}
              aria-label={staffText('staff.channels.embedCodeOf', { name: row.name })}
            >
              {staffText('staff.channels.embedCode')}
            </Button>
          ) : null}
          {row.kind === 'kiosk' ? (
            <Button
              size="small"
              icon={<TabletOutlined />}
              onClick={() => setTabletsOf(row)}
              aria-label={staffText('staff.kiosk.tabletsOf', { name: row.name })}
            >
              {staffText('staff.kiosk.tablets')}
            </Button>
          ) : null}
          {row.paused ? (
            <Button size="small" icon={<CaretRightOutlined />} onClick={() => void setPaused(row, false)}>
              {staffText('staff.channels.resume')}
            </Button>
          ) : (
            <Button size="small" icon={<PauseOutlined />} onClick={() => void setPaused(row, true)}>
              {staffText('staff.channels.pause')}
            </Button>
          )}
          {isOwner ? (
            <Popconfirm
              title={staffText('staff.channels.confirmDelete')}
              okText={staffText('staff.channels.delete')}
              cancelText={staffText('staff.channels.cancel')}
              onConfirm={() => void remove(row)}
            >
              <Button size="small" danger icon={<DeleteOutlined />}>
                {staffText('staff.channels.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <div className="channels-page">
      <PageMeta title={staffText('staff.channels.title')} description={staffText('staff.channels.description')} />
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {staffText('staff.channels.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 720 }}>
        {staffText('staff.channels.intro')}
      </Typography.Paragraph>
      {loaded.error || !data ? (
        <LoadFailed message={loaded.error ?? staffText('staff.channels.loadFailed')} forbidden={loaded.forbidden} />
      ) : (
        <>
          <NewChannelForm campaigns={data.campaigns} onCreated={() => void reload()} />
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            {staffText('staff.channels.list')}
          </Typography.Title>
          <div ref={tableRef}>
            <Table<Channel>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={data.channels}
              scroll={{ x: 1180 }}
              pagination={{ placement: ['bottomEnd'], defaultPageSize: 20, hideOnSinglePage: true }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={staffText('staff.channels.empty')} /> }}
              aria-label={staffText('staff.channels.tableLabel')}
            />
          </div>
          {embedOf ? <EmbedDialog channel={embedOf} onClose={() => setEmbedOf(null)} /> : null}
          {tabletsOf ? <TabletsDialog channel={tabletsOf} onClose={() => setTabletsOf(null)} /> : null}
          {qrOf ? <QrDialog channel={qrOf} campaign={campaignName(qrOf.campaignId)} studioName={data.studioName} onClose={() => setQrOf(null)} /> : null}
        </>
      )}
    </div>
  );
}

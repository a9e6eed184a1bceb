import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Form, Input, Modal, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '#shared/paths';
import type { KioskConflict, KioskDevice, KioskDeviceCreated } from '#shared/kiosk/kiosk.contract';
import { errorMessage } from '#web/lib/api-client';
import { currentStaff } from '#web/lib/auth-token';
import { staffText } from '#web/lib/staff-text';
import { formatDateTime } from '#web/lib/studio-time';
import { addTablet, fetchConflicts, fetchTablets, revokeTablet } from '../kiosk-api';

/** The QR code of a pairing link, drawn in the browser (the key is never kept by the server, so it cannot draw it later). */
function PairingCode({ created }: { created: KioskDeviceCreated }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void QRCode.toString(created.pairUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, width: 320 }).then((svg) => {
      if (!cancelled) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      cancelled = true;
    };
  }, [created.pairUrl]);
  return (
    <section
      className="kiosk-pair"
      aria-label={staffText('staff.kiosk.pairTitle', { name: created.device.name })}
      style={{ border: '1px solid #d9d9d9', borderRadius: 8, padding: 16, marginBottom: 16 }}
    >
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 0 }}>
        {staffText('staff.kiosk.pairTitle', { name: created.device.name })}
      </Typography.Title>
      <Typography.Paragraph>{staffText('staff.kiosk.pairHint')}</Typography.Paragraph>
      {src ? (
        <img
          src={src}
          width={240}
          height={240}
          alt={staffText('staff.kiosk.pairQr', { name: created.device.name })}
          data-testid="kiosk-pair-qr"
          style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
        />
      ) : (
        <p aria-busy="true" />
      )}
      <Typography.Text strong>{staffText('staff.kiosk.pairLink')}</Typography.Text>
      <Typography.Paragraph copyable={{ text: created.pairUrl }} style={{ overflowWrap: 'anywhere' }} data-testid="kiosk-pair-url">
        {created.pairUrl}
      </Typography.Paragraph>
    </section>
  );
}

function ConflictBody({ body }: { body: unknown }) {
  return <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0, fontSize: 12 }}>{JSON.stringify(body, null, 2)}</pre>;
}

/** A kiosk channel's tablets: add one (its pairing QR code shown once), the list, remove (owners), and the answers that clashed. */
export function TabletsDialog({ channel, onClose }: { channel: { id: string; name: string }; onClose: () => void }) {
  const { message } = App.useApp();
  const [devices, setDevices] = useState<KioskDevice[] | null>(null);
  const [conflicts, setConflicts] = useState<KioskConflict[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const [created, setCreated] = useState<KioskDeviceCreated | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const isOwner = currentStaff()?.role === 'owner';

  const [version, setVersion] = useState(0);
  const load = () => setVersion((v) => v + 1);

  useEffect(() => {
    let cancelled = false;
    Promise.all([fetchTablets(channel.id), fetchConflicts(channel.id)]).then(
      ([list, clashes]) => {
        if (cancelled) return;
        setDevices(list);
        setConflicts(clashes);
        setFailed(null);
      },
      (e: unknown) => !cancelled && setFailed(errorMessage(e, staffText('staff.kiosk.loadFailed'))),
    );
    return () => {
      cancelled = true;
    };
  }, [channel.id, version]);

  async function add(values: { name?: string }) {
    setSaving(true);
    try {
      const answer = await addTablet(channel.id, (values.name ?? '').trim());
      setCreated(answer);
      void message.success(answer.message);
      form.resetFields();
      load();
    } catch (e) {
      form.setFields([{ name: 'name', errors: [errorMessage(e)] }]);
    } finally {
      setSaving(false);
    }
  }

  async function revoke(device: KioskDevice) {
    try {
      void message.success((await revokeTablet(device.id)).message);
      load();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  const columns: TableColumnsType<KioskDevice> = [
    { title: staffText('staff.kiosk.tabletName'), dataIndex: 'name', width: 160 },
    { title: staffText('staff.kiosk.created'), dataIndex: 'createdAt', width: 150, render: (iso: string) => formatDateTime(iso) },
    {
      title: staffText('staff.kiosk.lastSync'),
      dataIndex: 'lastSyncAt',
      width: 150,
      render: (iso: string | null) => (iso ? formatDateTime(iso) : staffText('staff.kiosk.never')),
    },
    { title: staffText('staff.kiosk.stored'), dataIndex: 'stored', width: 90, render: (n: number) => n.toLocaleString('en-IN') },
    { title: staffText('staff.kiosk.queued'), dataIndex: 'queued', width: 140, render: () => staffText('staff.kiosk.queuedUnknown') },
    {
      title: staffText('staff.kiosk.state'),
      dataIndex: 'revokedAt',
      width: 100,
      render: (revokedAt: string | null) =>
        revokedAt ? <Tag color="#595959">{staffText('staff.kiosk.revoked')}</Tag> : <Tag color="#1e6b3a">{staffText('staff.kiosk.active')}</Tag>,
    },
    {
      title: staffText('staff.channels.actions'),
      key: 'actions',
      width: 110,
      render: (_: unknown, row) =>
        row.revokedAt || !isOwner ? null : (
          <Popconfirm
            title={staffText('staff.kiosk.revokeConfirm')}
            okText={staffText('staff.kiosk.revoke')}
            cancelText={staffText('staff.channels.cancel')}
            onConfirm={() => void revoke(row)}
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={staffText('staff.kiosk.revokeOf', { name: row.name })}>
              {staffText('staff.kiosk.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Modal open title={staffText('staff.kiosk.tabletsOf', { name: channel.name })} onCancel={onClose} footer={null} width={920}>
      <Typography.Paragraph type="secondary">{staffText('staff.kiosk.tabletsIntro')}</Typography.Paragraph>
      <Form form={form} name="new-tablet" layout="inline" onFinish={(v) => void add(v)} requiredMark={false} noValidate style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="name" label={staffText('staff.kiosk.tabletName')}>
          <Input placeholder={staffText('staff.kiosk.tabletNamePlaceholder')} autoComplete="off" maxLength={80} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={saving}>
          {staffText('staff.kiosk.addTablet')}
        </Button>
      </Form>
      {created ? <PairingCode created={created} /> : null}
      {failed ? <Alert type="error" showIcon title={failed} style={{ marginBottom: 16 }} /> : null}
      <Table<KioskDevice>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={devices ?? []}
        loading={devices === null && !failed}
        scroll={{ x: 900 }}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={staffText('staff.kiosk.none')} /> }}
        aria-label={staffText('staff.kiosk.tabletsOf', { name: channel.name })}
      />
      {!isOwner ? <Typography.Paragraph type="secondary">{staffText('staff.kiosk.ownersRevoke')}</Typography.Paragraph> : null}
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 24 }}>
        {staffText('staff.kiosk.conflicts')}
      </Typography.Title>
      {conflicts.length === 0 ? (
        <Typography.Paragraph type="secondary">{staffText('staff.kiosk.conflictsNone')}</Typography.Paragraph>
      ) : (
        <Table<KioskConflict>
          rowKey={(c) => `${c.id}:${c.conflicting.receivedAt}`}
          size="small"
          pagination={false}
          scroll={{ x: 900 }}
          dataSource={conflicts}
          aria-label={staffText('staff.kiosk.conflicts')}
          columns={[
            {
              title: staffText('staff.kiosk.conflictId'),
              dataIndex: 'id',
              width: 160,
              render: (id: string) => (
                <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
                  {id}
                </Typography.Text>
              ),
            },
            { title: staffText('staff.kiosk.conflictDevice'), dataIndex: 'deviceName', width: 120 },
            { title: staffText('staff.kiosk.conflictStored'), key: 'stored', render: (_: unknown, c) => <ConflictBody body={c.stored.body} /> },
            { title: staffText('staff.kiosk.conflictLater'), key: 'later', render: (_: unknown, c) => <ConflictBody body={c.conflicting.body} /> },
          ]}
        />
      )}
      <p style={{ marginTop: 16 }}>
        <Link to={paths.kioskUpload}>
          <UploadOutlined /> {staffText('staff.kiosk.uploadLink')}
        </Link>
      </p>
    </Modal>
  );
}

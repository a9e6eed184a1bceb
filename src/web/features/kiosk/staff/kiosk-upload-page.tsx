import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useId, useRef, useState } from 'react';
import type { KioskOutcome, KioskOutcomeKind, KioskUploadResult } from '#shared/kiosk/kiosk.contract';
import type { StaffMessageKey } from '#shared/i18n/messages/staff-en';
import { PageMeta } from '#web/components/page-meta';
import { errorMessage } from '#web/lib/api-client';
import { staffText } from '#web/lib/staff-text';
import { uploadQueueFile } from '../kiosk-api';

const OUTCOMES: Record<KioskOutcomeKind, { label: StaffMessageKey; color: string }> = {
  stored: { label: 'staff.kiosk.outcome.stored', color: '#1e6b3a' },
  duplicate: { label: 'staff.kiosk.outcome.duplicate', color: '#595959' },
  conflict: { label: 'staff.kiosk.outcome.conflict', color: '#6b4a00' },
  refused: { label: 'staff.kiosk.outcome.refused', color: '#a8071a' },
};

/** /dashboard/kiosk/upload: a queue file downloaded from a tablet, stored answer by answer (each once), with the outcome of each. */
export function Component() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [result, setResult] = useState<KioskUploadResult | null>(null);

  async function upload(event: React.FormEvent) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setFailed(staffText('staff.kiosk.noFile'));
      return;
    }
    setBusy(true);
    setFailed(null);
    try {
      setResult(await uploadQueueFile(file));
    } catch (e) {
      setResult(null);
      setFailed(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const columns: TableColumnsType<KioskOutcome> = [
    {
      title: staffText('staff.kiosk.conflictId'),
      dataIndex: 'id',
      width: 300,
      render: (id: string) => (
        <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
          {id}
        </Typography.Text>
      ),
    },
    {
      title: staffText('staff.kiosk.outcome'),
      dataIndex: 'outcome',
      width: 130,
      render: (o: KioskOutcomeKind) => <Tag color={OUTCOMES[o].color}>{staffText(OUTCOMES[o].label)}</Tag>,
    },
    {
      title: staffText('staff.kiosk.reason'),
      key: 'message',
      render: (_: unknown, row) => (row.errors?.length ? row.errors.map((e) => e.message).join(' ') : row.message),
    },
  ];

  return (
    <div className="kiosk-upload-page" style={{ maxWidth: 960 }}>
      <PageMeta title={staffText('staff.kiosk.uploadTitle')} description={staffText('staff.kiosk.uploadDescription')} />
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {staffText('staff.kiosk.uploadTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{staffText('staff.kiosk.uploadIntro')}</Typography.Paragraph>
      <form onSubmit={(e) => void upload(e)} style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', marginBottom: 16 }}>
        <label htmlFor={inputId}>{staffText('staff.kiosk.chooseFile')}</label>
        <input id={inputId} ref={input} type="file" name="file" accept=".json,application/json" />
        <Button type="primary" htmlType="submit" icon={<UploadOutlined />} loading={busy}>
          {staffText('staff.kiosk.upload')}
        </Button>
      </form>
      {busy ? <p aria-live="polite">{staffText('staff.kiosk.uploading')}</p> : null}
      {failed ? <Alert type="error" showIcon title={failed} role="alert" style={{ marginBottom: 16 }} /> : null}
      {result ? (
        <>
          <Alert
            type={result.counts.refused + result.counts.conflict > 0 ? 'warning' : 'success'}
            showIcon
            role="status"
            title={staffText('staff.kiosk.resultSummary', { ...result.counts, channel: result.channel })}
            style={{ marginBottom: 16 }}
          />
          <Table<KioskOutcome>
            rowKey={(r, i) => `${r.id}:${i}`}
            size="small"
            columns={columns}
            dataSource={result.results}
            scroll={{ x: 700 }}
            pagination={{ defaultPageSize: 50, hideOnSinglePage: true }}
            aria-label={staffText('staff.kiosk.uploadTitle')}
          />
        </>
      ) : null}
    </div>
  );
}

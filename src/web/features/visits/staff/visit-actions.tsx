import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { VISIT_ROUTES, VISIT_STATUS_LABELS, type Visit } from '#shared/visits/visits.contract';
import { api, errorMessage } from '#web/lib/api-client';

const COLORS: Record<Visit['status'], string> = { booked: 'blue', confirmed: 'green', done: 'default', cancelled: 'red' };

export function VisitStatusTag({ status }: { status: Visit['status'] }) {
  return <Tag color={COLORS[status]}>{VISIT_STATUS_LABELS[status]}</Tag>;
}

/** Confirm, mark done or cancel a visit (moving it is done from the day list's slot picker). */
export function VisitActions({ visit, onChange }: { visit: Visit; onChange: (visit: Visit) => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = async (action: 'confirm' | 'done' | 'cancel') => {
    setBusy(action);
    setError(null);
    try {
      onChange(await api.call(VISIT_ROUTES.action, { params: [visit._id], body: { action } }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  if (visit.status === 'cancelled') return null;
  return (
    <Space wrap size="small">
      {visit.status === 'booked' ? (
        <Button size="small" onClick={() => void act('confirm')} loading={busy === 'confirm'}>
          Confirm
        </Button>
      ) : null}
      {visit.status !== 'done' ? (
        <Button size="small" onClick={() => void act('done')} loading={busy === 'done'}>
          Mark done
        </Button>
      ) : null}
      <Button size="small" danger onClick={() => void act('cancel')} loading={busy === 'cancel'}>
        Cancel visit
      </Button>
      {error ? (
        <span role="alert" className="leads-muted">
          {error}
        </span>
      ) : null}
    </Space>
  );
}

import { Button, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { VISIT_STATUS_LABELS, type Visit, type VisitSlot } from '#shared/visits/visits.contract';
import { visitTime } from './visit-format';
import { fetchVisitSlots, visitAction } from '../visits-api';
import { errorMessage } from '#web/lib/api-client';
import { staffText } from '#web/lib/staff-text';

/** Solid colours with white text (antd's pale presets fall short of WCAG AA contrast), as the leads' statuses. */
const COLORS: Record<Visit['status'], string> = { booked: '#1d4e89', confirmed: '#1e6b3a', done: '#5c5c5c', cancelled: '#8a1c1c' };

export function VisitStatusTag({ status }: { status: Visit['status'] }) {
  return <Tag color={COLORS[status]}>{VISIT_STATUS_LABELS[status]}</Tag>;
}

/** Confirm, move (to a free slot of its studio), mark done or cancel a visit. */
export function VisitActions({ visit, onChange }: { visit: Visit; onChange: (visit: Visit) => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [slots, setSlots] = useState<VisitSlot[] | null>(null);
  const openMove = () => {
    setError(null);
    fetchVisitSlots(visit.studioId).then(
      (list) => setSlots(list.filter((s) => s.free > 0 && s.start !== visit.start)),
      (e: unknown) => setError(errorMessage(e)),
    );
  };
  const act = async (action: 'confirm' | 'done' | 'cancel' | 'move', slotStart?: string) => {
    setBusy(action);
    setError(null);
    try {
      onChange(await visitAction(visit._id, action === 'move' ? { action, slotStart: slotStart! } : { action }));
      setSlots(null);
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
          {staffText('staff.leads.visits.confirm')}
        </Button>
      ) : null}
      {visit.status !== 'done' ? (
        <Button size="small" onClick={() => void act('done')} loading={busy === 'done'}>
          {staffText('staff.leads.visits.markDone')}
        </Button>
      ) : null}
      {visit.status !== 'done' ? (
        slots ? (
          <Select
            size="small"
            aria-label={staffText('staff.leads.visits.moveTo')}
            placeholder={staffText('staff.leads.visits.moveToPlaceholder')}
            style={{ minWidth: 200 }}
            loading={busy === 'move'}
            options={slots.map((s) => ({ value: s.start, label: visitTime(s) }))}
            onChange={(start: string) => void act('move', start)}
          />
        ) : (
          <Button size="small" onClick={openMove}>
            {staffText('staff.leads.visits.move')}
          </Button>
        )
      ) : null}
      <Popconfirm
        title={staffText('staff.leads.visits.cancelAsk')}
        okText={staffText('staff.leads.visits.cancelYes')}
        cancelText={staffText('staff.leads.visits.cancelNo')}
        okButtonProps={{ danger: true }}
        onConfirm={() => act('cancel')}
      >
        <Button size="small" danger loading={busy === 'cancel'}>
          {staffText('staff.leads.visits.cancel')}
        </Button>
      </Popconfirm>
      {error ? (
        <span role="alert" className="leads-muted">
          {error}
        </span>
      ) : null}
    </Space>
  );
}

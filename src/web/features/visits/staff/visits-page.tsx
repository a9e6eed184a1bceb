import { Alert, Button, Card, Checkbox, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LISTINGS_ROUTES } from '#shared/listings/listings.api';
import { leadPath } from '#shared/paths';
import { VISIT_ROUTES, WEEKDAYS, type StudioSlotSettings, type Visit } from '#shared/visits/visits.contract';
import { PageMeta } from '#web/components/page-meta';
import { api, errorMessage } from '#web/lib/api-client';
import { currentStaff } from '#web/lib/auth-token';
import { staffText } from '#web/lib/staff-text';
import { useKeyboardScrollableTables } from '#web/lib/use-keyboard-scrollable-tables';
import { VisitActions, VisitStatusTag } from './visit-actions';
import { visitTime } from './visit-format';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** /dashboard/visits (issue 26): the site visits of a day, and (owners) each studio location's visit slots. */
export function Component() {
  const [day, setDay] = useState(today());
  const [visits, setVisits] = useState<Visit[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.call(VISIT_ROUTES.day, { query: new URLSearchParams({ day }) }).then(setVisits, (e: unknown) => setError(errorMessage(e)));
  }, [day]);
  const replace = (next: Visit) => setVisits((all) => (all ?? []).map((v) => (v._id === next._id ? next : v)));
  // On a phone the day's table scrolls sideways: a keyboard must reach it (axe: scrollable-region-focusable).
  const pageRef = useKeyboardScrollableTables<HTMLDivElement>();
  return (
    <div ref={pageRef}>
      <PageMeta title={staffText('staff.leads.visits.title')} description={staffText('staff.leads.visits.description')} />
      <Typography.Title level={1}>{staffText('staff.leads.visits.title')}</Typography.Title>
      <Card size="small" title={<h2 className="lead-card-title">{staffText('staff.leads.visits.onADay')}</h2>}>
        <label htmlFor="visits-day">{staffText('staff.leads.visits.day')} </label>
        <Input id="visits-day" type="date" value={day} onChange={(e) => {
            if (!e.target.value) return;
            setVisits(null);
            setDay(e.target.value);
          }} style={{ maxWidth: 200 }} />
        {error ? <Alert type="error" message={error} /> : null}
        <Table<Visit>
          rowKey="_id"
          loading={visits === null && !error}
          dataSource={visits ?? []}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: staffText('staff.leads.visits.none') }}
          columns={[
            { title: staffText('staff.leads.visits.column.time'), key: 'time', render: (_, v) => visitTime(v) },
            { title: staffText('staff.leads.visits.column.studio'), dataIndex: 'studioName' },
            { title: staffText('staff.leads.visits.column.visitor'), key: 'who', render: (_, v) => <Link to={leadPath(v.leadId)}>{v.name ?? v.email}</Link> },
            { title: staffText('staff.leads.visits.column.phone'), dataIndex: 'phone', render: (p: string | null) => p ?? '' },
            { title: staffText('staff.leads.visits.column.status'), dataIndex: 'status', render: (s: Visit['status']) => <VisitStatusTag status={s} /> },
            { title: staffText('staff.leads.visits.column.actions'), key: 'actions', render: (_, v) => <VisitActions visit={v} onChange={replace} /> },
          ]}
        />
      </Card>
      {currentStaff()?.role === 'owner' ? <SlotSettingsCard /> : null}
    </div>
  );
}

/** Owners: one studio location's weekly hours, slot length, seats, days ahead and blackout dates. */
function SlotSettingsCard() {
  const [studios, setStudios] = useState<Array<{ _id: string; title: string }>>([]);
  const [studioId, setStudioId] = useState<string | null>(null);
  const [form, setForm] = useState<StudioSlotSettings | null>(null);
  const [blackout, setBlackout] = useState('');
  const [status, setStatus] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    api.call(LISTINGS_ROUTES.studio.list).then((list) => {
      setStudios(list.map((s) => ({ _id: s._id, title: s.title })));
      if (list[0]) setStudioId(list[0]._id);
    }, (e: unknown) => setStatus({ type: 'error', text: errorMessage(e) }));
  }, []);
  useEffect(() => {
    if (!studioId) return;
    api.call(VISIT_ROUTES.settings, { params: [studioId] }).then((s) => {
      setForm(s);
      setBlackout(s.blackoutDates.join('\n'));
    }, (e: unknown) => setStatus({ type: 'error', text: errorMessage(e) }));
  }, [studioId]);
  const save = async () => {
    if (!form || !studioId) return;
    setSaving(true);
    setStatus(null);
    try {
      const { studioId: _s, studioName: _n, timeZone: _t, ...settings } = form;
      const saved = await api.call(VISIT_ROUTES.saveSettings, { params: [studioId], body: { ...settings, blackoutDates: blackout.split(/\s+/).filter(Boolean) } });
      setForm(saved);
      setBlackout(saved.blackoutDates.join('\n'));
      setStatus({ type: 'success', text: staffText('staff.leads.visits.slots.saved') });
    } catch (e) {
      setStatus({ type: 'error', text: errorMessage(e) });
    } finally {
      setSaving(false);
    }
  };
  const setDay = (i: number, patch: Partial<StudioSlotSettings['weeklyHours'][number]>) =>
    setForm((f) => (f ? { ...f, weeklyHours: f.weeklyHours.map((d, j) => (j === i ? { ...d, ...patch } : d)) } : f));
  return (
    <Card size="small" title={<h2 className="lead-card-title">{staffText('staff.leads.visits.slots.title')}</h2>} style={{ marginTop: 16 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <label htmlFor="slots-studio">{staffText('staff.leads.visits.slots.studio')}</label>
        <Select id="slots-studio" value={studioId ?? undefined} onChange={(id: string) => {
          setForm(null);
          setStudioId(id);
        }} options={studios.map((s) => ({ value: s._id, label: s.title }))} style={{ minWidth: 240 }} />
        {form ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
            aria-label={staffText('staff.leads.visits.slots.form')}
          >
            <p className="leads-muted">{staffText('staff.leads.visits.slots.timeZone', { timeZone: form.timeZone })}</p>
            <Checkbox checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })}>
              {staffText('staff.leads.visits.slots.enabled')}
            </Checkbox>
            <fieldset style={{ border: 0, padding: 0, margin: '12px 0' }}>
              <legend>{staffText('staff.leads.visits.slots.weeklyHours')}</legend>
              {WEEKDAYS.map((name, i) => {
                const d = form.weeklyHours[i]!;
                return (
                  <div key={name} style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginBottom: 4 }}>
                    <Checkbox checked={d.open} onChange={(e) => setDay(i, { open: e.target.checked })} style={{ width: 120 }}>
                      {name}
                    </Checkbox>
                    <Input type="time" aria-label={staffText('staff.leads.visits.slots.opens', { day: name })} value={d.from} disabled={!d.open} onChange={(e) => setDay(i, { from: e.target.value })} style={{ width: 120 }} />
                    <span aria-hidden="true">–</span>
                    <Input type="time" aria-label={staffText('staff.leads.visits.slots.closes', { day: name })} value={d.to} disabled={!d.open} onChange={(e) => setDay(i, { to: e.target.value })} style={{ width: 120 }} />
                  </div>
                );
              })}
            </fieldset>
            <Space wrap>
              <label>
                {staffText('staff.leads.visits.slots.slotMinutes')} <InputNumber min={15} max={240} step={15} value={form.slotMinutes} onChange={(v) => setForm({ ...form, slotMinutes: v ?? 60 })} />
              </label>
              <label>
                {staffText('staff.leads.visits.slots.seats')} <InputNumber min={1} max={50} value={form.seats} onChange={(v) => setForm({ ...form, seats: v ?? 1 })} />
              </label>
              <label>
                {staffText('staff.leads.visits.slots.daysAhead')} <InputNumber min={1} max={90} value={form.daysAhead} onChange={(v) => setForm({ ...form, daysAhead: v ?? 14 })} />
              </label>
            </Space>
            <div style={{ marginTop: 12 }}>
              <label htmlFor="slots-blackout">{staffText('staff.leads.visits.slots.blackout')}</label>
              <Input.TextArea id="slots-blackout" rows={3} value={blackout} onChange={(e) => setBlackout(e.target.value)} />
            </div>
            <Button type="primary" htmlType="submit" loading={saving} style={{ marginTop: 12 }}>
              {staffText('staff.leads.visits.slots.save')}
            </Button>
          </form>
        ) : null}
        {status ? <Alert role={status.type === 'error' ? 'alert' : 'status'} type={status.type} message={status.text} /> : null}
      </Space>
    </Card>
  );
}

import { Alert, Button, Card, Checkbox, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LISTINGS_ROUTES } from '#shared/listings/listings.api';
import { leadPath } from '#shared/paths';
import { VISIT_ROUTES, WEEKDAYS, type StudioSlotSettings, type Visit } from '#shared/visits/visits.contract';
import { PageMeta } from '#web/components/page-meta';
import { api, errorMessage } from '#web/lib/api-client';
import { currentStaff } from '#web/lib/auth-token';
import { useKeyboardScrollableTables } from '#web/features/surveys/staff/use-keyboard-scrollable-tables';
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
      <PageMeta title="Site visits" description="Site visits booked per day." />
      <Typography.Title level={1}>Site visits</Typography.Title>
      <Card size="small" title={<h2 className="lead-card-title">Visits on a day</h2>}>
        <label htmlFor="visits-day">Day </label>
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
          locale={{ emptyText: 'No visits on this day.' }}
          columns={[
            { title: 'Time', key: 'time', render: (_, v) => visitTime(v) },
            { title: 'Studio', dataIndex: 'studioName' },
            { title: 'Visitor', key: 'who', render: (_, v) => <Link to={leadPath(v.leadId)}>{v.name ?? v.email}</Link> },
            { title: 'Phone', dataIndex: 'phone', render: (p: string | null) => p ?? '' },
            { title: 'Status', dataIndex: 'status', render: (s: Visit['status']) => <VisitStatusTag status={s} /> },
            { title: 'Actions', key: 'actions', render: (_, v) => <VisitActions visit={v} onChange={replace} /> },
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
      setStatus({ type: 'success', text: 'Visit slots saved.' });
    } catch (e) {
      setStatus({ type: 'error', text: errorMessage(e) });
    } finally {
      setSaving(false);
    }
  };
  const setDay = (i: number, patch: Partial<StudioSlotSettings['weeklyHours'][number]>) =>
    setForm((f) => (f ? { ...f, weeklyHours: f.weeklyHours.map((d, j) => (j === i ? { ...d, ...patch } : d)) } : f));
  return (
    <Card size="small" title={<h2 className="lead-card-title">Visit slots per studio location</h2>} style={{ marginTop: 16 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <label htmlFor="slots-studio">Studio location</label>
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
            aria-label="Visit slots"
          >
            <p className="leads-muted">Times are in the studio&apos;s time zone, {form.timeZone}.</p>
            <Checkbox checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })}>
              Visitors can book visits online
            </Checkbox>
            <fieldset style={{ border: 0, padding: 0, margin: '12px 0' }}>
              <legend>Weekly hours</legend>
              {WEEKDAYS.map((name, i) => {
                const d = form.weeklyHours[i]!;
                return (
                  <div key={name} style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginBottom: 4 }}>
                    <Checkbox checked={d.open} onChange={(e) => setDay(i, { open: e.target.checked })} style={{ width: 120 }}>
                      {name}
                    </Checkbox>
                    <Input type="time" aria-label={`${name} opens`} value={d.from} disabled={!d.open} onChange={(e) => setDay(i, { from: e.target.value })} style={{ width: 120 }} />
                    <span aria-hidden="true">–</span>
                    <Input type="time" aria-label={`${name} closes`} value={d.to} disabled={!d.open} onChange={(e) => setDay(i, { to: e.target.value })} style={{ width: 120 }} />
                  </div>
                );
              })}
            </fieldset>
            <Space wrap>
              <label>
                Slot length (minutes) <InputNumber min={15} max={240} step={15} value={form.slotMinutes} onChange={(v) => setForm({ ...form, slotMinutes: v ?? 60 })} />
              </label>
              <label>
                Visits at once <InputNumber min={1} max={50} value={form.seats} onChange={(v) => setForm({ ...form, seats: v ?? 1 })} />
              </label>
              <label>
                Days ahead <InputNumber min={1} max={90} value={form.daysAhead} onChange={(v) => setForm({ ...form, daysAhead: v ?? 14 })} />
              </label>
            </Space>
            <div style={{ marginTop: 12 }}>
              <label htmlFor="slots-blackout">Closed on (one date a line, YYYY-MM-DD)</label>
              <Input.TextArea id="slots-blackout" rows={3} value={blackout} onChange={(e) => setBlackout(e.target.value)} />
            </div>
            <Button type="primary" htmlType="submit" loading={saving} style={{ marginTop: 12 }}>
              Save visit slots
            </Button>
          </form>
        ) : null}
        {status ? <Alert role={status.type === 'error' ? 'alert' : 'status'} type={status.type} message={status.text} /> : null}
      </Space>
    </Card>
  );
}

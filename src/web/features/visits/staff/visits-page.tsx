import { Alert, Button, Card, Checkbox, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useId, useState } from 'react';
import { Link, useLoaderData, useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { formatPhone } from '#shared/phone';
import { leadPath } from '#shared/paths';
import { WEEKDAYS, type StudioSlotSettings, type UpcomingVisits, type Visit } from '#shared/visits/visits.contract';
import { PageMeta } from '#web/components/page-meta';
import { errorMessage } from '#web/lib/api-client';
import { currentStaff } from '#web/lib/auth-token';
import { staffText } from '#web/lib/staff-text';
import { LoadFailed, loadPageData, usePageReload } from '#web/lib/page-data';
import { useKeyboardScrollableTables } from '#web/lib/use-keyboard-scrollable-tables';
import { fetchSlotSettings, fetchStudioLocations, fetchVisitDays, saveSlotSettings } from '../visits-api';
import { VisitActions, VisitStatusTag } from './visit-actions';
import { addDays, dayLabel, dayOfVisit, visitHours } from './visit-format';
import './visits-page.css';

/** Days the week strip shows. */
const WEEK = 7;
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * What the URL asks for (decision 0013): the upcoming week from `from` (the studio's today when left
 * out) with one `day` picked, or (`view=day`) one day's visits.
 */
function readView(search: URLSearchParams) {
  const from = search.get('from');
  const day = search.get('day');
  return { oneDay: search.get('view') === 'day', from: isDay(from) ? from : undefined, day: isDay(day) ? day : undefined };
}

/** The studio locations and the first one's visit slots, for an owner's slot settings (decision 0013: loaded with the page). */
async function loadSlotSettings(signal: AbortSignal): Promise<SlotSettingsStart> {
  const studios = (await fetchStudioLocations(signal)).map((s) => ({ _id: s._id, title: s.title }));
  return { studios, first: studios[0] ? await fetchSlotSettings(studios[0]._id, signal) : null };
}

interface SlotSettingsStart {
  studios: Array<{ _id: string; title: string }>;
  first: StudioSlotSettings | null;
}

/** The week (or the one day) the URL asks for: days are the studio's, today is the server's; an owner's slot settings with them. */
export async function loader({ request }: LoaderFunctionArgs) {
  const view = readView(new URL(request.url).searchParams);
  const range = view.oneDay ? { from: view.day, days: 1 } : { from: view.from, days: WEEK };
  const owner = currentStaff()?.role === 'owner';
  const [visits, slots] = await Promise.all([
    loadPageData(() => fetchVisitDays(range, request.signal), staffText('staff.leads.visits.loadFailed')),
    owner ? loadPageData(() => loadSlotSettings(request.signal), staffText('staff.leads.visits.loadFailed')) : null,
  ]);
  return { ...visits, slots };
}

/** /dashboard/visits: the coming week's site visits with a count per day, or one day's; (owners) each studio location's visit slots. */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const [search, setSearch] = useSearchParams();
  const navigation = useNavigation();
  const { reload, reloading } = usePageReload();
  const view = readView(search);
  const busy = reloading || navigation.state === 'loading';
  // On a phone the tables scroll sideways: a keyboard must reach them (axe: scrollable-region-focusable).
  const pageRef = useKeyboardScrollableTables<HTMLDivElement>();
  const go = (params: Record<string, string | undefined>) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value) next.set(key, value);
    setSearch(next);
  };
  return (
    <div ref={pageRef}>
      <PageMeta title={staffText('staff.leads.visits.title')} description={staffText('staff.leads.visits.description')} />
      <Typography.Title level={1}>{staffText('staff.leads.visits.title')}</Typography.Title>
      <div role="group" aria-label={staffText('staff.leads.visits.view')} className="visits-views">
        <Button aria-pressed={!view.oneDay} type={view.oneDay ? 'default' : 'primary'} onClick={() => go({})}>
          {staffText('staff.leads.visits.upcoming')}
        </Button>
        <Button aria-pressed={view.oneDay} type={view.oneDay ? 'primary' : 'default'} onClick={() => go({ view: 'day', day: data.data?.today })}>
          {staffText('staff.leads.visits.oneDay')}
        </Button>
      </div>
      {data.error !== null ? (
        <LoadFailed message={staffText('staff.leads.visits.loadFailed')} reason={data.error} />
      ) : view.oneDay ? (
        <OneDay data={data.data} busy={busy} onDay={(day) => go({ view: 'day', day })} onChange={() => void reload()} />
      ) : (
        <Week data={data.data} picked={view.day} busy={busy} go={go} onChange={() => void reload()} />
      )}
      {data.slots ? <SlotSettingsCard start={data.slots.data} error={data.slots.error} /> : null}
    </div>
  );
}

/** The columns of a list of visits; `withDay`: the time column names the day too. */
function visitColumns(onChange: () => void, withDay: boolean): ColumnsType<Visit> {
  return [
    {
      title: staffText('staff.leads.visits.column.time'),
      key: 'time',
      render: (_, v) => <span className="visits-nowrap">{withDay ? `${dayLabel(dayOfVisit(v))}, ${visitHours(v)}` : visitHours(v)}</span>,
    },
    { title: staffText('staff.leads.visits.column.studio'), dataIndex: 'studioName' },
    { title: staffText('staff.leads.visits.column.visitor'), key: 'who', render: (_, v) => <Link to={leadPath(v.leadId)}>{v.name ?? v.email}</Link> },
    {
      title: staffText('staff.leads.visits.column.phone'),
      dataIndex: 'phone',
      render: (p: string | null) => (p ? <span className="visits-nowrap">{formatPhone(p)}</span> : '—'),
    },
    { title: staffText('staff.leads.visits.column.status'), dataIndex: 'status', render: (s: Visit['status']) => <VisitStatusTag status={s} /> },
    { title: staffText('staff.leads.visits.column.actions'), key: 'actions', render: (_, v) => <VisitActions visit={v} onChange={onChange} /> },
  ];
}

/** "3 visits", and ", 1 cancelled" when some were. */
function countText(entry: UpcomingVisits['days'][number]): string {
  const standing = staffText('staff.leads.visits.count', { count: entry.count });
  return entry.cancelled > 0 ? `${standing}${staffText('staff.leads.visits.countCancelled', { count: entry.cancelled })}` : standing;
}

/**
 * The week: a strip of its days (each with its count; today marked; one picked shows only its visits),
 * Previous week and Next week, and the week's visits grouped by day.
 */
function Week({
  data,
  picked,
  busy,
  go,
  onChange,
}: {
  data: UpcomingVisits;
  picked: string | undefined;
  busy: boolean;
  go: (params: Record<string, string | undefined>) => void;
  onChange: () => void;
}) {
  const headingId = useId();
  const from = data.from === data.today ? undefined : data.from;
  const shown = data.days.filter((d) => (picked ? d.day === picked : d.count + d.cancelled > 0));
  const byDay = new Map<string, Visit[]>();
  for (const visit of data.visits) {
    const day = dayOfVisit(visit, data.timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), visit]);
  }
  return (
    <Card
      size="small"
      title={
        <h2 className="lead-card-title" id={headingId}>
          {staffText('staff.leads.visits.week', { from: dayLabel(data.from), to: dayLabel(data.days.at(-1)?.day ?? data.from) })}
        </h2>
      }
    >
      <div className="visits-week-nav">
        <Button onClick={() => go({ from: addDays(data.from, -WEEK) })}>{staffText('staff.leads.visits.previousWeek')}</Button>
        {data.from !== data.today ? <Button onClick={() => go({})}>{staffText('staff.leads.visits.thisWeek')}</Button> : null}
        <Button onClick={() => go({ from: addDays(data.from, WEEK) })}>{staffText('staff.leads.visits.nextWeek')}</Button>
      </div>
      <ul className="visits-week" aria-labelledby={headingId} aria-busy={busy}>
        {data.days.map((entry) => {
          const isToday = entry.day === data.today;
          const isPicked = entry.day === picked;
          return (
            <li key={entry.day}>
              <button
                type="button"
                className={`visits-week-day${isToday ? ' visits-week-day--today' : ''}${isPicked ? ' visits-week-day--picked' : ''}${entry.count === 0 ? ' visits-week-day--empty' : ''}`}
                aria-pressed={isPicked}
                aria-current={isToday ? 'date' : undefined}
                onClick={() => go({ from, day: isPicked ? undefined : entry.day })}
              >
                {/* Spaces between the parts: a screen reader reads "Mon 4 Jan 3 visits". */}
                <span className="visits-week-date">{isToday ? staffText('staff.leads.visits.today') : dayLabel(entry.day, 'weekday')}</span>{' '}
                <span className="visits-week-date">{dayLabel(entry.day, 'date')}</span>{' '}
                <span className="visits-week-count" aria-hidden="true">
                  {entry.count}
                </span>
                <span className="visually-hidden">{countText(entry)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {picked ? (
        <Button type="link" onClick={() => go({ from })}>
          {staffText('staff.leads.visits.wholeWeek')}
        </Button>
      ) : null}
      {shown.length === 0 ? <p className="leads-muted">{staffText(picked ? 'staff.leads.visits.none' : 'staff.leads.visits.noneThisWeek')}</p> : null}
      {shown.map((entry) => (
        <section key={entry.day} className="visits-day" aria-labelledby={`visits-day-${entry.day}`}>
          <h3 id={`visits-day-${entry.day}`}>
            {dayLabel(entry.day)} — {countText(entry)}
          </h3>
          <Table<Visit>
            rowKey="_id"
            size="small"
            loading={busy}
            dataSource={byDay.get(entry.day) ?? []}
            pagination={false}
            scroll={{ x: true }}
            locale={{ emptyText: staffText('staff.leads.visits.none') }}
            columns={visitColumns(onChange, false)}
          />
        </section>
      ))}
    </Card>
  );
}

/** One day's visits, the day picked in a date field. */
function OneDay({ data, busy, onDay, onChange }: { data: UpcomingVisits; busy: boolean; onDay: (day: string) => void; onChange: () => void }) {
  return (
    <Card size="small" title={<h2 className="lead-card-title">{staffText('staff.leads.visits.onADay')}</h2>}>
      <label htmlFor="visits-day">{staffText('staff.leads.visits.day')} </label>
      <Input
        id="visits-day"
        type="date"
        value={data.from}
        onChange={(e) => {
          if (e.target.value) onDay(e.target.value);
        }}
        style={{ maxWidth: 200 }}
      />
      <Table<Visit>
        rowKey="_id"
        loading={busy}
        dataSource={data.visits}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: staffText('staff.leads.visits.none') }}
        columns={visitColumns(onChange, true)}
      />
    </Card>
  );
}

/** Owners: one studio location's weekly hours, slot length, seats, days ahead and blackout dates. */
function SlotSettingsCard({ start, error }: { start: SlotSettingsStart | null; error: string | null }) {
  const studios = start?.studios ?? [];
  const [studioId, setStudioId] = useState<string | null>(start?.studios[0]?._id ?? null);
  const [form, setForm] = useState<StudioSlotSettings | null>(start?.first ?? null);
  const [blackout, setBlackout] = useState(start?.first?.blackoutDates.join('\n') ?? '');
  const [status, setStatus] = useState<{ type: 'success' | 'error'; text: string } | null>(error === null ? null : { type: 'error', text: error });
  const [saving, setSaving] = useState(false);
  // Another location's slots when the owner picks it (the first came with the page).
  const choose = (id: string) => {
    setForm(null);
    setStudioId(id);
    fetchSlotSettings(id).then(
      (s) => {
        setForm(s);
        setBlackout(s.blackoutDates.join('\n'));
      },
      (e: unknown) => setStatus({ type: 'error', text: errorMessage(e) }),
    );
  };
  const save = async () => {
    if (!form || !studioId) return;
    setSaving(true);
    setStatus(null);
    try {
      const { studioId: _s, studioName: _n, timeZone: _t, ...settings } = form;
      const saved = await saveSlotSettings(studioId, { ...settings, blackoutDates: blackout.split(/\s+/).filter(Boolean) });
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
        <Select
          id="slots-studio"
          value={studioId ?? undefined}
          onChange={choose}
          options={studios.map((s) => ({ value: s._id, label: s.title }))}
          style={{ minWidth: 240 }}
        />
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
                    <Input
                      type="time"
                      aria-label={staffText('staff.leads.visits.slots.opens', { day: name })}
                      value={d.from}
                      disabled={!d.open}
                      onChange={(e) => setDay(i, { from: e.target.value })}
                      style={{ width: 120 }}
                    />
                    <span aria-hidden="true">–</span>
                    <Input
                      type="time"
                      aria-label={staffText('staff.leads.visits.slots.closes', { day: name })}
                      value={d.to}
                      disabled={!d.open}
                      onChange={(e) => setDay(i, { to: e.target.value })}
                      style={{ width: 120 }}
                    />
                  </div>
                );
              })}
            </fieldset>
            <Space wrap>
              <label>
                {staffText('staff.leads.visits.slots.slotMinutes')}{' '}
                <InputNumber min={15} max={240} step={15} value={form.slotMinutes} onChange={(v) => setForm({ ...form, slotMinutes: v ?? 60 })} />
              </label>
              <label>
                {staffText('staff.leads.visits.slots.seats')}{' '}
                <InputNumber min={1} max={50} value={form.seats} onChange={(v) => setForm({ ...form, seats: v ?? 1 })} />
              </label>
              <label>
                {staffText('staff.leads.visits.slots.daysAhead')}{' '}
                <InputNumber min={1} max={90} value={form.daysAhead} onChange={(v) => setForm({ ...form, daysAhead: v ?? 14 })} />
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

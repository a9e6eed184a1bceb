import { SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, InputNumber, Select, Space, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { formatPhone } from '#shared/phone';
import {
  ASSIGN_MODES,
  ASSIGN_RULE_KINDS,
  SETTINGS_MESSAGES,
  SETTINGS_ROUTES,
  settingsInput,
  WEEKDAYS,
  type AssignmentSettings,
  type FollowUpSettings,
  type SettingsInput,
  type StudioSettings,
  type Weekday,
} from '#shared/settings/settings.contract';
import { AUTH_ROUTES } from '#shared/auth/auth.api';
import { PageMeta } from '#web/components/page-meta';
import { api, ApiError, errorMessage } from '#web/lib/api-client';
import { LoadFailed, loadPageData } from '#web/lib/page-data';
import { staffText } from '#web/lib/staff-text';
import type { StaffMessageKey } from '#shared/i18n/messages/staff-en';
import { currentStaff } from '#web/lib/auth-token';
import { ApiKeysCard } from './api-keys-card';
import { DemoContentCard } from './demo-content-card';

export async function loader({ request }: LoaderFunctionArgs) {
  // The people a rule can name (the page works without them).
  const staff = api.call(AUTH_ROUTES.staff, { signal: request.signal }).catch(() => []);
  const settings = await loadPageData(() => api.call(SETTINGS_ROUTES.read, { signal: request.signal }), staffText('staff.settings.page.loadFailed'));
  return { ...settings, staff: await staff };
}

const MODE_LABELS: Record<AssignmentSettings['mode'], StaffMessageKey> = {
  off: 'staff.settings.page.modeOff',
  'round-robin': 'staff.settings.page.modeRoundRobin',
  rules: 'staff.settings.page.modeRules',
};
const KIND_LABELS: Record<AssignmentSettings['rules'][number]['kind'], StaffMessageKey> = {
  campaign: 'staff.settings.page.kindCampaign',
  locality: 'staff.settings.page.kindLocality',
  quotation: 'staff.settings.page.kindQuotation',
};
const DAY_LABELS: Record<Weekday, StaffMessageKey> = {
  mon: 'staff.settings.page.mon',
  tue: 'staff.settings.page.tue',
  wed: 'staff.settings.page.wed',
  thu: 'staff.settings.page.thu',
  fri: 'staff.settings.page.fri',
  sat: 'staff.settings.page.sat',
  sun: 'staff.settings.page.sun',
};

/** The form's values: recipients as one per line, "keep leads" empty for "until erased by hand". */
interface FormValues {
  name: string;
  address: string;
  phone: string;
  whatsapp: string;
  email: string;
  mapUrl: string;
  social: { instagram: string; facebook: string; linkedin: string };
  timeZone: string;
  notifyEmails: string;
  notices: { landing: string; contact: string };
  noticesHi: { landing: string; contact: string };
  retentionUnfinishedDays: number | null;
  retentionLeadDays: number | null;
  /** Who takes new leads, and how fast they are answered (decision 0023). */
  assignment: AssignmentSettings;
  followUp: { firstContactMinutes: number | null; hours: Record<Weekday, { start: string; end: string }>; holidays: string };
}

function toForm(settings: StudioSettings): FormValues {
  return {
    name: settings.name,
    address: settings.address,
    phone: settings.phone,
    // Stored in E.164; shown grouped as people write it.
    whatsapp: formatPhone(settings.whatsapp),
    email: settings.email,
    mapUrl: settings.mapUrl,
    social: { ...settings.social },
    timeZone: settings.timeZone,
    notifyEmails: settings.notifyEmails.join('\n'),
    notices: { ...settings.notices },
    noticesHi: { ...settings.noticesHi },
    retentionUnfinishedDays: settings.retentionUnfinishedDays,
    retentionLeadDays: settings.retentionLeadDays,
    assignment: { mode: settings.assignment.mode, rules: settings.assignment.rules.map((r) => ({ ...r })) },
    followUp: {
      firstContactMinutes: settings.followUp.firstContactMinutes,
      // A closed day shows empty times.
      hours: Object.fromEntries(
        WEEKDAYS.map((d) => [d, { start: settings.followUp.hours[d]?.start ?? '', end: settings.followUp.hours[d]?.end ?? '' }]),
      ) as FormValues['followUp']['hours'],
      holidays: settings.followUp.holidays.join('\n'),
    },
  };
}

function toInput(values: FormValues): SettingsInput {
  return {
    ...values,
    notifyEmails: values.notifyEmails
      .split(/[\s,;]+/)
      .map((e) => e.trim())
      .filter(Boolean),
    retentionUnfinishedDays: values.retentionUnfinishedDays ?? Number.NaN,
    retentionLeadDays: values.retentionLeadDays ?? null,
    assignment: { mode: values.assignment.mode, rules: values.assignment.rules ?? [] },
    followUp: {
      firstContactMinutes: values.followUp.firstContactMinutes ?? Number.NaN,
      hours: Object.fromEntries(
        WEEKDAYS.map((d) => {
          const h = values.followUp.hours[d];
          return [d, h?.start && h?.end ? { start: h.start, end: h.end } : null];
        }),
      ) as FollowUpSettings['hours'],
      holidays: values.followUp.holidays
        .split(/[\s,;]+/)
        .map((d) => d.trim())
        .filter(Boolean),
    },
  };
}

/** A field path from the API ("social.instagram", "notifyEmails.1") as the form names it. */
type FieldName = Parameters<FormInstance<FormValues>['setFields']>[0][number]['name'];

function formName(path: ReadonlyArray<PropertyKey>): FieldName {
  const [first, second] = path.map(String);
  if ((first === 'social' || first === 'notices' || first === 'noticesHi') && second) return [first, second] as FieldName;
  return [first ?? 'name'] as FieldName;
}

const wide = { maxWidth: 720, marginBottom: 16 };

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<StudioSettings | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (!loaded.data) {
    return (
      <>
        <PageMeta title={staffText('staff.settings.page.title')} description={staffText('staff.settings.page.description')} />
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          {staffText('staff.settings.page.title')}
        </Typography.Title>
        <LoadFailed message={loaded.error} forbidden={loaded.forbidden} />
      </>
    );
  }
  const current = saved ?? loaded.data;

  async function submit(values: FormValues) {
    setProblem(null);
    // The last attempt's messages go; this one's come back below.
    form.setFields(
      form
        .getFieldsError()
        .filter((f) => f.errors.length > 0)
        .map((f) => ({ name: f.name as FieldName, errors: [] })),
    );
    const parsed = settingsInput.safeParse(toInput(values));
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((issue) => ({ name: formName(issue.path), errors: [issue.message] })));
      return;
    }
    setSaving(true);
    try {
      const next = await api.call(SETTINGS_ROUTES.save, { body: toInput(values) });
      setSaved(next);
      form.setFieldsValue(toForm(next));
      void message.success(SETTINGS_MESSAGES.saved);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'VALIDATION' && e.errors.length > 0) {
        form.setFields(e.errors.map((f) => ({ name: formName(f.field.split('.')), errors: [f.message] })));
      } else {
        setProblem(errorMessage(e, staffText('staff.settings.page.saveFailed')));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <PageMeta title={staffText('staff.settings.page.title')} description={staffText('staff.settings.page.description')} />
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {staffText('staff.settings.page.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 720 }}>
        {staffText('staff.settings.page.intro')}
      </Typography.Paragraph>
      {problem ? <Alert type="error" showIcon title={problem} style={wide} /> : null}
      <DemoContentCard style={wide} />
      {currentStaff()?.role === 'owner' ? <ApiKeysCard style={wide} /> : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={toForm(current)}
        onFinish={(v) => void submit(v)}
        requiredMark={false}
        noValidate
        aria-label={staffText('staff.settings.page.form')}
      >
        <Card size="small" title={staffText('staff.settings.page.studio')} style={wide}>
          <Form.Item name="name" label={staffText('staff.settings.page.name')}>
            <Input autoComplete="organization" maxLength={100} />
          </Form.Item>
          <Form.Item name="address" label={staffText('staff.settings.page.address')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} autoComplete="street-address" maxLength={300} />
          </Form.Item>
          <Form.Item name="phone" label={staffText('staff.settings.page.phone')} extra={staffText('staff.settings.page.phoneHelp')}>
            <Input inputMode="tel" autoComplete="tel" />
          </Form.Item>
          <Form.Item name="whatsapp" label={staffText('staff.settings.page.whatsapp')} extra={staffText('staff.settings.page.whatsappHelp')}>
            <Input inputMode="tel" autoComplete="tel" />
          </Form.Item>
          <Form.Item name="email" label={staffText('staff.settings.page.email')}>
            <Input inputMode="email" autoComplete="email" />
          </Form.Item>
          <Form.Item name="mapUrl" label={staffText('staff.settings.page.mapUrl')}>
            <Input inputMode="url" autoComplete="url" placeholder={staffText('staff.settings.page.mapUrlPlaceholder')} />
          </Form.Item>
          <Form.Item name="timeZone" label={staffText('staff.settings.page.timeZone')} extra={staffText('staff.settings.page.timeZoneHelp')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Card>
        <Card size="small" title={staffText('staff.settings.page.social')} style={wide}>
          <Form.Item name={['social', 'instagram']} label={staffText('staff.settings.page.instagram')}>
            <Input inputMode="url" autoComplete="url" />
          </Form.Item>
          <Form.Item name={['social', 'facebook']} label={staffText('staff.settings.page.facebook')}>
            <Input inputMode="url" autoComplete="url" />
          </Form.Item>
          <Form.Item name={['social', 'linkedin']} label={staffText('staff.settings.page.linkedin')}>
            <Input inputMode="url" autoComplete="url" />
          </Form.Item>
        </Card>
        <Card size="small" title={staffText('staff.settings.page.notifications')} style={wide}>
          <Form.Item name="notifyEmails" label={staffText('staff.settings.page.notifyEmails')} extra={staffText('staff.settings.page.notifyEmailsHelp')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} autoComplete="off" />
          </Form.Item>
        </Card>
        <Card size="small" title={staffText('staff.settings.page.notices')} style={wide}>
          <Form.Item
            name={['notices', 'landing']}
            label={staffText('staff.settings.page.noticeLanding')}
            extra={staffText('staff.settings.page.noticeLandingHelp')}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={4000} />
          </Form.Item>
          <Form.Item name={['notices', 'contact']} label={staffText('staff.settings.page.noticeContact')}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={4000} />
          </Form.Item>
          {/* The Hindi pages' texts (decision 0027), marked as Hindi for spelling and screen readers. */}
          <Form.Item
            name={['noticesHi', 'landing']}
            label={staffText('staff.settings.page.noticeLandingHi')}
            extra={staffText('staff.settings.page.noticeHiHelp')}
          >
            <Input.TextArea lang="hi" autoSize={{ minRows: 3, maxRows: 10 }} maxLength={4000} />
          </Form.Item>
          <Form.Item name={['noticesHi', 'contact']} label={staffText('staff.settings.page.noticeContactHi')}>
            <Input.TextArea lang="hi" autoSize={{ minRows: 3, maxRows: 10 }} maxLength={4000} />
          </Form.Item>
        </Card>
        <Card size="small" title={staffText('staff.settings.page.retention')} style={wide}>
          <Form.Item name="retentionUnfinishedDays" label={staffText('staff.settings.page.retentionUnfinished')}>
            <InputNumber min={1} max={3650} precision={0} style={{ width: '100%', maxWidth: 200 }} />
          </Form.Item>
          <Form.Item name="retentionLeadDays" label={staffText('staff.settings.page.retentionLead')} extra={staffText('staff.settings.page.retentionLeadHelp')}>
            <InputNumber min={1} max={3650} precision={0} style={{ width: '100%', maxWidth: 200 }} />
          </Form.Item>
        </Card>
        <Card size="small" title={staffText('staff.settings.page.followUp')} style={wide}>
          <Form.Item name={['assignment', 'mode']} label={staffText('staff.settings.page.assignMode')}>
            <Select options={ASSIGN_MODES.map((m) => ({ value: m, label: staffText(MODE_LABELS[m]) }))} style={{ width: '100%', maxWidth: 360 }} />
          </Form.Item>
          <Form.List name={['assignment', 'rules']}>
            {(fields, { add, remove }) => (
              <Form.Item label={staffText('staff.settings.page.rules')}>
                {fields.map((field) => (
                  <Space key={field.key} wrap style={{ marginBottom: 8 }}>
                    <Form.Item name={[field.name, 'kind']} noStyle>
                      <Select
                        aria-label={staffText('staff.settings.page.ruleKind')}
                        style={{ width: 180, maxWidth: '100%' }}
                        options={ASSIGN_RULE_KINDS.map((k) => ({ value: k, label: staffText(KIND_LABELS[k]) }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} noStyle>
                      <Input
                        aria-label={staffText('staff.settings.page.ruleValue')}
                        placeholder={staffText('staff.settings.page.ruleValuePlaceholder')}
                        style={{ width: 170, maxWidth: '100%' }}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'staffId']} noStyle>
                      <Select
                        aria-label={staffText('staff.settings.page.ruleStaff')}
                        style={{ width: 170, maxWidth: '100%' }}
                        options={loaded.staff.map((p) => ({ value: p.id, label: p.name }))}
                      />
                    </Form.Item>
                    <Button onClick={() => remove(field.name)}>{staffText('staff.settings.page.removeRule')}</Button>
                  </Space>
                ))}
                <Button onClick={() => add({ kind: 'locality', value: '', staffId: loaded.staff[0]?.id ?? '' })}>
                  {staffText('staff.settings.page.addRule')}
                </Button>
              </Form.Item>
            )}
          </Form.List>
          <Form.Item
            name={['followUp', 'firstContactMinutes']}
            label={staffText('staff.settings.page.firstContact')}
            extra={staffText('staff.settings.page.firstContactHelp')}
          >
            <InputNumber min={1} max={10080} precision={0} style={{ width: '100%', maxWidth: 200 }} />
          </Form.Item>
          <Form.Item label={staffText('staff.settings.page.hours')}>
            {WEEKDAYS.map((d) => (
              <Space key={d} wrap style={{ display: 'flex', marginBottom: 4 }}>
                <span style={{ display: 'inline-block', width: 84 }}>{staffText(DAY_LABELS[d])}</span>
                <Form.Item name={['followUp', 'hours', d, 'start']} noStyle>
                  <Input type="time" aria-label={staffText('staff.settings.page.opens', { day: staffText(DAY_LABELS[d]) })} style={{ width: 'max-content' }} />
                </Form.Item>
                <Form.Item name={['followUp', 'hours', d, 'end']} noStyle>
                  <Input type="time" aria-label={staffText('staff.settings.page.closes', { day: staffText(DAY_LABELS[d]) })} style={{ width: 'max-content' }} />
                </Form.Item>
              </Space>
            ))}
          </Form.Item>
          <Form.Item name={['followUp', 'holidays']} label={staffText('staff.settings.page.holidays')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
          </Form.Item>
        </Card>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
          {staffText('staff.settings.page.save')}
        </Button>
      </Form>
    </>
  );
}

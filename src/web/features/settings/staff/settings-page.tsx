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
import { LoadFailed, loadPageData } from '#web/features/dashboard/page-data';

export async function loader({ request }: LoaderFunctionArgs) {
  // Issue 26: the people a rule can name (the page works without them).
  const staff = api.call(AUTH_ROUTES.staff, { signal: request.signal }).catch(() => []);
  const settings = await loadPageData(() => api.call(SETTINGS_ROUTES.read, { signal: request.signal }), 'The settings could not be loaded.');
  return { ...settings, staff: await staff };
}

const MODE_LABELS: Record<AssignmentSettings['mode'], string> = { off: 'Off: staff assign leads by hand', 'round-robin': 'Round-robin among those who take leads', rules: 'By rule, else round-robin' };
const KIND_LABELS: Record<AssignmentSettings['rules'][number]['kind'], string> = { campaign: 'Campaign id', locality: 'Locality in the answers', quotation: 'Request quotation' };
const DAY_LABELS: Record<Weekday, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

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
  retentionUnfinishedDays: number | null;
  retentionLeadDays: number | null;
  /** Issue 26. */
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
    retentionUnfinishedDays: settings.retentionUnfinishedDays,
    retentionLeadDays: settings.retentionLeadDays,
    assignment: { mode: settings.assignment.mode, rules: settings.assignment.rules.map((r) => ({ ...r })) },
    followUp: {
      firstContactMinutes: settings.followUp.firstContactMinutes,
      // A closed day shows empty times.
      hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { start: settings.followUp.hours[d]?.start ?? '', end: settings.followUp.hours[d]?.end ?? '' }])) as FormValues['followUp']['hours'],
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
  if ((first === 'social' || first === 'notices') && second) return [first, second] as FieldName;
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
        <PageMeta title="Settings" description="The studio’s details, who hears of new leads, and the notices its forms show." />
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          Settings
        </Typography.Title>
        <LoadFailed message={loaded.error} />
      </>
    );
  }
  const current = saved ?? loaded.data;

  async function submit(values: FormValues) {
    setProblem(null);
    // The last attempt's messages go; this one's come back below.
    form.setFields(form.getFieldsError().filter((f) => f.errors.length > 0).map((f) => ({ name: f.name as FieldName, errors: [] })));
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
        setProblem(errorMessage(e, 'The settings could not be saved. Please try again.'));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <PageMeta title="Settings" description="The studio’s details, who hears of new leads, and the notices its forms show." />
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        Settings
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 720 }}>
        What visitors see on the public pages and in e-mails, and who hears of new leads. A change shows at once on every page and in the next e-mail.
      </Typography.Paragraph>
      {problem ? <Alert type="error" showIcon title={problem} style={wide} /> : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={toForm(current)}
        onFinish={(v) => void submit(v)}
        requiredMark={false}
        noValidate
        aria-label="Studio settings"
      >
        <Card size="small" title="The studio" style={wide}>
          <Form.Item name="name" label="Studio name">
            <Input autoComplete="organization" maxLength={100} />
          </Form.Item>
          <Form.Item name="address" label="Address">
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} autoComplete="street-address" maxLength={300} />
          </Form.Item>
          <Form.Item name="phone" label="Phone" extra="With the country, or ten digits for an Indian number.">
            <Input inputMode="tel" autoComplete="tel" />
          </Form.Item>
          <Form.Item name="whatsapp" label="WhatsApp number" extra="Visitors continue a chat with the studio on this number.">
            <Input inputMode="tel" autoComplete="tel" />
          </Form.Item>
          <Form.Item name="email" label="E-mail">
            <Input inputMode="email" autoComplete="email" />
          </Form.Item>
          <Form.Item name="mapUrl" label="Map link">
            <Input inputMode="url" autoComplete="url" placeholder="https://maps.google.com/?q=…" />
          </Form.Item>
          <Form.Item name="timeZone" label="Time zone" extra="An IANA name, such as Asia/Kolkata.">
            <Input autoComplete="off" />
          </Form.Item>
        </Card>
        <Card size="small" title="Social links" style={wide}>
          <Form.Item name={['social', 'instagram']} label="Instagram">
            <Input inputMode="url" autoComplete="url" />
          </Form.Item>
          <Form.Item name={['social', 'facebook']} label="Facebook">
            <Input inputMode="url" autoComplete="url" />
          </Form.Item>
          <Form.Item name={['social', 'linkedin']} label="LinkedIn">
            <Input inputMode="url" autoComplete="url" />
          </Form.Item>
        </Card>
        <Card size="small" title="Notifications" style={wide}>
          <Form.Item name="notifyEmails" label="Who hears of new leads" extra="One e-mail address a line. Empty: every staff member.">
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} autoComplete="off" />
          </Form.Item>
        </Card>
        <Card size="small" title="Consent notices" style={wide}>
          <Form.Item name={['notices', 'landing']} label="Notice on the landing form" extra="What is collected, why, how to withdraw, whom to contact; link to /privacy.">
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={4000} />
          </Form.Item>
          <Form.Item name={['notices', 'contact']} label="Notice on the contact form">
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={4000} />
          </Form.Item>
        </Card>
        <Card size="small" title="Keeping data" style={wide}>
          <Form.Item name="retentionUnfinishedDays" label="Erase unfinished survey answers after (days)">
            <InputNumber min={1} max={3650} precision={0} style={{ width: '100%', maxWidth: 200 }} />
          </Form.Item>
          <Form.Item name="retentionLeadDays" label="Erase leads with no activity after (days)" extra="Empty: leads are kept until erased by hand.">
            <InputNumber min={1} max={3650} precision={0} style={{ width: '100%', maxWidth: 200 }} />
          </Form.Item>
        </Card>
        <Card size="small" title="New leads and follow-up" style={wide}>
          <Form.Item name={['assignment', 'mode']} label="Assign new leads">
            <Select options={ASSIGN_MODES.map((m) => ({ value: m, label: MODE_LABELS[m] }))} style={{ width: '100%', maxWidth: 360 }} />
          </Form.Item>
          <Form.List name={['assignment', 'rules']}>
            {(fields, { add, remove }) => (
              <Form.Item label="Rules (the first that matches names the person)">
                {fields.map((field) => (
                  <Space key={field.key} wrap style={{ marginBottom: 8 }}>
                    <Form.Item name={[field.name, 'kind']} noStyle>
                      <Select aria-label="Looks at" style={{ width: 180, maxWidth: '100%' }} options={ASSIGN_RULE_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} noStyle>
                      <Input aria-label="Matches" placeholder="Whitefield" style={{ width: 170, maxWidth: '100%' }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'staffId']} noStyle>
                      <Select aria-label="Goes to" style={{ width: 170, maxWidth: '100%' }} options={loaded.staff.map((p) => ({ value: p.id, label: p.name }))} />
                    </Form.Item>
                    <Button onClick={() => remove(field.name)}>Remove</Button>
                  </Space>
                ))}
                <Button onClick={() => add({ kind: 'locality', value: '', staffId: loaded.staff[0]?.id ?? '' })}>Add a rule</Button>
              </Form.Item>
            )}
          </Form.List>
          <Form.Item name={['followUp', 'firstContactMinutes']} label="First contact within (working minutes)" extra="A lead still new then: its assignee is reminded; at twice the time, the owners too.">
            <InputNumber min={1} max={10080} precision={0} style={{ width: '100%', maxWidth: 200 }} />
          </Form.Item>
          <Form.Item label="Working hours (empty: closed)">
            {WEEKDAYS.map((d) => (
              <Space key={d} wrap style={{ display: 'flex', marginBottom: 4 }}>
                <span style={{ display: 'inline-block', width: 84 }}>{DAY_LABELS[d]}</span>
                <Form.Item name={['followUp', 'hours', d, 'start']} noStyle>
                  <Input type="time" aria-label={`${DAY_LABELS[d]} opens`} style={{ width: 108 }} />
                </Form.Item>
                <Form.Item name={['followUp', 'hours', d, 'end']} noStyle>
                  <Input type="time" aria-label={`${DAY_LABELS[d]} closes`} style={{ width: 108 }} />
                </Form.Item>
              </Space>
            ))}
          </Form.Item>
          <Form.Item name={['followUp', 'holidays']} label="Holidays (YYYY-MM-DD, one per line)">
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
          </Form.Item>
        </Card>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
          Save settings
        </Button>
      </Form>
    </>
  );
}

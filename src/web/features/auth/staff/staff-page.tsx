import { Alert, App, Button, Card, Checkbox, Form, Input, Popconfirm, Radio, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { staffCreateSchema, type StaffCreateInput, type StaffMember, type StaffRole } from '#shared/auth/auth.contract';
import { PageMeta } from '#web/components/page-meta';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { LoadFailed, loadPageData, usePageReload } from '#web/features/dashboard/page-data';
import { addStaff, listStaff, sendStaffReset, updateStaff } from '../auth-api';

export function loader({ request }: LoaderFunctionArgs) {
  void request;
  return loadPageData(() => listStaff(), 'The staff list could not be loaded.');
}

const ROLE_LABELS: Record<StaffRole, string> = { owner: 'Owner', staff: 'Staff' };

interface AddValues {
  name: string;
  email: string;
  role: StaffRole;
  how: 'link' | 'generate';
}

/** Owners: who can sign in, with which role; add, reset, deactivate, change role (issue 24 §3). */
export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const people = loaded.data ?? [];
  const { reload } = usePageReload();
  const { message } = App.useApp();
  const [form] = Form.useForm<AddValues>();
  const [saving, setSaving] = useState(false);
  const [generated, setGenerated] = useState<{ email: string; password: string } | null>(null);

  async function run(action: () => Promise<{ message?: string } | StaffMember>, done: string) {
    try {
      const result = await action();
      void message.success('message' in result && result.message ? result.message : done);
      await reload();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  async function submit(values: AddValues) {
    const input: StaffCreateInput = { name: values.name, email: values.email, role: values.role, ...(values.how === 'generate' ? { password: 'generate' as const } : {}) };
    const parsed = staffCreateSchema.safeParse(input);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path[0] as keyof AddValues, errors: [i.message] })));
      return;
    }
    setSaving(true);
    try {
      const res = await addStaff(parsed.data);
      setGenerated(res.password ? { email: res.member.email, password: res.password } : null);
      void message.success(res.message);
      form.resetFields();
      await reload();
    } catch (e) {
      if (e instanceof ApiError && e.errors.length > 0) form.setFields(e.errors.map((f) => ({ name: f.field as keyof AddValues, errors: [f.message] })));
      else form.setFields([{ name: 'email', errors: [errorMessage(e)] }]);
    } finally {
      setSaving(false);
    }
  }

  const columns: TableColumnsType<StaffMember> = [
    {
      title: 'Name',
      dataIndex: 'name',
      render: (name: string, m) => (
        <>
          <div>{name}</div>
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {m.email}
          </Typography.Text>
        </>
      ),
    },
    {
      title: 'Role',
      dataIndex: 'role',
      width: 130,
      render: (role: StaffRole, m) => (
        <Select
          aria-label={`Role of ${m.name}`}
          value={role}
          style={{ width: 110 }}
          options={(['owner', 'staff'] as const).map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          onChange={(next) => void run(() => updateStaff(m.id, { role: next }), `${m.name} is now ${ROLE_LABELS[next].toLowerCase()}.`)}
        />
      ),
    },
    {
      title: 'Status',
      dataIndex: 'active',
      width: 110,
      render: (active: boolean) => (active ? <Typography.Text strong>Active</Typography.Text> : <Tag>Deactivated</Tag>),
    },
    {
      // Issue 26: who is given new leads (round-robin and rules), and who is away for now.
      title: 'New leads',
      key: 'leads',
      width: 150,
      render: (_: unknown, m) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <Checkbox
            checked={m.takesLeads}
            onChange={(e) => void run(() => updateStaff(m.id, { takesLeads: e.target.checked }), e.target.checked ? `${m.name} takes new leads.` : `${m.name} takes no new leads.`)}
          >
            Takes leads
          </Checkbox>
          <Checkbox checked={m.away} onChange={(e) => void run(() => updateStaff(m.id, { away: e.target.checked }), e.target.checked ? `${m.name} is away.` : `${m.name} is back.`)}>
            Away
          </Checkbox>
        </div>
      ),
    },
    { title: 'Added', dataIndex: 'createdAt', width: 110, responsive: ['md'], render: (at: string) => <time dateTime={at}>{dayjs(at).format('DD-MM-YYYY')}</time> },
    {
      title: 'Actions',
      key: 'actions',
      width: 220,
      render: (_: unknown, m) => (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          <Button size="small" onClick={() => void run(() => sendStaffReset(m.id), 'Reset link sent.')}>
            Send reset link
          </Button>
          {m.active ? (
            <Popconfirm
              title={`Deactivate ${m.name}?`}
              description="They are signed out at once and cannot log in."
              okText="Deactivate"
              onConfirm={() => void run(() => updateStaff(m.id, { active: false }), `${m.name} is deactivated.`)}
            >
              <Button size="small" danger>
                Deactivate
              </Button>
            </Popconfirm>
          ) : (
            <Button size="small" onClick={() => void run(() => updateStaff(m.id, { active: true }), `${m.name} is active again.`)}>
              Reactivate
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <PageMeta title="Staff" description="Who can sign in to the dashboard, and with which role." />
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        Staff
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 720 }}>
        Owners manage settings, staff and webhooks; staff work with leads, listings, campaigns and contact messages.
      </Typography.Paragraph>
      {loaded.error ? <LoadFailed message={loaded.error} /> : null}
      {generated ? (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setGenerated(null)}
          style={{ marginBottom: 16 }}
          title={`Password for ${generated.email}`}
          description={
            <>
              Give it to them now: it is not shown again. <Typography.Text code copyable>{generated.password}</Typography.Text>
            </>
          }
        />
      ) : null}
      <Card size="small" title="Add a person" style={{ marginBottom: 16 }}>
        <Form form={form} layout="vertical" initialValues={{ role: 'staff', how: 'link' }} onFinish={(v) => void submit(v)} requiredMark={false}>
          <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
            <Form.Item label="Name" name="name">
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item label="E-mail" name="email">
              <Input type="email" inputMode="email" autoComplete="off" />
            </Form.Item>
            <Form.Item label="Role" name="role">
              <Select options={(['staff', 'owner'] as const).map((r) => ({ value: r, label: ROLE_LABELS[r] }))} />
            </Form.Item>
          </div>
          <Form.Item label="Their password" name="how">
            <Radio.Group
              options={[
                { value: 'link', label: 'E-mail them a link to set it' },
                { value: 'generate', label: 'Make one and show it to me once' },
              ]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            Add
          </Button>
        </Form>
      </Card>
      <Table<StaffMember> rowKey="id" columns={columns} dataSource={people} pagination={false} scroll={{ x: 'max-content' }} aria-label="Staff" />
    </>
  );
}

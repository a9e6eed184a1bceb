import { Alert, App, Button, Card, Checkbox, Form, Input, Popconfirm, Radio, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { staffCreateSchema, type StaffCreateInput, type StaffMember, type StaffRole } from '#shared/auth/auth.contract';
import { PageMeta } from '#web/components/page-meta';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { LoadFailed, loadPageData, usePageReload } from '#web/lib/page-data';
import { staffText } from '#web/lib/staff-text';
import type { StaffMessageKey } from '#shared/i18n/messages/staff-en';
import { addStaff, listStaff, sendStaffReset, updateStaff } from '../auth-api';
import { formatDay } from '#web/lib/studio-time';

export function loader({ request }: LoaderFunctionArgs) {
  void request;
  return loadPageData(() => listStaff(), staffText('staff.settings.staff.loadFailed'));
}

const ROLE_LABELS: Record<StaffRole, StaffMessageKey> = { owner: 'staff.settings.staff.owner', staff: 'staff.settings.staff.staff' };

interface AddValues {
  name: string;
  email: string;
  role: StaffRole;
  how: 'link' | 'generate';
}

/** Owners: who can sign in, with which role; add, reset, deactivate, change role. */
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
    const input: StaffCreateInput = {
      name: values.name,
      email: values.email,
      role: values.role,
      ...(values.how === 'generate' ? { password: 'generate' as const } : {}),
    };
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
      title: staffText('staff.settings.staff.name'),
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
      title: staffText('staff.settings.staff.role'),
      dataIndex: 'role',
      width: 130,
      render: (role: StaffRole, m) => (
        <Select
          aria-label={staffText('staff.settings.staff.roleOf', { name: m.name })}
          value={role}
          style={{ width: 110 }}
          options={(['owner', 'staff'] as const).map((r) => ({ value: r, label: staffText(ROLE_LABELS[r]) }))}
          onChange={(next) =>
            void run(
              () => updateStaff(m.id, { role: next }),
              staffText('staff.settings.staff.nowRole', { name: m.name, role: staffText(ROLE_LABELS[next]).toLowerCase() }),
            )
          }
        />
      ),
    },
    {
      title: staffText('staff.settings.staff.status'),
      dataIndex: 'active',
      width: 110,
      render: (active: boolean) =>
        active ? (
          <Typography.Text strong>{staffText('staff.settings.staff.active')}</Typography.Text>
        ) : (
          <Tag>{staffText('staff.settings.staff.deactivated')}</Tag>
        ),
    },
    {
      // Who is given new leads (round-robin and rules), and who is away for now.
      title: staffText('staff.settings.staff.newLeads'),
      key: 'leads',
      width: 150,
      render: (_: unknown, m) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <Checkbox
            checked={m.takesLeads}
            onChange={(e) =>
              void run(
                () => updateStaff(m.id, { takesLeads: e.target.checked }),
                staffText(e.target.checked ? 'staff.settings.staff.takesLeadsDone' : 'staff.settings.staff.takesNoLeadsDone', { name: m.name }),
              )
            }
          >
            {staffText('staff.settings.staff.takesLeads')}
          </Checkbox>
          <Checkbox
            checked={m.away}
            onChange={(e) =>
              void run(
                () => updateStaff(m.id, { away: e.target.checked }),
                staffText(e.target.checked ? 'staff.settings.staff.awayDone' : 'staff.settings.staff.backDone', { name: m.name }),
              )
            }
          >
            {staffText('staff.settings.staff.away')}
          </Checkbox>
        </div>
      ),
    },
    {
      title: staffText('staff.settings.staff.added'),
      dataIndex: 'createdAt',
      width: 110,
      responsive: ['md'],
      render: (at: string) => <time dateTime={at}>{formatDay(at)}</time>,
    },
    {
      title: staffText('staff.settings.staff.actions'),
      key: 'actions',
      width: 220,
      render: (_: unknown, m) => (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          <Button size="small" onClick={() => void run(() => sendStaffReset(m.id), staffText('staff.settings.staff.resetSent'))}>
            {staffText('staff.settings.staff.sendReset')}
          </Button>
          {m.active ? (
            <Popconfirm
              title={staffText('staff.settings.staff.confirmDeactivate', { name: m.name })}
              description={staffText('staff.settings.staff.confirmDeactivateHelp')}
              okText={staffText('staff.settings.staff.deactivate')}
              onConfirm={() => void run(() => updateStaff(m.id, { active: false }), staffText('staff.settings.staff.deactivatedDone', { name: m.name }))}
            >
              <Button size="small" danger>
                {staffText('staff.settings.staff.deactivate')}
              </Button>
            </Popconfirm>
          ) : (
            <Button
              size="small"
              onClick={() => void run(() => updateStaff(m.id, { active: true }), staffText('staff.settings.staff.reactivatedDone', { name: m.name }))}
            >
              {staffText('staff.settings.staff.reactivate')}
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <PageMeta title={staffText('staff.settings.staff.title')} description={staffText('staff.settings.staff.description')} />
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {staffText('staff.settings.staff.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 720 }}>
        {staffText('staff.settings.staff.intro')}
      </Typography.Paragraph>
      {loaded.error ? <LoadFailed message={loaded.error} forbidden={loaded.forbidden} /> : null}
      {generated ? (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setGenerated(null)}
          style={{ marginBottom: 16 }}
          title={staffText('staff.settings.staff.passwordFor', { email: generated.email })}
          description={
            <>
              {staffText('staff.settings.staff.passwordOnce')}
              <Typography.Text code copyable>
                {generated.password}
              </Typography.Text>
            </>
          }
        />
      ) : null}
      <Card size="small" title={staffText('staff.settings.staff.add')} style={{ marginBottom: 16 }}>
        <Form form={form} layout="vertical" initialValues={{ role: 'staff', how: 'link' }} onFinish={(v) => void submit(v)} requiredMark={false}>
          <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
            <Form.Item label={staffText('staff.settings.staff.name')} name="name">
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item label={staffText('staff.settings.staff.email')} name="email">
              <Input type="email" inputMode="email" autoComplete="off" />
            </Form.Item>
            <Form.Item label={staffText('staff.settings.staff.role')} name="role">
              <Select options={(['staff', 'owner'] as const).map((r) => ({ value: r, label: staffText(ROLE_LABELS[r]) }))} />
            </Form.Item>
          </div>
          <Form.Item label={staffText('staff.settings.staff.password')} name="how">
            <Radio.Group
              options={[
                { value: 'link', label: staffText('staff.settings.staff.passwordLink') },
                { value: 'generate', label: staffText('staff.settings.staff.passwordGenerate') },
              ]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {staffText('staff.settings.staff.addButton')}
          </Button>
        </Form>
      </Card>
      <Table<StaffMember>
        rowKey="id"
        columns={columns}
        dataSource={people}
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label={staffText('staff.settings.staff.table')}
      />
    </>
  );
}

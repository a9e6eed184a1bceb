import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { changeEmailSchema, changePasswordSchema } from '#shared/auth/auth.contract';
import { PageMeta } from '#web/components/page-meta';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { currentStaff, setToken } from '#web/lib/auth-token';
import { staffText } from '#web/lib/staff-text';
import { changeEmail, changePassword } from '../auth-api';

/** The signed-in person's own password and e-mail; each change needs the current password. */
export function Component() {
  const { message } = App.useApp();
  const [passwordForm] = Form.useForm<{ current: string; next: string }>();
  const [emailForm] = Form.useForm<{ email: string; current: string }>();
  const [busy, setBusy] = useState<'password' | 'email' | null>(null);
  const me = currentStaff();

  // A message set after a send (the server's, or the schema's) is about the value sent: it goes once the field is typed in again.
  const clearOnEdit = (form: { setFields: (fields: Array<{ name: never; errors: string[] }>) => void }) => (changed: object) =>
    form.setFields(Object.keys(changed).map((name) => ({ name: name as never, errors: [] })));

  async function save<V extends object>(
    kind: 'password' | 'email',
    form: ReturnType<typeof Form.useForm<V>>[0],
    call: () => Promise<{ message: string; token: string }>,
  ) {
    setBusy(kind);
    try {
      const res = await call();
      // The change refuses every older token: keep signed in with the new one.
      setToken(res.token);
      void message.success(res.message);
      form.resetFields();
    } catch (e) {
      if (e instanceof ApiError && e.errors.length > 0) form.setFields(e.errors.map((f) => ({ name: f.field as never, errors: [f.message] })));
      else void message.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <PageMeta title={staffText('staff.settings.account.title')} description={staffText('staff.settings.account.description')} />
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {staffText('staff.settings.account.title')}
      </Typography.Title>
      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', maxWidth: 900 }}>
        <Card size="small" title={staffText('staff.settings.account.changePassword')}>
          <Form
            form={passwordForm}
            layout="vertical"
            requiredMark={false}
            onValuesChange={clearOnEdit(passwordForm)}
            onFinish={(v) => {
              const parsed = changePasswordSchema.safeParse(v);
              if (!parsed.success) return passwordForm.setFields(parsed.error.issues.map((i) => ({ name: i.path[0] as 'current', errors: [i.message] })));
              void save('password', passwordForm, () => changePassword(parsed.data.current, parsed.data.next));
            }}
          >
            <Form.Item label={staffText('staff.settings.account.currentPassword')} name="current">
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item label={staffText('staff.settings.account.newPassword')} name="next">
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy === 'password'}>
              {staffText('staff.settings.account.changePassword')}
            </Button>
          </Form>
        </Card>
        <Card size="small" title={staffText('staff.settings.account.changeEmail')}>
          <Typography.Paragraph type="secondary">{staffText('staff.settings.account.now', { email: me?.email ?? '' })}</Typography.Paragraph>
          <Form
            form={emailForm}
            layout="vertical"
            requiredMark={false}
            onValuesChange={clearOnEdit(emailForm)}
            onFinish={(v) => {
              const parsed = changeEmailSchema.safeParse(v);
              if (!parsed.success) return emailForm.setFields(parsed.error.issues.map((i) => ({ name: i.path[0] as 'email', errors: [i.message] })));
              void save('email', emailForm, () => changeEmail(parsed.data.email, parsed.data.current));
            }}
          >
            <Form.Item label={staffText('staff.settings.account.newEmail')} name="email">
              <Input type="email" inputMode="email" autoComplete="email" />
            </Form.Item>
            <Form.Item label={staffText('staff.settings.account.currentPassword')} name="current">
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy === 'email'}>
              {staffText('staff.settings.account.changeEmail')}
            </Button>
          </Form>
        </Card>
      </div>
    </>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { leadCreateInput, NOTE_MAX } from '#shared/leads/leads.contract';
import { leadPath } from '#shared/paths';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { staffText } from '#web/lib/staff-text';
import { addLead } from '../leads-api';

type Fields = { name?: string; email?: string; phone?: string; message?: string };

/**
 * Staff "Add lead": a name, an e-mail, a phone (any spelling; kept in E.164) and a note.
 * The server checks the same rules (leadCreateInput) and answers the person's lead when they are
 * already known by the e-mail or the phone; the page then opens that lead.
 */
export function AddLeadButton() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Fields>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(values: Fields) {
    const parsed = leadCreateInput.safeParse(values);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: String(i.path[0]) as keyof Fields, errors: [i.message] })));
      return;
    }
    setBusy(true);
    try {
      const res = await addLead(values);
      void message.success(res.message);
      setOpen(false);
      form.resetFields();
      await navigate(leadPath(res.lead._id));
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0)
        form.setFields(error.errors.map((e) => ({ name: e.field as keyof Fields, errors: [e.message] })));
      else void message.error(errorMessage(error, staffText('staff.leads.add.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        {staffText('staff.leads.add.open')}
      </Button>
      <Modal
        open={open}
        title={staffText('staff.leads.add.title')}
        okText={staffText('staff.leads.add.submit')}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p className="leads-muted">{staffText('staff.leads.add.hint')}</p>
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
          <Form.Item name="name" label={staffText('staff.leads.add.name')}>
            <Input autoComplete="off" maxLength={200} />
          </Form.Item>
          <Form.Item name="email" label={staffText('staff.leads.add.email')}>
            <Input type="email" inputMode="email" autoComplete="off" />
          </Form.Item>
          <Form.Item name="phone" label={staffText('staff.leads.add.phone')}>
            <Input type="tel" inputMode="tel" autoComplete="off" placeholder="98450 12345" />
          </Form.Item>
          <Form.Item name="message" label={staffText('staff.leads.add.message')}>
            <Input.TextArea rows={3} maxLength={NOTE_MAX} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

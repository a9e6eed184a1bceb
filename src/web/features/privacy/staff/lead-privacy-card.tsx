import { formatPhone, toE164 } from '#shared/phone';
import { DeleteOutlined, DownloadOutlined, PhoneOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '#shared/paths';
import { PRIVACY_ROUTES } from '#shared/privacy/privacy.api';
import { api, errorMessage } from '#web/lib/api-client';
import { staffText } from '#web/lib/staff-text';

/**
 * Owners, on a lead's page: download everything held about the person (JSON), or
 * erase them after typing their e-mail or name. The server refuses both to anyone but an owner.
 */
export function LeadPrivacyCard({ lead }: { lead: { _id: string; email: string | null; name: string | null; phone: string | null } }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState<'export' | 'erase' | 'record' | null>(null);
  // A person known by phone only asks by phone; the owner who took the call records it.
  const [phoneRequest, setPhoneRequest] = useState<'export' | 'erase' | null>(null);
  const inputId = useId();
  // A lead known by phone only is confirmed by its phone, typed any way.
  const address = lead.email ?? (lead.phone ? formatPhone(lead.phone) : '');
  const who = lead.name ?? address;
  const typedPhone = toE164(typed);
  const matches =
    [lead.email ?? '', lead.name ?? ''].some((v) => v !== '' && typed.trim().toLowerCase() === v.trim().toLowerCase()) ||
    (lead.email === null && lead.phone !== null && typedPhone !== null && typedPhone === toE164(lead.phone));

  async function download() {
    setBusy('export');
    try {
      const data = await api.call(PRIVACY_ROUTES.export, { params: [lead._id] });
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `person-${lead._id}.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      void message.error(errorMessage(error, staffText('staff.leads.privacy.downloadFailed')));
    } finally {
      setBusy(null);
    }
  }

  async function erase() {
    setBusy('erase');
    try {
      const res = await api.call(PRIVACY_ROUTES.erase, { params: [lead._id] });
      void message.success(res.message);
      setOpen(false);
      void navigate(paths.leads);
    } catch (error) {
      void message.error(errorMessage(error, staffText('staff.leads.privacy.eraseFailed')));
    } finally {
      setBusy(null);
    }
  }

  async function recordByPhone(kind: 'export' | 'erase') {
    setBusy('record');
    try {
      const res = await api.call(PRIVACY_ROUTES.byPhone, { body: { leadId: lead._id, kind } });
      void message.success(res.message);
      setPhoneRequest(null);
    } catch (error) {
      void message.error(errorMessage(error, staffText('staff.leads.privacy.phone.failed')));
    } finally {
      setBusy(null);
    }
  }

  const phoneOnly = lead.email === null && lead.phone !== null;

  return (
    <Card title={<h2 className="lead-card-title">{staffText('staff.leads.privacy.title')}</h2>} size="small">
      <Typography.Paragraph type="secondary">{staffText('staff.leads.privacy.intro')}</Typography.Paragraph>
      <div className="lead-actions">
        <Button icon={<DownloadOutlined />} onClick={() => void download()} loading={busy === 'export'}>
          {staffText('staff.leads.privacy.download')}
        </Button>
        <Button danger icon={<DeleteOutlined />} onClick={() => setOpen(true)}>
          {staffText('staff.leads.privacy.erase')}
        </Button>
      </div>
      {phoneOnly ? (
        <section aria-labelledby={`${inputId}-phone`} className="lead-privacy-phone">
          <h3 id={`${inputId}-phone`} className="lead-card-subtitle">
            {staffText('staff.leads.privacy.phone.title')}
          </h3>
          <Typography.Paragraph type="secondary">{staffText('staff.leads.privacy.phone.intro')}</Typography.Paragraph>
          <div className="lead-actions">
            <Button icon={<PhoneOutlined />} onClick={() => setPhoneRequest('export')}>
              {staffText('staff.leads.privacy.phone.copy')}
            </Button>
            <Button icon={<PhoneOutlined />} onClick={() => setPhoneRequest('erase')}>
              {staffText('staff.leads.privacy.phone.erasure')}
            </Button>
          </div>
        </section>
      ) : null}
      <Modal
        open={phoneRequest !== null}
        title={staffText(phoneRequest === 'erase' ? 'staff.leads.privacy.phone.erasureTitle' : 'staff.leads.privacy.phone.copyTitle', { name: who })}
        okText={staffText('staff.leads.privacy.phone.ok')}
        okButtonProps={{ loading: busy === 'record' }}
        onOk={() => phoneRequest && void recordByPhone(phoneRequest)}
        onCancel={() => setPhoneRequest(null)}
        destroyOnHidden
      >
        <p>{staffText('staff.leads.privacy.phone.confirm', { name: who, phone: address })}</p>
      </Modal>
      <Modal
        open={open}
        title={staffText('staff.leads.privacy.eraseTitle', { name: who })}
        okText={staffText('staff.leads.privacy.eraseOk')}
        okButtonProps={{ danger: true, disabled: !matches, loading: busy === 'erase' }}
        onOk={() => void erase()}
        onCancel={() => {
          setOpen(false);
          setTyped('');
        }}
        destroyOnHidden
      >
        <p>{staffText('staff.leads.privacy.eraseWarning', { name: who })}</p>
        <label htmlFor={inputId}>
          {staffText(
            lead.email === null
              ? lead.name
                ? 'staff.leads.privacy.typePhoneOrName'
                : 'staff.leads.privacy.typePhone'
              : lead.name
                ? 'staff.leads.privacy.typeEmailOrName'
                : 'staff.leads.privacy.typeEmail',
          )}
          <strong>{address}</strong>
        </label>
        <Input id={inputId} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
      </Modal>
    </Card>
  );
}

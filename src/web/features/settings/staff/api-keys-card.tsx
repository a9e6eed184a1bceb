import { DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Input, Popconfirm, Tag, Typography } from 'antd';
import { useEffect, useId, useState, type CSSProperties, type FormEvent } from 'react';
import { API_KEYS_ROUTES, INBOUND_API, type ApiKeyItem } from '#shared/inbound/inbound.contract';
import { api, errorMessage } from '#web/lib/api-client';
import { formatDateTime } from '#web/lib/studio-time';
import { staffText } from '#web/lib/staff-text';
import './api-keys.css';

/**
 * "Leads by API" (owners): the keys portals and other tools send leads with
 * (POST /api/inbound/leads). A new key is shown once, with a copy button; a key can be revoked.
 * The server refuses every call here to anyone but an owner; the settings page shows the card to owners only.
 */
export function ApiKeysCard({ style }: { style?: CSSProperties }) {
  const { message } = App.useApp();
  const [keys, setKeys] = useState<ApiKeyItem[] | null>(null);
  const [loadFailed, setLoadFailed] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const nameId = useId();

  function load(signal?: AbortSignal): Promise<void> {
    return api.call(API_KEYS_ROUTES.list, signal ? { signal } : {}).then(
      (answer) => {
        setKeys(answer.items);
        setLoadFailed(null);
      },
      (e: unknown) => {
        if (!signal?.aborted) setLoadFailed(errorMessage(e, staffText('staff.settings.apiKeys.loadFailed')));
      },
    );
  }

  useEffect(() => {
    const aborted = new AbortController();
    api.call(API_KEYS_ROUTES.list, { signal: aborted.signal }).then(
      (answer) => setKeys(answer.items),
      (e: unknown) => {
        if (!aborted.signal.aborted) setLoadFailed(errorMessage(e, staffText('staff.settings.apiKeys.loadFailed')));
      },
    );
    return () => aborted.abort();
  }, []);

  async function create(event: FormEvent) {
    event.preventDefault();
    const wanted = name.trim();
    if (!wanted) {
      setNameError(staffText('staff.settings.apiKeys.nameRequired'));
      return;
    }
    setCreating(true);
    setNameError(null);
    try {
      const answer = await api.call(API_KEYS_ROUTES.create, { body: { name: wanted } });
      setCreated({ name: wanted, key: answer.key });
      setName('');
      await load();
    } catch (e) {
      setNameError(errorMessage(e, staffText('staff.settings.apiKeys.createFailed')));
    } finally {
      setCreating(false);
    }
  }

  async function revoke(key: ApiKeyItem) {
    setRevoking(key._id);
    try {
      const answer = await api.call(API_KEYS_ROUTES.revoke, { params: [key._id] });
      void message.success(answer.message);
      await load();
    } catch (e) {
      void message.error(errorMessage(e, staffText('staff.settings.apiKeys.revokeFailed')));
    } finally {
      setRevoking(null);
    }
  }

  return (
    <Card size="small" title={<h2 className="settings-card-title">{staffText('staff.settings.apiKeys.title')}</h2>} style={style} data-testid="api-keys-card">
      <Typography.Paragraph type="secondary">{staffText('staff.settings.apiKeys.intro', { path: INBOUND_API.leads })}</Typography.Paragraph>
      {created ? (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setCreated(null)}
          title={staffText('staff.settings.apiKeys.created', { name: created.name })}
          description={
            <>
              <Typography.Paragraph strong>{staffText('staff.settings.apiKeys.shownOnce')}</Typography.Paragraph>
              <Typography.Text
                code
                copyable={{ text: created.key, tooltips: [staffText('staff.settings.apiKeys.copy'), staffText('staff.settings.apiKeys.copied')] }}
                style={{ overflowWrap: 'anywhere', wordBreak: 'break-all' }}
                data-testid="api-key-value"
              >
                {created.key}
              </Typography.Text>
            </>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <form onSubmit={(e) => void create(e)} noValidate className="api-keys-form">
        <label htmlFor={nameId}>{staffText('staff.settings.apiKeys.name')}</label>
        <div className="api-keys-form__row">
          <Input
            id={nameId}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            placeholder={staffText('staff.settings.apiKeys.namePlaceholder')}
            autoComplete="off"
            status={nameError ? 'error' : undefined}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${nameId}-error` : undefined}
          />
          <Button type="primary" htmlType="submit" icon={<KeyOutlined />} loading={creating}>
            {staffText('staff.settings.apiKeys.create')}
          </Button>
        </div>
        {nameError ? (
          <Typography.Text type="danger" id={`${nameId}-error`} role="alert">
            {nameError}
          </Typography.Text>
        ) : null}
      </form>
      {loadFailed ? (
        <Typography.Text type="danger" role="alert">
          {loadFailed}
        </Typography.Text>
      ) : keys === null ? null : keys.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {staffText('staff.settings.apiKeys.none')}
        </Typography.Paragraph>
      ) : (
        <ul className="api-keys-list" aria-label={staffText('staff.settings.apiKeys.listLabel')}>
          {keys.map((key) => (
            <li key={key._id} className="api-keys-list__item">
              <span className="api-keys-list__name">
                <strong>{key.name}</strong> <Typography.Text code>{`${key.prefix}…`}</Typography.Text>
                {key.revokedAt ? <Tag>{staffText('staff.settings.apiKeys.revoked')}</Tag> : null}
              </span>
              <span className="api-keys-list__meta">
                {staffText('staff.settings.apiKeys.createdBy', { when: formatDateTime(key.createdAt), name: key.createdBy })}
              </span>
              <span className="api-keys-list__meta">
                {key.lastUsedAt
                  ? staffText('staff.settings.apiKeys.lastUsed', { when: formatDateTime(key.lastUsedAt) })
                  : staffText('staff.settings.apiKeys.neverUsed')}
              </span>
              {key.revokedAt ? (
                <span className="api-keys-list__meta">{staffText('staff.settings.apiKeys.revokedAt', { when: formatDateTime(key.revokedAt) })}</span>
              ) : (
                <Popconfirm
                  title={staffText('staff.settings.apiKeys.revokeConfirm', { name: key.name })}
                  description={staffText('staff.settings.apiKeys.revokeWarning')}
                  okText={staffText('staff.settings.apiKeys.revokeOk')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => revoke(key)}
                >
                  <Button
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    loading={revoking === key._id}
                    aria-label={staffText('staff.settings.apiKeys.revokeLabel', { name: key.name })}
                  >
                    {staffText('staff.settings.apiKeys.revoke')}
                  </Button>
                </Popconfirm>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

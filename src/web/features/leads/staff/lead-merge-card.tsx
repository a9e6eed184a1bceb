import { App, Button, Card, Descriptions, Input, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { LeadDetail, LeadListItem } from '#shared/leads/leads.contract';
import { leadPath } from '#shared/paths';
import { formatPhone } from '#shared/phone';
import { errorMessage } from '#web/lib/api-client';
import { formatDateTime } from '#web/lib/studio-time';
import { staffText } from '#web/lib/staff-text';
import { fetchLeads, mergeLead, unmergeLead } from '../leads-api';
import { leadName, leadSourcesText } from './lead-format';

type Side = Pick<LeadListItem, '_id' | 'name' | 'email' | 'phone' | 'status' | 'sources' | 'createdAt' | 'lastActivityAt'> & { origin?: string | null };

/** What each lead holds, side by side, before a merge. */
function Holds({ lead, title }: { lead: Side; title: string }) {
  return (
    <Descriptions column={1} size="small" bordered title={<span>{title}</span>}>
      <Descriptions.Item label={staffText('staff.leads.add.name')}>{lead.name ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={staffText('staff.leads.add.email')}>{lead.email ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={staffText('staff.leads.add.phone')}>{lead.phone ? formatPhone(lead.phone) : '—'}</Descriptions.Item>
      <Descriptions.Item label={staffText('staff.leads.lead.sources')}>{leadSourcesText(lead) || '—'}</Descriptions.Item>
      <Descriptions.Item label={staffText('staff.leads.lead.firstSeen')}>{formatDateTime(lead.createdAt)}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * on a lead's page: "Possible duplicate of …" (links), and "Merge into …": find the lead
 * to keep, compare what each holds, merge; the message offers Undo (the server allows 30 days).
 */
export function LeadMergeCard({ lead }: { lead: LeadDetail }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<LeadListItem[] | null>(null);
  const [into, setInto] = useState<Side | null>(null);
  const [busy, setBusy] = useState(false);

  async function search(q: string) {
    setQuery(q);
    if (!q.trim()) return setFound(null);
    try {
      const list = await fetchLeads({ q: q.trim() }, { limit: 10, offset: 0 });
      setFound(list.items.filter((i) => i._id !== lead._id));
    } catch (error) {
      void message.error(errorMessage(error, staffText('staff.leads.merge.failed')));
    }
  }

  async function merge() {
    if (!into) return;
    setBusy(true);
    try {
      const res = await mergeLead(lead._id, into._id);
      setInto(null);
      const key = `merge-${res.mergeId}`;
      void message.success({
        key,
        duration: 10,
        content: (
          <span>
            {staffText('staff.leads.merge.done')}{' '}
            <Button
              size="small"
              type="link"
              onClick={() => {
                void unmergeLead(res.mergeId).then(
                  (undone) => {
                    message.destroy(key);
                    void message.success(undone.message);
                    void navigate(leadPath(lead._id));
                  },
                  (error: unknown) => void message.error(errorMessage(error, staffText('staff.leads.merge.failed'))),
                );
              }}
            >
              {staffText('staff.leads.merge.undo')}
            </Button>
          </span>
        ),
      });
      await navigate(leadPath(res.lead._id));
    } catch (error) {
      void message.error(errorMessage(error, staffText('staff.leads.merge.failed')));
    } finally {
      setBusy(false);
    }
  }

  const duplicates = lead.possibleDuplicates;
  return (
    <Card title={<h2 className="lead-card-title">{staffText('staff.leads.merge.title')}</h2>} size="small">
      {duplicates.length > 0 ? (
        <div role="note" className="lead-duplicates">
          <Typography.Text strong>{staffText('staff.leads.duplicates.title', { names: duplicates.map((d) => leadName(d)).join(', ') })}</Typography.Text>
          <p className="leads-muted">{staffText('staff.leads.duplicates.hint')}</p>
          {duplicates.map((d) => (
            <Button
              key={d._id}
              onClick={() =>
                setInto({
                  ...d,
                  status: 'new',
                  sources: [],
                  createdAt: lead.createdAt,
                  lastActivityAt: lead.lastActivityAt,
                  ...(found?.find((f) => f._id === d._id) ?? {}),
                })
              }
            >
              {staffText('staff.leads.merge.into', { name: leadName(d) })}
            </Button>
          ))}
        </div>
      ) : null}
      <p className="leads-muted">{staffText('staff.leads.merge.hint')}</p>
      <Input.Search
        aria-label={staffText('staff.leads.merge.search')}
        placeholder={staffText('staff.leads.merge.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onSearch={(q) => void search(q)}
        allowClear
      />
      {found !== null ? (
        <List
          size="small"
          locale={{ emptyText: staffText('staff.leads.merge.none') }}
          dataSource={found}
          renderItem={(item) => (
            <List.Item>
              <Button type="link" onClick={() => setInto(item)}>
                {staffText('staff.leads.merge.into', { name: leadName(item) })}
              </Button>
              <span className="leads-muted">{[item.email, item.phone ? formatPhone(item.phone) : null].filter(Boolean).join(' · ')}</span>
            </List.Item>
          )}
        />
      ) : null}
      <Modal
        open={into !== null}
        title={into ? staffText('staff.leads.merge.compare', { from: leadName(lead), into: leadName(into) }) : ''}
        okText={staffText('staff.leads.merge.confirm')}
        onOk={() => void merge()}
        confirmLoading={busy}
        onCancel={() => setInto(null)}
        width={720}
        destroyOnHidden
      >
        {into ? (
          <div className="lead-merge-sides">
            <Holds lead={lead} title={staffText('staff.leads.merge.thisLead')} />
            <Holds lead={into} title={staffText('staff.leads.merge.keptLead')} />
          </div>
        ) : null}
      </Modal>
    </Card>
  );
}

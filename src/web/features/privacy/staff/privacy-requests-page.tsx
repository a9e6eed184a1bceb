import { Card, Empty, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { leadPath } from '#shared/paths';
import { PRIVACY_ROUTES } from '#shared/privacy/privacy.api';
import type { PrivacyRequestItem } from '#shared/privacy/privacy-requests';
import { PageMeta } from '#web/components/page-meta';
import { LoadFailed } from '#web/lib/page-data';
import { api, ApiError, errorMessage } from '#web/lib/api-client';
import { staffText } from '#web/lib/staff-text';

/** /dashboard/privacy-requests (owners): confirmed requests still open, oldest first, with their age. */
export function Component() {
  const [rows, setRows] = useState<PrivacyRequestItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Staff who are not owners (the server answers 403): the page says it is for owners (LoadFailed).
  const [forbidden, setForbidden] = useState(false);
  useEffect(() => {
    api.call(PRIVACY_ROUTES.openRequests).then(setRows, (e: unknown) => {
      setForbidden(e instanceof ApiError && e.status === 403);
      setError(errorMessage(e));
    });
  }, []);
  return (
    <div>
      <PageMeta title={staffText('staff.leads.privacy.requests.title')} description={staffText('staff.leads.privacy.requests.description')} />
      <Typography.Title level={1}>{staffText('staff.leads.privacy.requests.title')}</Typography.Title>
      <Card size="small">
        {error && forbidden ? (
          <LoadFailed message={error} forbidden />
        ) : error ? (
          <Typography.Text type="danger">{error}</Typography.Text>
        ) : (
          <Table<PrivacyRequestItem>
            rowKey="_id"
            loading={rows === null}
            dataSource={rows ?? []}
            pagination={false}
            locale={{ emptyText: <Empty description={staffText('staff.leads.privacy.requests.none')} /> }}
            columns={[
              {
                title: staffText('staff.leads.privacy.requests.askedFor'),
                dataIndex: 'kind',
                render: (k: string) => staffText(k === 'erase' ? 'staff.leads.privacy.requests.erasure' : 'staff.leads.privacy.requests.copy'),
              },
              {
                title: staffText('staff.leads.privacy.requests.age'),
                dataIndex: 'ageDays',
                render: (d: number) =>
                  d === 0 ? staffText('staff.leads.privacy.requests.today') : staffText('staff.leads.privacy.requests.days', { days: d }),
              },
              {
                // From the mailed link, or by phone (a person known by phone only) and by whom.
                title: staffText('staff.leads.privacy.requests.confirmed'),
                key: 'confirmed',
                render: (_: unknown, r: PrivacyRequestItem) =>
                  r.confirmedVia === 'phone'
                    ? staffText('staff.leads.privacy.requests.byPhone', { name: r.confirmedBy ?? '' })
                    : staffText('staff.leads.privacy.requests.byLink'),
              },
              {
                title: staffText('staff.leads.privacy.requests.person'),
                dataIndex: 'leadId',
                render: (id: string | null) =>
                  id ? <Link to={leadPath(id)}>{staffText('staff.leads.privacy.requests.openLead')}</Link> : staffText('staff.leads.privacy.requests.unknown'),
              },
            ]}
          />
        )}
      </Card>
    </div>
  );
}

import { Card, Empty, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { leadPath } from '#shared/paths';
import { PRIVACY_ROUTES } from '#shared/privacy/privacy.api';
import type { PrivacyRequestItem } from '#shared/privacy/privacy-requests';
import { PageMeta } from '#web/components/page-meta';
import { api, errorMessage } from '#web/lib/api-client';

/** /dashboard/privacy-requests (owners, issue 24 §6): confirmed requests still open, oldest first, with their age. */
export function Component() {
  const [rows, setRows] = useState<PrivacyRequestItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.call(PRIVACY_ROUTES.openRequests).then(setRows, (e: unknown) => setError(errorMessage(e)));
  }, []);
  return (
    <div>
      <PageMeta title="Privacy requests" description="Requests from people for a copy or erasure of their data." />
      <Typography.Title level={1}>Privacy requests</Typography.Title>
      <Card size="small">
        {error ? (
          <Typography.Text type="danger">{error}</Typography.Text>
        ) : (
          <Table<PrivacyRequestItem>
            rowKey="_id"
            loading={rows === null}
            dataSource={rows ?? []}
            pagination={false}
            locale={{ emptyText: <Empty description="No open requests." /> }}
            columns={[
              { title: 'Asked for', dataIndex: 'kind', render: (k: string) => (k === 'erase' ? 'Erasure' : 'A copy of their data') },
              { title: 'Age', dataIndex: 'ageDays', render: (d: number) => (d === 0 ? 'Today' : `${d} day${d === 1 ? '' : 's'}`) },
              { title: 'Person', dataIndex: 'leadId', render: (id: string | null) => (id ? <Link to={leadPath(id)}>Open the lead</Link> : 'Not known to us') },
            ]}
          />
        )}
      </Card>
    </div>
  );
}

import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Typography } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { DEMO_ROUTES, type DemoCounts } from '#shared/demo/demo.contract';
import { api, errorMessage } from '#web/lib/api-client';
import { staffText } from '#web/lib/staff-text';

const anyLeft = (c: DemoCounts | null) => c !== null && c.listings + c.campaigns + c.staff + c.leads > 0;

/** Going live (owners): what the first start's demo left, removed in one step. Hidden when none is left (or for staff, who may not see it). */
export function DemoContentCard({ style }: { style?: CSSProperties }) {
  const { message } = App.useApp();
  const [counts, setCounts] = useState<DemoCounts | null>(null);
  const [removing, setRemoving] = useState(false);

  useEffect(() => {
    const aborted = new AbortController();
    api.call(DEMO_ROUTES.counts, { signal: aborted.signal }).then(setCounts, () => setCounts(null));
    return () => aborted.abort();
  }, []);

  if (!anyLeft(counts)) return null;

  async function remove() {
    setRemoving(true);
    try {
      const answer = await api.call(DEMO_ROUTES.remove);
      void message.success(answer.message);
      for (const kept of answer.kept) void message.info(kept);
      setCounts(await api.call(DEMO_ROUTES.counts));
    } catch (e) {
      void message.error(errorMessage(e, staffText('staff.settings.demo.failed')));
    } finally {
      setRemoving(false);
    }
  }

  return (
    <Card size="small" title={staffText('staff.settings.demo.title')} style={style}>
      <Typography.Paragraph>
        {staffText('staff.settings.demo.intro', { listings: counts!.listings, campaigns: counts!.campaigns, staff: counts!.staff, leads: counts!.leads })}
      </Typography.Paragraph>
      <Popconfirm
        title={staffText('staff.settings.demo.confirm')}
        okText={staffText('staff.settings.demo.confirmOk')}
        okButtonProps={{ danger: true }}
        onConfirm={() => remove()}
      >
        <Button danger icon={<DeleteOutlined />} loading={removing}>
          {staffText('staff.settings.demo.remove')}
        </Button>
      </Popconfirm>
    </Card>
  );
}

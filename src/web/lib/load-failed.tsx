// LoadFailed's panel (page-data.tsx), in a chunk of its own: antd's Alert and Empty are loaded when a
// page's data first fails to load, not with every staff page.
import { Alert, Button, Empty } from 'antd';
import type { CSSProperties } from 'react';
import { staffText } from '#web/lib/staff-text';
import { usePageReload } from './page-reload';

export interface LoadFailedProps {
  message: string;
  reason?: string;
  notFound?: string;
  forbidden?: boolean;
  style?: CSSProperties;
}

export function LoadFailedView({ message, reason, notFound, forbidden, style }: LoadFailedProps) {
  const { reload, reloading } = usePageReload();
  if (notFound !== undefined) return <Empty description={notFound} style={style} />;
  if (forbidden)
    return (
      <Alert
        type="info"
        showIcon
        title={staffText('staff.page.ownersOnly')}
        description={staffText('staff.page.ownersOnlyHint')}
        style={{ marginBottom: 16, ...style }}
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      title={message}
      description={reason && reason !== message ? reason : undefined}
      action={
        <Button size="small" onClick={() => void reload()} loading={reloading}>
          {staffText('staff.page.tryAgain')}
        </Button>
      }
      style={{ marginBottom: 16, ...style }}
    />
  );
}

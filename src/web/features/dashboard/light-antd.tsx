// antd's Card and Typography.Title as the staff's first page (the campaign cards) uses them: the same
// elements, classes and antd's own styles (their style hooks), without what these components bring
// along for features the page does not use. antd's Card imports Tabs and Skeleton (its tab list and
// loading state), Typography its copy, edit and ellipsis tools (an input, a tooltip): about 30 KB gzip
// of the page's first-view script (bench/bundles.ts). The markup is antd 6's (es/card/Card.js,
// es/typography/Typography.js): an antd upgrade that changes it shows in the dashboard's screenshots.
import { ConfigProvider } from 'antd';
import useCardStyle from 'antd/es/card/style';
import useTypographyStyle from 'antd/es/typography/style';
import { useContext, type ReactNode } from 'react';

function classes(...names: Array<string | false | undefined>): string {
  return names.filter(Boolean).join(' ');
}

/** antd's `<Card title extra actions>` (bordered, medium size), as antd renders it. */
export function StaffCard({ className, title, extra, actions, children }: { className?: string; title?: ReactNode; extra?: ReactNode; actions?: ReactNode[]; children?: ReactNode }) {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('card');
  const [hashId, cssVarCls] = useCardStyle(prefix);
  return (
    <div className={classes(prefix, `${prefix}-bordered`, direction === 'rtl' && `${prefix}-rtl`, className, hashId, cssVarCls)}>
      {title != null || extra != null ? (
        <div className={`${prefix}-head`}>
          <div className={`${prefix}-head-wrapper`}>
            {title != null ? <div className={`${prefix}-head-title`}>{title}</div> : null}
            {extra != null ? <div className={`${prefix}-extra`}>{extra}</div> : null}
          </div>
        </div>
      ) : null}
      {children != null ? <div className={`${prefix}-body`}>{children}</div> : null}
      {actions?.length ? (
        <ul className={`${prefix}-actions`}>
          {actions.map((action, index) => (
            <li key={`action-${index}`} style={{ width: `${100 / actions.length}%` }}>
              <span>{action}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** antd's `<Typography.Title level={1}>`, as antd renders it. */
export function StaffPageTitle({ className, children }: { className?: string; children: ReactNode }) {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('typography');
  const [hashId, cssVarCls] = useTypographyStyle(prefix);
  return <h1 className={classes(prefix, direction === 'rtl' && `${prefix}-rtl`, className, hashId, cssVarCls)}>{children}</h1>;
}

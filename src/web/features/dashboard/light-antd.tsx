// antd's Card, Typography.Title and Avatar as the staff's first page (the layout and the campaign
// cards) uses them: the same elements, classes and antd's own styles (their style hooks), without what
// these components bring along for features the page does not use. antd's Card imports Tabs and
// Skeleton (its tab list and loading state), Typography its copy, edit and ellipsis tools (an input, a
// tooltip), Avatar its group (a popover), Tag its closing and checkable tags: about 30 KB gzip of the page's first-view script
// (bench/bundles.ts). The markup is antd 6's (es/card/Card.js, es/typography/Typography.js,
// es/avatar/Avatar.js, es/tag/index.js): an antd upgrade that changes it shows in the dashboard's screenshots.
import { ConfigProvider } from 'antd';
import useAvatarStyle from 'antd/es/avatar/style';
import useCardStyle from 'antd/es/card/style';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useTagStyle from 'antd/es/tag/style';
import useTypographyStyle from 'antd/es/typography/style';
import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';

function classes(...names: Array<string | false | undefined>): string {
  return names.filter(Boolean).join(' ');
}

/** antd's `<Card title extra actions>` (bordered, medium size), as antd renders it. */
export function StaffCard({
  className,
  title,
  extra,
  actions,
  children,
}: {
  className?: string;
  title?: ReactNode;
  extra?: ReactNode;
  actions?: ReactNode[];
  children?: ReactNode;
}) {
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

/**
 * antd's `<Avatar>` with text (circle, medium size), as antd renders it: the text scaled down to fit
 * inside the circle with antd's gap of 4 px, measured once shown and again when its size changes.
 */
export function StaffAvatar({ className, children, 'aria-hidden': ariaHidden }: { className?: string; children: ReactNode; 'aria-hidden'?: 'true' }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('avatar');
  const rootCls = useCSSVarCls(prefix);
  const [hashId, cssVarCls] = useAvatarStyle(prefix, rootCls);
  const node = useRef<HTMLSpanElement>(null);
  const text = useRef<HTMLSpanElement>(null);
  const [scale, setScale] = useState<number | null>(null);
  useEffect(() => {
    const gap = 4;
    const measure = () => {
      const textWidth = text.current?.offsetWidth ?? 0;
      const nodeWidth = node.current?.offsetWidth ?? 0;
      if (textWidth !== 0 && nodeWidth !== 0 && gap * 2 < nodeWidth) setScale(nodeWidth - gap * 2 < textWidth ? (nodeWidth - gap * 2) / textWidth : 1);
      else setScale((current) => current ?? 1);
    };
    measure();
    if (typeof ResizeObserver === 'undefined' || !text.current) return;
    const observer = new ResizeObserver(measure);
    observer.observe(text.current);
    return () => observer.disconnect();
  }, []);
  return (
    <span ref={node} aria-hidden={ariaHidden} className={classes(prefix, `${prefix}-circle`, cssVarCls, rootCls, className, hashId)}>
      <span ref={text} className={`${prefix}-string`} style={scale === null ? { opacity: 0 } : { transform: `scale(${scale})` }}>
        {children}
      </span>
    </span>
  );
}

/** `#rrggbb` with its lightness set to `lightness` (0–1), as antd's Tag makes a custom colour's background. */
export function withLightness(hex: string, lightness: number): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  let hue = 0;
  if (delta !== 0) {
    if (max === r) hue = ((g - b) / delta) % 6;
    else if (max === g) hue = (b - r) / delta + 2;
    else hue = (r - g) / delta + 4;
  }
  hue = (hue * 60 + 360) % 360;
  const saturation = delta === 0 ? 0 : delta / (1 - Math.abs(max + min - 1));
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const [r1, g1, b1] =
    hue < 60
      ? [chroma, x, 0]
      : hue < 120
        ? [x, chroma, 0]
        : hue < 180
          ? [0, chroma, x]
          : hue < 240
            ? [0, x, chroma]
            : hue < 300
              ? [x, 0, chroma]
              : [chroma, 0, x];
  return `#${[r1, g1, b1]
    .map((v) =>
      Math.round((v + m) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** antd's `<Tag>` (filled), with `color` a custom `#rrggbb` (not a preset) or none, as antd renders it. */
export function StaffTag({ color, children }: { color?: string; children: ReactNode }) {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('tag');
  const [hashId, cssVarCls] = useTagStyle(prefix);
  return (
    <span
      className={classes(prefix, `${prefix}-filled`, direction === 'rtl' && `${prefix}-rtl`, hashId, cssVarCls)}
      style={color ? { backgroundColor: withLightness(color, 0.95), color } : undefined}
    >
      {children}
    </span>
  );
}

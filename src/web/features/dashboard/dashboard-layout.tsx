import {
  CloseOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  GlobalOutlined,
  HomeOutlined,
  InboxOutlined,
  CalendarOutlined,
  QrcodeOutlined,
  FunnelPlotOutlined,
  ApiOutlined,
  AuditOutlined,
  SafetyOutlined,
  LogoutOutlined,
  MailOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MessageOutlined,
  SettingOutlined,
  NotificationOutlined,
  TeamOutlined,
  UserOutlined,
  SkinOutlined,
} from '@ant-design/icons';
import { Badge, Button, ConfigProvider, Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, Outlet, redirect, ScrollRestoration, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { AUTH_ROUTES } from '#shared/auth/auth.api';
import { SYSTEM_ROUTES } from '#shared/system/system.api';
import type { StaffMessageKey } from '#shared/i18n/messages/staff-en';
import { paths } from '#shared/paths';
import { LogoMark } from '#web/components/icons';
import { api, isUnauthorized } from '#web/lib/api-client';
import { currentStaff, getToken, subscribeToken } from '#web/lib/auth-token';
import { loginPath } from '#web/lib/session';
import { staffText } from '#web/lib/staff-text';
import { setStudioTimeZone } from '#web/lib/studio-time';
import { fetchLeads } from '#web/features/leads';
import { dashboardTheme } from './dashboard-theme';
import { StaffAvatar } from './light-antd';
import { StaffApp } from './staff-app';
import './dashboard-layout.css';

/** The token the server last accepted: checked once per token, not on every navigation. */
let acceptedToken: string | null = null;

/** The studio's time zone, read once a page load: staff times are shown on its clock (`#web/lib/studio-time`). */
let studioZone: Promise<void> | undefined;
function studioZoneRead(): Promise<void> {
  studioZone ??= api.call(SYSTEM_ROUTES.site).then(
    (site) => setStudioTimeZone(site.timeZone),
    () => {
      studioZone = undefined; // Asia/Kolkata meanwhile; asked again on the next page
    },
  );
  return studioZone;
}

/**
 * Every /dashboard route: without a valid (unexpired) token, go to /login and come back after. A
 * token that looks valid but the server refuses (revoked, secret rotated, user removed) is found
 * here, on the first load, and not only when a page first saves.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const staff = currentStaff();
  if (!staff) throw redirect(loginPath(url));
  const zone = studioZoneRead();
  const token = getToken();
  if (token !== acceptedToken) {
    try {
      await api.call(AUTH_ROUTES.assignees, { signal: request.signal });
      acceptedToken = token;
    } catch (error) {
      // The API client has cleared the token and noted why; any other failure is left to the page.
      if (isUnauthorized(error)) throw redirect(loginPath(url));
    }
  }
  await zone;
  return staff;
}

/** `owner`: shown to owners only (the server refuses staff anyway). */
const MENU: Array<{ to: string; label: StaffMessageKey; icon: ReactNode; owner?: true }> = [
  { to: paths.dashboard, label: 'staff.nav.dashboard', icon: <DashboardOutlined /> },
  { to: paths.leads, label: 'staff.nav.leads', icon: <InboxOutlined /> },
  { to: paths.visits, label: 'staff.nav.visits', icon: <CalendarOutlined /> },
  { to: paths.channels, label: 'staff.nav.channels', icon: <QrcodeOutlined /> },
  { to: paths.funnel, label: 'staff.nav.funnel', icon: <FunnelPlotOutlined /> },
  { to: paths.staffProjects, label: 'staff.nav.projects', icon: <HomeOutlined /> },
  { to: paths.staffDecor, label: 'staff.nav.decor', icon: <SkinOutlined /> },
  { to: paths.staffStudio, label: 'staff.nav.studio', icon: <EnvironmentOutlined /> },
  { to: paths.contactResponses, label: 'staff.nav.contactResponses', icon: <MessageOutlined /> },
  { to: paths.settings, label: 'staff.nav.settings', icon: <SettingOutlined />, owner: true },
  { to: paths.newsletter, label: 'staff.nav.newsletter', icon: <NotificationOutlined /> },
  { to: paths.settingsWebhooks, label: 'staff.nav.webhooks', icon: <ApiOutlined />, owner: true },
  { to: paths.staff, label: 'staff.nav.staff', icon: <TeamOutlined />, owner: true },
  { to: paths.settingsMail, label: 'staff.nav.sentMail', icon: <MailOutlined />, owner: true },
  { to: paths.audit, label: 'staff.nav.audit', icon: <AuditOutlined />, owner: true },
  { to: paths.privacyRequests, label: 'staff.nav.privacyRequests', icon: <SafetyOutlined />, owner: true },
  { to: paths.account, label: 'staff.nav.account', icon: <UserOutlined /> },
  { to: paths.home, label: 'staff.nav.productHome', icon: <GlobalOutlined /> },
  { to: paths.logout, label: 'staff.nav.logout', icon: <LogoutOutlined /> },
];

function menuItems(newLeads: number | null, isOwner: boolean): MenuProps['items'] {
  return MENU.filter((item) => isOwner || !item.owner).map((item) => ({
    key: item.to,
    icon: item.icon,
    // A real link: it opens in a new tab, and the menu's arrow keys move focus between the links.
    label:
      item.to === paths.leads && newLeads ? (
        <Link to={item.to} className="dashboard-menu__with-count">
          {staffText(item.label)}
          <Badge count={newLeads} overflowCount={999} className="dashboard-menu__count" aria-hidden="true" />
          <span className="visually-hidden">{staffText('staff.nav.newLeads', { count: newLeads })}</span>
        </Link>
      ) : (
        <Link to={item.to}>{staffText(item.label)}</Link>
      ),
  }));
}

/** The number of new leads for the menu, read again on every navigation (a lead worked elsewhere changes it). */
function useNewLeads(pathname: string): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let cancelled = false;
    fetchLeads({}, { limit: 1, offset: 0 }).then(
      (list) => !cancelled && setCount(list.counts.new),
      // The menu works without the count; the leads page shows the error itself.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [pathname]);
  return count;
}

/** The menu entry for a page: its section, or Dashboard for the campaign pages. */
function selectedKey(pathname: string): string {
  if (pathname === paths.contactResponsesAlt) return paths.contactResponses;
  const section = [
    paths.leads,
    paths.visits,
    paths.channels,
    paths.funnel,
    paths.staffProjects,
    paths.staffDecor,
    paths.staffStudio,
    paths.contactResponses,
    paths.newsletter,
    paths.settingsWebhooks,
    paths.settingsMail,
    paths.settings,
    paths.audit,
    paths.privacyRequests,
    paths.staff,
    paths.account,
  ].find((key) => pathname === key || pathname.startsWith(`${key}/`));
  return section ?? paths.dashboard;
}

/** antd's `lg` breakpoint: below it the menu is a drawer over the content instead of a column beside it. */
const SMALL_SCREEN = '(max-width: 991.98px)';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

export function Component() {
  const staff = useLoaderData<typeof loader>();
  const location = useLocation();
  // A token removed elsewhere (logout in another tab, a 401 from the API) ends the session here too.
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);
  const [isSmall, setIsSmall] = useState(() => typeof window !== 'undefined' && window.matchMedia(SMALL_SCREEN).matches);
  const [desktopCollapsed, setDesktopCollapsed] = useState(false);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const collapsed = isSmall ? !phoneOpen : desktopCollapsed;
  const toggleButton = useRef<HTMLButtonElement>(null);
  const newLeads = useNewLeads(location.pathname);
  const closeButton = useRef<HTMLButtonElement>(null);

  // The drawer takes focus when it opens and gives it back to the toggle when it closes by key or button.
  const drawerWasOpen = useRef(false);
  useEffect(() => {
    if (!isSmall) return;
    if (phoneOpen) closeButton.current?.focus();
    else if (drawerWasOpen.current && document.activeElement === document.body) toggleButton.current?.focus();
    drawerWasOpen.current = phoneOpen;
  }, [isSmall, phoneOpen]);

  useEffect(() => {
    if (!isSmall || !phoneOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPhoneOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isSmall, phoneOpen]);

  // A navigation, not an unmount: a page with unsaved input keeps it and asks before leaving
  // (useUnsavedChangesPrompt), as it would for any other way out. Staff who chose to stay go to the
  // login page with their next move (a page of the dashboard without a token would look logged in).
  const navigate = useNavigate();
  const here = location.pathname + location.search;
  useEffect(() => {
    if (!token) navigate(loginPath({ pathname: here }), { replace: true });
  }, [token, navigate, here]);

  const toggle = () => (isSmall ? setPhoneOpen((open) => !open) : setDesktopCollapsed((c) => !c));

  return (
    <ConfigProvider theme={dashboardTheme}>
      {/* antd's <App>: message, modal and notification for every staff page (App.useApp()), loaded when first needed. */}
      <StaffApp>
        <Layout className="dashboard" hasSider>
          <Layout.Sider
            id="dashboard-sider"
            className={isSmall ? 'dashboard-sider dashboard-sider--drawer' : 'dashboard-sider'}
            breakpoint="lg"
            onBreakpoint={(broken) => {
              setIsSmall(broken);
              setPhoneOpen(false);
            }}
            collapsible
            collapsed={collapsed}
            collapsedWidth={isSmall ? 0 : 72}
            width={236}
            trigger={null}
          >
            {/* A closed drawer stays out of the tab order and out of screen readers. */}
            <div className="dashboard-sider__inner" inert={isSmall && !phoneOpen}>
              <div className="dashboard-sider__top">
                <Link to={paths.dashboard} className="dashboard-brand" aria-label={staffText('staff.layout.brand')}>
                  <LogoMark width={32} height={32} />
                  {collapsed ? null : <span className="dashboard-brand__name">{staffText('staff.layout.brandName')}</span>}
                </Link>
                {isSmall ? (
                  <Button
                    ref={closeButton}
                    type="text"
                    className="dashboard-sider__close"
                    icon={<CloseOutlined />}
                    aria-label={staffText('staff.layout.closeMenu')}
                    onClick={() => setPhoneOpen(false)}
                  />
                ) : null}
              </div>
              <nav aria-label={staffText('staff.layout.menu')}>
                <Menu
                  theme="dark"
                  mode="inline"
                  selectedKeys={[selectedKey(location.pathname)]}
                  items={menuItems(newLeads, staff.role === 'owner')}
                  onClick={() => setPhoneOpen(false)}
                />
              </nav>
            </div>
          </Layout.Sider>
          {isSmall && phoneOpen ? <div className="dashboard-backdrop" aria-hidden="true" onClick={() => setPhoneOpen(false)} /> : null}
          <Layout>
            <Layout.Header className="dashboard-header">
              <Button
                ref={toggleButton}
                type="text"
                className="dashboard-header__toggle"
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                aria-label={staffText(collapsed ? 'staff.layout.openMenu' : 'staff.layout.closeMenu')}
                aria-expanded={!collapsed}
                aria-controls="dashboard-sider"
                onClick={toggle}
              />
              <span className="dashboard-header__title">{staffText('staff.layout.title')}</span>
              <span className="dashboard-header__staff">
                <StaffAvatar className="dashboard-header__avatar" aria-hidden="true">
                  {initials(staff.name)}
                </StaffAvatar>
                <span className="visually-hidden">{staffText('staff.layout.signedInAs')}</span>
                <span className="dashboard-header__name">{staff.name}</span>
              </span>
            </Layout.Header>
            <Layout.Content id="main" className="dashboard-content">
              <Outlet />
            </Layout.Content>
          </Layout>
        </Layout>
        <ScrollRestoration />
      </StaffApp>
    </ConfigProvider>
  );
}

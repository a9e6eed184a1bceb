import { App, ConfigProvider, Layout } from 'antd';
import { Link, Outlet, redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../../shared/paths';
import { currentStaff } from '../../lib/auth-token';
import { dashboardTheme } from './dashboard-theme';

/** Every /dashboard route: without a valid (unexpired) token, go to /login and come back after. */
export function loader({ request }: LoaderFunctionArgs) {
  if (!currentStaff()) {
    const url = new URL(request.url);
    throw redirect(`${paths.login}?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return null;
}

export function Component() {
  return (
    <ConfigProvider theme={dashboardTheme}>
      {/* <App> provides message, modal and notification to every staff page (App.useApp()). */}
      <App>
        <Layout style={{ minHeight: '100vh' }}>
          <Layout.Sider breakpoint="lg" collapsedWidth={0}>
            <nav aria-label="Dashboard">
              <Link to={paths.dashboard}>Dashboard</Link>
            </nav>
          </Layout.Sider>
          <Layout.Content style={{ padding: 24 }}>
            <Outlet />
          </Layout.Content>
        </Layout>
      </App>
    </ConfigProvider>
  );
}

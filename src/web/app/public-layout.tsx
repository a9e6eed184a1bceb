import { NavLink, Outlet } from 'react-router';
import { paths } from '../../shared/paths';

const MENU = [
  { to: paths.home, label: 'Advanced Survey' },
  { to: paths.projects, label: 'Homes' },
  { to: paths.products, label: 'Decor' },
  { to: paths.studio, label: 'Studio' },
  { to: paths.contact, label: 'Contact' },
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Ask Quote' },
  { to: paths.login, label: 'Login' },
];

export function PublicLayout() {
  return (
    <>
      <header>
        <nav aria-label="Main">
          {MENU.map((item) => (
            <NavLink key={item.label} to={item.to} end>
              {item.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <footer>© {new Date().getFullYear()} Abode Studio</footer>
    </>
  );
}

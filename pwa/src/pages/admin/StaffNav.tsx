import { NavLink } from 'react-router-dom';

const LINKS = [
  { to: '/admin', label: 'Print Farms', end: true },
  { to: '/admin/prospects', label: 'Prospects', end: false },
  { to: '/admin/nodes', label: 'Nodes', end: false },
  { to: '/admin/payments', label: 'Payments', end: false },
  { to: '/admin/settings', label: 'Settings', end: false },
];

/** The staff screens' own navigation, shown above each of them. */
export function StaffNav() {
  return (
    <nav className="staff-nav" aria-label="Staff">
      {LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} end={link.end} className="staff-nav__link">
          {link.label}
        </NavLink>
      ))}
      <a className="staff-nav__link" href="/api/admin/queues">
        Queues
      </a>
    </nav>
  );
}

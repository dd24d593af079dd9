import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';

/** Paths the server answers itself (sign-in, sign-out, downloads): the browser must really navigate there. */
export function isServerPath(to: string): boolean {
  return to === '/api' || to.startsWith('/api/') || /^[a-z][a-z0-9+.-]*:/i.test(to);
}

export interface AppLinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  to: string;
}

/** A router <Link> for screens of the app, a plain <a> for /api/login and other server or outside addresses. */
export function AppLink({ to, ...props }: AppLinkProps) {
  if (isServerPath(to)) return <a href={to} {...props} />;
  return <Link to={to} {...props} />;
}

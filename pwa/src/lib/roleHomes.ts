// Where each role works: signing in lands there, and a screen someone may not use points back there.
import type { Role } from '@printfarm/domain/auth';

export const ROLE_HOMES: Record<Role, { path: string; label: string }> = {
  customer: { path: '/dashboard', label: 'Go to your dashboard' },
  operator: { path: '/operator', label: 'Go to your operator area' },
  staff: { path: '/admin', label: 'Go to the staff admin' },
};

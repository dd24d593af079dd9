// Who may do what, in one place. Route files name a guard; the session middleware (auth/session.ts)
// puts the signed-in user on ctx.state.user for every request.
import type { Role, SessionUser } from '@printfarm/domain/auth';
import type { AnyStateMiddleware, AppContext } from '../http/context.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';

export type { SessionUser };

export function currentUser(ctx: AppContext): SessionUser | null {
  return ctx.state.user ?? null;
}

/** The signed-in user, or a 401. */
export function userOf(ctx: AppContext): SessionUser {
  const user = currentUser(ctx);
  if (!user) throw unauthorized();
  return user;
}

/**
 * A guard fits any route's middleware list, whatever the state other middleware adds
 * (e.g. `requireStaff, validate(schema), handler`).
 */
export type Guard = AnyStateMiddleware;

export const requireUser: Guard = async (ctx, next) => {
  userOf(ctx as AppContext);
  await next();
};

export function requireRole(...roles: Role[]): Guard {
  return async (ctx, next) => {
    const user = userOf(ctx as AppContext);
    if (!roles.includes(user.role)) throw forbidden();
    await next();
  };
}

export const requireStaff = requireRole('staff');
/** An operator, or staff acting for one. */
export const requireOperator = requireRole('operator', 'staff');

/**
 * Ownership rule for records a user owns (farms, stores, requests, files): staff may act on any;
 * anyone else only on their own. A record that is not theirs answers 404, as if it did not exist.
 */
export function assertOwnerOrStaff(user: SessionUser, ownerId: string | null | undefined): void {
  if (user.role === 'staff') return;
  if (!ownerId || ownerId !== user.id) throw notFound();
}

// Who is signed in (GET /api/auth/user; a 401 means nobody). Every page's top bar asks, so this stays
// small: signing in, up and out are in authMutations.ts.

import type { SessionUser } from '@printfarm/domain/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProvidersView } from '../../../api/src/views/index.ts';
import { signedInTag } from '../lib/signedInHint.ts';
import { getQueryFn } from './request.ts';

/** What /api/auth/user (and signing in or up) answers: the session's user. */
export type CurrentUser = SessionUser;

/** What /api/auth/providers answers: the sign-in methods the /login page may offer. */
export type AuthProviders = AuthProvidersView;

export const authKeys = {
  user: ['/api/auth/user'] as const,
  providers: ['/api/auth/providers'] as const,
};

/**
 * The API's readable hint (api/src/auth/session.ts) that this browser has a session. Without it nobody
 * is signed in, and asking would only log a 401 in the console of every signed-out visitor.
 */
export function mayBeSignedIn(): boolean {
  return signedInTag() !== '';
}

const askForUser = getQueryFn<CurrentUser>({ on401: 'returnNull' });

export const authQueries = {
  /** The signed-in user, or null when nobody is (the spec: no retry, absence means not authenticated). */
  user: () =>
    queryOptions({
      queryKey: authKeys.user,
      queryFn: (context) => (mayBeSignedIn() ? askForUser(context) : Promise.resolve(null)),
      retry: false,
    }),
  providers: () => queryOptions({ queryKey: authKeys.providers, queryFn: getQueryFn<AuthProviders>() }),
};

export function useCurrentUser() {
  const query = useQuery(authQueries.user());
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: user !== null,
    isStaff: user?.role === 'staff',
    error: query.error,
  };
}

/** The user's name for greetings: first name, else 'User'. */
export function displayFirstName(user: Pick<CurrentUser, 'firstName'> | null | undefined): string {
  return user?.firstName?.trim() || 'User';
}

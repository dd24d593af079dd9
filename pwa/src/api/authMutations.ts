// Signing in, up and out. Each starts the browser afresh: whatever was cached belonged to the previous
// visitor (queries and the service worker's account cache, now noted as the new account's). A session
// that changes around the app (single sign-on, /api/logout, expiry) is caught by lib/accountCache.ts.
import type { LoginInput, PasswordResetInput, RegisterInput } from '@printfarm/domain/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetAccountCache } from '../lib/accountCache.ts';
import { forgetNewAccount, rememberNewAccount } from '../lib/newAccount.ts';
import { authKeys, type CurrentUser } from './auth.ts';
import { apiJson, apiRequest } from './request.ts';

/** Forgets everything cached for the previous visitor, then holds the session's `user`. */
function useSessionChange<TInput, TUser extends CurrentUser | null>(
  call: (input: TInput) => Promise<TUser>,
  { newAccount = false } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (user) => {
      queryClient.clear();
      await forgetAccountCache();
      if (newAccount && user) rememberNewAccount(user.id);
      else forgetNewAccount();
      queryClient.setQueryData(authKeys.user, user);
    },
  });
}

export const useLogin = () =>
  useSessionChange((input: LoginInput) => apiJson<CurrentUser>('POST', '/api/auth/login', input));

export const useRegister = () =>
  useSessionChange((input: RegisterInput) => apiJson<CurrentUser>('POST', '/api/auth/register', input), {
    newAccount: true,
  });

export const useLogout = () =>
  useSessionChange<void, null>(() => apiRequest('POST', '/api/auth/logout').then(() => null));

/** Follows the staff confirmation link e-mailed at sign-up: the signed-in account becomes staff. */
export function useConfirmStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiJson<CurrentUser>('POST', '/api/auth/staff-confirmation', { token }),
    onSuccess: (user) => queryClient.setQueryData(authKeys.user, user),
  });
}

/** Forgot your password? Asks for the e-mailed link; the server's answer is the same for any address. */
export const useAskPasswordReset = () =>
  useMutation({
    mutationFn: (email: string) =>
      apiJson<{ message: string }>('POST', '/api/auth/password-reset', { email }),
  });

/** Chooses a new password through the e-mailed link; the browser is signed in to that account. */
export const useResetPassword = () =>
  useSessionChange((input: PasswordResetInput) =>
    apiJson<CurrentUser>('POST', '/api/auth/password-reset/confirm', input),
  );

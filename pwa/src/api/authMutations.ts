// Signing in, up and out. Each starts the browser afresh: whatever was cached belonged to the previous
// visitor (queries and the service worker's account cache).
import type { LoginInput, RegisterInput } from '@printfarm/domain/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetAccountCache } from '../lib/accountCache.ts';
import { forgetNewAccount, rememberNewAccount } from '../lib/newAccount.ts';
import { authKeys, type CurrentUser } from './auth.ts';
import { apiJson, apiRequest } from './request.ts';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiJson<CurrentUser>('POST', '/api/auth/login', input),
    onSuccess: async (user) => {
      // Everything cached belonged to the previous visitor.
      queryClient.clear();
      await forgetAccountCache();
      forgetNewAccount();
      queryClient.setQueryData(authKeys.user, user);
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiJson<CurrentUser>('POST', '/api/auth/register', input),
    onSuccess: async (user) => {
      queryClient.clear();
      await forgetAccountCache();
      rememberNewAccount(user.id);
      queryClient.setQueryData(authKeys.user, user);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: async () => {
      queryClient.clear();
      await forgetAccountCache();
      forgetNewAccount();
      queryClient.setQueryData(authKeys.user, null);
    },
  });
}

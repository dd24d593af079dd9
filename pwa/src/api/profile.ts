// The dashboard's Settings tab: the user's name and default shipping address.

import type { ProfileSettingsInput } from '@printfarm/domain/profile';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '../../../api/src/views/index.ts';
import { apiJson, type Outcome } from './request.ts';

export type Profile = ProfileView;

export const profileKeys = { profile: ['/api/profile'] as const };

export const profileQueries = {
  profile: () => queryOptions<Profile>({ queryKey: profileKeys.profile }),
};

export function useUpdateProfile(outcome: Outcome<Profile> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileSettingsInput) => apiJson<Profile>('PATCH', '/api/profile', input),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.profile, profile);
      // The signed-in user's name (welcome line, top bar) comes from the user call.
      void queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] });
      outcome.onSuccess?.(profile);
    },
  });
}

// The dashboard's Settings tab: the user's name and default shipping address.

import type { ShippingAddress } from '@printfarm/domain/order';
import type { ProfileSettingsInput } from '@printfarm/domain/profile';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../components/ui/toast.tsx';
import { apiJson } from './request.ts';

export interface Profile {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  role: string;
  defaultShippingAddress: ShippingAddress | null;
}

export const profileKeys = { profile: ['/api/profile'] as const };

export const profileQueries = {
  profile: () => queryOptions<Profile>({ queryKey: profileKeys.profile }),
};

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileSettingsInput) => apiJson<Profile>('PATCH', '/api/profile', input),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.profile, profile);
      // The signed-in user's name (welcome line, top bar) comes from the user call.
      void queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] });
      toast({ title: 'Settings saved', description: 'Your profile has been updated.' });
    },
  });
}

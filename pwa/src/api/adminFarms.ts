// Staff view of every print farm (GET /api/admin/print-farms) and the staff edit (PUT /api/admin/print-farms/:id).
import type { FarmAdminUpdateInput } from '@printfarm/domain/farmAdmin';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FullFarmView } from '../../../api/src/views/index.ts';
import { apiJson, getQueryFn } from './request.ts';

/** A farm as the admin list answers it (operator-side section 3, admin view). */
export type AdminFarm = FullFarmView;

export const adminFarmKeys = { list: ['/api/admin/print-farms'] as const };

export const adminFarmQueries = {
  list: () =>
    queryOptions({
      queryKey: adminFarmKeys.list,
      queryFn: async (context): Promise<AdminFarm[]> => {
        const answer = await getQueryFn<unknown>()(context);
        return Array.isArray(answer) ? (answer as AdminFarm[]) : [];
      },
    }),
};

export function useUpdateAdminFarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: FarmAdminUpdateInput }) =>
      apiJson<AdminFarm>('PUT', `/api/admin/print-farms/${encodeURIComponent(id)}`, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminFarmKeys.list }),
  });
}

// Staff view of every print farm (GET /api/admin/print-farms) and the staff edit (PUT /api/admin/print-farms/:id).
import type { FarmAdminUpdateInput } from '@printfarm/domain/farmAdmin';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, getQueryFn } from './request.ts';

export interface PrinterInventoryEntry {
  technology?: string | null;
  brand?: string | null;
  model?: string | null;
  count?: number | null;
}

/** A farm as the admin list answers it (operator-side section 3, admin view). */
export interface AdminFarm {
  id: string;
  displayName: string;
  description: string | null;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  streetName: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  website: string | null;
  customWebsite: string | null;
  isPaidMember: boolean;
  monthlyFee: string;
  signupFee: string;
  totalPrinterCount?: number | null;
  printerCount?: number | null;
  printerInventory?: PrinterInventoryEntry[] | null;
  createdAt: string;
}

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

/** The printers a farm reports: the total when given, else the printer count, else the inventory's sum. */
export function farmPrinterTotal(farm: AdminFarm): number {
  if (typeof farm.totalPrinterCount === 'number') return farm.totalPrinterCount;
  if (typeof farm.printerCount === 'number') return farm.printerCount;
  return (farm.printerInventory ?? []).reduce((sum, entry) => sum + (entry.count ?? 0), 0);
}

export function useUpdateAdminFarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: FarmAdminUpdateInput }) =>
      apiJson<AdminFarm>('PUT', `/api/admin/print-farms/${encodeURIComponent(id)}`, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminFarmKeys.list }),
  });
}

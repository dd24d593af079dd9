// Staff tools: manufacturing nodes with their scorecards, how far estimates drift from the slicer,
// platform settings and user roles.
import type { Role } from '@printfarm/domain/auth';
import type { NodeUpdate, SettingKey, Settings, settingSchemas } from '@printfarm/domain/network';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import type { EstimatorAccuracyView, NodeView, PlatformUserView } from '../../../api/src/views/index.ts';
import { apiJson, getQueryFn } from './request.ts';

/** GET /api/admin/estimator: stage-1 estimates against PrusaSlicer, per sliced file (newest first). */
export type EstimatorAccuracy = EstimatorAccuracyView;
export type SliceComparison = EstimatorAccuracy['slices'][number];

export type ManufacturingNode = NodeView;
/** GET /api/admin/users: an account as staff manage its role. */
export type PlatformUser = PlatformUserView;

export const adminNetworkQueries = {
  nodes: () => queryOptions({ queryKey: ['/api/admin/nodes'], queryFn: getQueryFn<ManufacturingNode[]>() }),
  /** Read on every visit: slices land whenever a customer asks for quotes. */
  estimator: () =>
    queryOptions({
      queryKey: ['/api/admin/estimator'],
      queryFn: getQueryFn<EstimatorAccuracy>(),
      staleTime: 0,
    }),
  settings: () => queryOptions({ queryKey: ['/api/admin/settings'], queryFn: getQueryFn<Settings>() }),
  users: (search: string) =>
    queryOptions({
      queryKey: ['/api/admin/users', { search }],
      queryFn: () => apiJson<PlatformUser[]>('GET', `/api/admin/users?search=${encodeURIComponent(search)}`),
    }),
};

export function useUpdateNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: NodeUpdate }) =>
      apiJson<ManufacturingNode>('PATCH', `/api/admin/nodes/${id}`, update),
    onSuccess: (node) => {
      queryClient.setQueryData<ManufacturingNode[]>(['/api/admin/nodes'], (nodes) =>
        nodes?.map((existing) => (existing.id === node.id ? node : existing)),
      );
    },
  });
}

/** PUT one section, as its form's schema parsed it (Settings[K], spelled so that the form's output fits). */
export function useSaveSetting<K extends SettingKey>(key: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: v.InferOutput<(typeof settingSchemas)[K]>) =>
      apiJson<Settings>('PUT', `/api/admin/settings/${key}`, value),
    onSuccess: (settings) => queryClient.setQueryData(['/api/admin/settings'], settings),
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      apiJson<PlatformUser>('PATCH', `/api/admin/users/${id}`, { role }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/users'] }),
  });
}

// Operator applications: the landing page's form (POST) and the staff Prospect List (GET, PATCH).
import type { ApplicationInput, ApplicationUpdate } from '@printfarm/domain/application';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PresentedApplication, StaffApplication } from '../../../api/src/views/index.ts';
import { apiJson, getQueryFn } from './request.ts';

/** An application as the applicant submitted it. */
export type SubmittedApplication = PresentedApplication;
/** An application as staff see it: with the pipeline's enrichment. */
export type ProspectApplication = StaffApplication;

export const applicationKeys = {
  list: ['/api/applications'] as const,
};

export const applicationQueries = {
  list: () =>
    queryOptions({
      queryKey: applicationKeys.list,
      queryFn: getQueryFn<ProspectApplication[]>(),
    }),
};

/** POST /api/applications with the form's fields (never the terms box). */
export function useSubmitApplication() {
  return useMutation({
    mutationFn: (input: ApplicationInput) =>
      apiJson<SubmittedApplication>('POST', '/api/applications', input),
  });
}

/** PATCH /api/applications/{id}; the list is read again afterwards. */
export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...update }: ApplicationUpdate & { id: string }) =>
      apiJson<ProspectApplication>('PATCH', `/api/applications/${encodeURIComponent(id)}`, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.list }),
  });
}

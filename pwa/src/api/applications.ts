// Operator applications: the landing page's form (POST) and the staff Prospect List (GET, PATCH).
import type { ApplicationInput, ApplicationStatus, ApplicationUpdate } from '@printfarm/domain/application';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, getQueryFn } from './request.ts';

/** An application as the applicant submitted it. */
export interface SubmittedApplication {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  experience: string | null;
  workspace: string | null;
  investment: string | null;
  notes: string | null;
  status: ApplicationStatus;
  createdAt: string;
}

/** An application as staff see it: with the pipeline's enrichment. */
export interface ProspectApplication extends SubmittedApplication {
  updatedAt: string;
  coordinates: { lat: number; lng: number } | null;
  farmsWithin50Miles: number | null;
  printersWithin50Miles: number | null;
  farmsWithin100Miles: number | null;
  printersWithin100Miles: number | null;
  duplicateOfId: string | null;
  leadScore: number | null;
  enrichedAt: string | null;
  followUpSentAt: string | null;
}

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

// GET /api/health: whether the API, its database and Redis answer.
import { queryOptions } from '@tanstack/react-query';
import { getQueryFn } from './request.ts';

export interface Health {
  status: 'ok' | 'error';
  db: 'ok' | 'error';
  redis: 'ok' | 'error';
  message?: string;
}

export const healthKeys = {
  all: ['/api/health'] as const,
};

export const healthQueries = {
  status: () =>
    queryOptions({
      queryKey: healthKeys.all,
      queryFn: getQueryFn<Health>(),
      // Health is the one answer that must be fresh whenever it is asked for.
      staleTime: 0,
    }),
};

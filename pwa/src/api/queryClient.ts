// One QueryClient with the spec's client data defaults: results never go stale, no refetch on window
// focus, no polling, no retries for queries or mutations.
import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './request.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        // Try the request even when the browser says it is offline: the service worker may answer from cache.
        networkMode: 'offlineFirst',
      },
      mutations: {
        retry: false,
        // A change made offline fails at once with OfflineError ('nothing was sent') instead of waiting
        // paused and going out later behind the person's back. Only the cart queues its checkout.
        networkMode: 'always',
      },
    },
  });
}

export const queryClient = createQueryClient();

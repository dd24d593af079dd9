// A change sent to the server whose answer first brings the cache up to date, then reaches the page.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Outcome } from './request.ts';

/**
 * `settle` puts the answer where the screens read it, or marks what it changed as stale; then the page's
 * `outcome` hears of it. A failure goes to the page as it is.
 */
export function useSettledMutation<TInput, TAnswer>(
  call: (input: TInput) => Promise<TAnswer>,
  settle: (answer: TAnswer, queryClient: QueryClient) => void,
  outcome: Outcome<TAnswer> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      settle(answer, queryClient);
      outcome.onSuccess?.(answer);
    },
    onError: (error) => outcome.onError?.(error),
  });
}

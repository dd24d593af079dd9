// The blog's 'Stay Updated' box: POST /api/newsletter/subscribe starts the double opt-in.
import type { NewsletterSubscribeInput } from '@printfarm/domain/newsletter';
import { useMutation } from '@tanstack/react-query';
import type { SubscriptionView } from '../../../api/src/views/index.ts';
import { apiJson } from './request.ts';

export type SubscribeAnswer = SubscriptionView;

export function useNewsletterSubscribe() {
  return useMutation({
    mutationFn: (input: NewsletterSubscribeInput) =>
      apiJson<SubscribeAnswer>('POST', '/api/newsletter/subscribe', input),
  });
}

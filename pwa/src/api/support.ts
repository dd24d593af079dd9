// The dashboard's Support contact form: POST /api/support e-mails the staff.
import type { SupportContactInput } from '@printfarm/domain/support';
import { useMutation } from '@tanstack/react-query';
import type { SupportMessageView } from '../../../api/src/views/index.ts';
import { apiJson, type Outcome } from './request.ts';

export function useSendSupportMessage(outcome: Outcome<SupportMessageView> = {}) {
  return useMutation({
    mutationFn: (input: SupportContactInput) => apiJson<SupportMessageView>('POST', '/api/support', input),
    onSuccess: (answer) => outcome.onSuccess?.(answer),
  });
}

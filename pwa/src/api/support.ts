// The dashboard's Support contact form: POST /api/support e-mails the staff.
import type { SupportContactInput } from '@printfarm/domain/support';
import { useMutation } from '@tanstack/react-query';
import type { SupportMessageView } from '../../../api/src/views/index.ts';
import { toast } from '../components/ui/toast.tsx';
import { apiJson } from './request.ts';

export function useSendSupportMessage() {
  return useMutation({
    mutationFn: (input: SupportContactInput) => apiJson<SupportMessageView>('POST', '/api/support', input),
    onSuccess: (answer) => {
      toast({ title: 'Message sent', description: answer.message });
    },
  });
}

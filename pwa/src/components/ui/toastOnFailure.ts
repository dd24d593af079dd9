// How a page shows a change that failed: a toast with the server's words. Beside toast.tsx rather than
// in it: the landing page loads toast.tsx, and every byte there counts against its budget.
import { errorMessage } from '../../api/request.ts';
import { toast } from './toast.tsx';

/** A page's way to show a failed change: a toast titled `title`, with the server's words for it. */
export function toastOnFailure(title: string): { onError: (error: unknown) => void } {
  return { onError: (error) => toast({ title, description: errorMessage(error), variant: 'destructive' }) };
}

import { useEffect } from 'react';
import { ApiError } from '../api/request.ts';
import { toast } from '../components/ui/toast.tsx';

/** A 401 means the session is gone: say so, then go to sign-in after 500 ms (operator-side section 6). */
export function useRedirectOnUnauthorized(error: unknown): void {
  useEffect(() => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    toast({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    const timer = window.setTimeout(() => {
      window.location.href = '/api/login';
    }, 500);
    return () => window.clearTimeout(timer);
  }, [error]);
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

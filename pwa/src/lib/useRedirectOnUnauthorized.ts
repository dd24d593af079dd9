import { useEffect, useRef } from 'react';
import { ApiError } from '../api/request.ts';
import { toast } from '../components/ui/toast.tsx';

const LOGIN_REDIRECT_MS = 500;

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The admin screens' rule (operator-side section 6): once the session is known to be gone, say so
 * ('Unauthorized' / 'You are logged out. Logging in again...') and go to /api/login after 500 ms.
 */
export function useRedirectToLogin(loggedOut: boolean): void {
  const sent = useRef(false);
  useEffect(() => {
    if (!loggedOut || sent.current) return;
    sent.current = true;
    const { shown } = toast({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    // The 500 ms count from when the toast is on screen: the notification region loads after the page.
    let timer: number | undefined;
    let cancelled = false;
    void shown.then(() => {
      if (!cancelled)
        timer = window.setTimeout(() => window.location.assign('/api/login'), LOGIN_REDIRECT_MS);
    });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [loggedOut]);
}

/** The same rule for a query or mutation error: a 401 means the session is gone. */
export function useRedirectOnUnauthorized(error: unknown): void {
  useRedirectToLogin(isUnauthorized(error));
}

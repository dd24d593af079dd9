import { useEffect, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it has a network connection; re-renders when that changes. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Reads again, once the connection is back, what could not reach the server (no answer at all, as
 * opposed to an answer that was an error), so a page opened offline fills in by itself. Answers whether
 * the browser is online now.
 */
export function useRetryWhenOnline(unreachable: boolean, retry: () => unknown): boolean {
  const online = useOnlineStatus();
  useEffect(() => {
    if (online && unreachable) void retry();
  }, [online, unreachable, retry]);
  return online;
}

// Only the pages that read while offline need it: kept out of the entry that every page loads.
import { useEffect } from 'react';
import { useOnlineStatus } from './online.ts';

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

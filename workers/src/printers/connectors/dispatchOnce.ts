import type { DispatchOutcome, PrinterStatus } from './types.ts';

/**
 * What a status read says before anything is sent: the same file already on the printer is a retry
 * (never start it again); a printer busy, paused or unreachable takes nothing. `null`: free to start.
 */
export function outcomeBeforeSending(status: PrinterStatus, fileName: string): DispatchOutcome | null {
  const occupied = status.activity === 'printing' || status.activity === 'paused';
  if (status.fileName === fileName && (occupied || status.activity === 'finished')) {
    return { outcome: 'already-running', status };
  }
  if (occupied || status.activity === 'offline') return { outcome: 'busy', status };
  return null;
}

/** A timeout for one call to the printer, joined with the caller's own signal. */
export function withTimeout(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

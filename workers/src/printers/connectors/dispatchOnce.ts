import type { ConnectorKind, DispatchOutcome, PrinterConnector, PrinterStatus } from './types.ts';

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

/** What a protocol supplies; connectorOf adds the status checks every printer gets around them. */
export interface PrinterProtocol {
  kind: ConnectorKind;
  status(signal?: AbortSignal): Promise<PrinterStatus>;
  /** Uploads the G-code and starts it, on a printer the status read found free. */
  start(fileName: string, gcode: Uint8Array, signal?: AbortSignal): Promise<void>;
  /** Stops the print of a printer the status read found printing or paused. */
  stop(signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

/** A connector that dispatches at most once (outcomeBeforeSending) and cancels only a print under way. */
export function connectorOf(protocol: PrinterProtocol): PrinterConnector {
  const { kind, status } = protocol;
  return {
    kind,
    status,
    async dispatch(fileName, gcode, { signal, beforeStart } = {}) {
      const before = outcomeBeforeSending(await status(signal), fileName);
      if (before) return before;
      if (beforeStart && !(await beforeStart())) return { outcome: 'withdrawn' };
      await protocol.start(fileName, gcode, signal);
      return { outcome: 'started' };
    },
    async cancel(signal) {
      const now = await status(signal);
      if (now.activity === 'printing' || now.activity === 'paused') await protocol.stop(signal);
    },
    close: () => protocol.close(),
  };
}

// What the workers ask of a farm's printer, whatever it speaks: OctoPrint's REST API, Moonraker's
// JSON-RPC over HTTP, or Bambu Lab's LAN mode (MQTT over TLS, files by FTPS). One implementation per
// protocol; the queue's jobs (printer.dispatch, printer.poll) see only this interface.

export type ConnectorKind = 'octoprint' | 'moonraker' | 'bambu';

/** How to reach one printer. Secrets arrive decrypted; they are stored encrypted and never answered. */
export type ConnectorConfig =
  | { kind: 'octoprint'; baseUrl: string; apiKey: string }
  | { kind: 'moonraker'; baseUrl: string; apiKey?: string }
  | {
      kind: 'bambu';
      host: string;
      serial: string;
      accessCode: string;
      /** Defaults 8883 (MQTT over TLS) and 990 (implicit FTPS); the simulators listen elsewhere. */
      mqttPort?: number;
      ftpsPort?: number;
      /** PEM of the printer's self-signed certificate, when it is pinned; otherwise any certificate. */
      ca?: string;
    };

/** What the printer is doing, in the queue's words. */
export type PrinterActivity =
  | 'idle'
  | 'printing'
  | 'paused'
  | 'finished'
  | 'failed'
  | 'cancelled'
  | 'offline';

export interface PrinterStatus {
  activity: PrinterActivity;
  /** The file it is printing or last printed, as it was uploaded (our name, e.g. 'q_<itemId>.gcode'). */
  fileName: string | null;
  /** 0..1 of the current or last print. */
  progress: number;
  /** The printer's own words when it failed, was cancelled or cannot be reached. */
  message: string | null;
}

export type DispatchOutcome =
  /** The file was uploaded and the print started by this call. */
  | { outcome: 'started' }
  /** The printer was already printing (or had finished) this very file: a retry after a timeout. */
  | { outcome: 'already-running'; status: PrinterStatus }
  /** The printer is busy with something else, paused, or offline: nothing was sent. */
  | { outcome: 'busy'; status: PrinterStatus }
  /** The caller's `beforeStart` said no (its claim was taken back or is another sender's): nothing sent. */
  | { outcome: 'withdrawn' };

export interface DispatchOptions {
  signal?: AbortSignal;
  /**
   * Called once the status read found the printer free, just before anything goes out: it records that
   * the start may reach the printer from now on, and answers false to send nothing after all.
   */
  beforeStart?: () => Promise<boolean>;
}

export interface PrinterConnector {
  readonly kind: ConnectorKind;
  /**
   * Resolves `activity: 'offline'` (with the network's words in `message`) when the printer cannot be
   * reached, so a poll records an outage instead of failing; it throws only when the printer answers
   * but refuses our credentials (PrinterRefusedError) or answers something we cannot read.
   */
  status(signal?: AbortSignal): Promise<PrinterStatus>;
  /**
   * Sends the G-code and starts it, at most once: it reads the status first, and a printer already on
   * `fileName` is reported, never started again. Throws only when the printer cannot be reached.
   * A printer already unreachable when the status is read answers `busy` with `activity: 'offline'`
   * (nothing was sent); one lost once the upload began throws, and only the printer, when it can be
   * reached again, tells whether the start got through.
   */
  dispatch(fileName: string, gcode: Uint8Array, options?: DispatchOptions): Promise<DispatchOutcome>;
  /** Stops the current print; a printer that is not printing or paused is left as it is. */
  cancel(signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

// What every simulator hands back to the test or the CLI that started it.
import type { ConnectorConfig, ConnectorKind } from '../../workers/src/printers/connectors/types.ts';
import type { SimulatedPrinter } from './simulatedPrinter.ts';

export interface SimulatorOptions {
  /** How many times faster than real time a print runs (default 1). */
  speed?: number;
  /** Where to listen on 127.0.0.1; 0 (the default) takes a free port, kept across restarts. */
  port?: number;
}

export interface Simulator {
  readonly kind: ConnectorKind;
  /** How a connector reaches this simulator. */
  readonly config: ConnectorConfig;
  readonly printer: SimulatedPrinter;
  /** Starts per file name, for "0 started twice". */
  readonly starts: Map<string, number>;
  readonly uploads: Map<string, number>;
  failPrint(reason: string): void;
  /** The network drops: nothing answers, and the print carries on. */
  goOffline(): Promise<void>;
  comeOnline(): Promise<void>;
  /** Power off and on, on the same port(s): the print in progress is lost, uploaded files are kept. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** The simulator's state machine behind a set of listeners that go offline and come back together. */
export function simulatorControls(
  printer: SimulatedPrinter,
  listeners: { open(): Promise<void>; close(): Promise<void> }[],
): Pick<
  Simulator,
  'printer' | 'starts' | 'uploads' | 'failPrint' | 'goOffline' | 'comeOnline' | 'restart' | 'stop'
> {
  const goOffline = async () => {
    await Promise.all(listeners.map((one) => one.close()));
  };
  const comeOnline = async () => {
    for (const one of listeners) await one.open();
  };
  return {
    printer,
    starts: printer.starts,
    uploads: printer.uploads,
    failPrint: (reason) => printer.fail(reason),
    goOffline,
    comeOnline,
    async restart() {
      await goOffline();
      printer.powerCycle();
      await comeOnline();
    },
    stop: goOffline,
  };
}

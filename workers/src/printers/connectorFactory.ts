// How the queue's jobs get a connector for a printer: a factory passed in (the runtime's, or a test's),
// so printer.dispatch and printer.poll see only the PrinterConnector interface. The runtime uses
// createConnector from connectors/index.ts; tests may give noConnectors, and a connected printer then
// reads as unreachable.
import type { ConnectorConfig, PrinterConnector } from './connectors/types.ts';

export type ConnectorFactory = (config: ConnectorConfig) => PrinterConnector;

export const noConnectors: ConnectorFactory = (config) => {
  throw new Error(`No ${config.kind} connector is installed in this worker`);
};

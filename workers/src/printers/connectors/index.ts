// The one way the workers get a connector: by the printer's configured protocol.
import { bambuConnector } from './bambu.ts';
import { moonrakerConnector } from './moonraker.ts';
import { octoprintConnector } from './octoprint.ts';
import type { ConnectorConfig, PrinterConnector } from './types.ts';

export { PrinterRefusedError, PrinterUnreachableError } from './errors.ts';
export type * from './types.ts';

export function createConnector(config: ConnectorConfig): PrinterConnector {
  switch (config.kind) {
    case 'octoprint':
      return octoprintConnector(config);
    case 'moonraker':
      return moonrakerConnector(config);
    case 'bambu':
      return bambuConnector(config);
  }
}

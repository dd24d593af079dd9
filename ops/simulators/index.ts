// Printer simulators, one per protocol the connectors speak (workers/src/printers/connectors), for
// tests and the dev stack: none of these printers can run here. Each is a real server on 127.0.0.1
// (port 0 by default: a free one, kept across restarts) in front of one SimulatedPrinter that prints
// an uploaded G-code in (its estimated time, else 50 ms a line) / speed.
//
//   const sim = await startSimulator('moonraker', { speed: 3600 }); // an hour's print in a second
//   const connector = createConnector(sim.config);
//
// Every simulator answers with:
//   config            the ConnectorConfig that reaches it (keys, serial, access code, pinned certificate)
//   starts, uploads   counts per file name, so a test proves "0 started twice"
//   printer           the state machine itself: snapshot(), cancels, lostPrints
//   failPrint(reason) fails the current print (OctoPrint "Error", Moonraker "error", Bambu FAILED)
//   goOffline()       the network drops: listeners close, open connections are cut, the print carries on
//   comeOnline()      listens again on the same port(s), the print as far as it got meanwhile
//   restart()         power off and on: the print in progress is lost, as on a printer without
//                     power-loss recovery (it lands in printer.lostPrints); uploaded files stay
//   stop()            closes everything
// The Bambu simulator also has restartBroker(): its MQTT broker alone restarts, the print carries on.
import type { ConnectorConfig, ConnectorKind } from '../../workers/src/printers/connectors/types.ts';
import { type BambuOptions, type BambuSimulator, startBambu } from './bambu.ts';
import type { Simulator } from './handle.ts';
import { type MoonrakerOptions, startMoonraker } from './moonraker.ts';
import { type OctoPrintOptions, startOctoPrint } from './octoprint.ts';

export { printDurationMs, SimulatedPrinter } from './simulatedPrinter.ts';
export type { BambuSimulator, Simulator };
export { startBambu, startMoonraker, startOctoPrint };

interface OptionsOf {
  octoprint: OctoPrintOptions;
  moonraker: MoonrakerOptions;
  bambu: BambuOptions;
}

export function startSimulator<K extends ConnectorKind>(
  kind: K,
  options: OptionsOf[K] = {},
): Promise<K extends 'bambu' ? BambuSimulator : Simulator> {
  const started: Record<ConnectorKind, () => Promise<Simulator>> = {
    octoprint: () => startOctoPrint(options),
    moonraker: () => startMoonraker(options),
    bambu: () => startBambu(options),
  };
  return started[kind]() as Promise<K extends 'bambu' ? BambuSimulator : Simulator>;
}

/**
 * The connector as an operator enters it (POST /api/operator/printers): no pinned certificate, which the
 * form does not ask for, so the workers take the Bambu simulator's self-signed one as a printer's.
 */
export function connectorInputOf(config: ConnectorConfig) {
  switch (config.kind) {
    case 'octoprint':
      return { kind: 'octoprint', baseUrl: config.baseUrl, apiKey: config.apiKey };
    case 'moonraker':
      return {
        kind: 'moonraker',
        baseUrl: config.baseUrl,
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      };
    case 'bambu':
      return {
        kind: 'bambu',
        host: config.host,
        serial: config.serial,
        accessCode: config.accessCode,
        mqttPort: config.mqttPort,
        ftpsPort: config.ftpsPort,
      };
  }
}

// Starts simulated printers for the dev stack's demo farm and prints one JSON line per printer:
// {"name": "octoprint-1", "config": ConnectorConfig}. Runs until interrupted.
//
//   node ops/simulators/cli.ts --octoprint 2 --moonraker 1 --bambu 1 --speed 60
import { parseArgs } from 'node:util';
import type { ConnectorKind } from '../../workers/src/printers/connectors/types.ts';
import { type Simulator, startSimulator } from './index.ts';

const KINDS: ConnectorKind[] = ['octoprint', 'moonraker', 'bambu'];

const { values } = parseArgs({
  options: {
    octoprint: { type: 'string', default: '0' },
    moonraker: { type: 'string', default: '0' },
    bambu: { type: 'string', default: '0' },
    speed: { type: 'string', default: '1' },
  },
});

function count(flag: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${flag} wants a whole number, got '${text}'`);
    process.exit(2);
  }
  return value;
}

const speed = Number(values.speed);
if (!(speed > 0)) {
  console.error(`--speed wants a number above 0, got '${values.speed}'`);
  process.exit(2);
}

const running: Simulator[] = [];
for (const kind of KINDS) {
  for (let index = 1; index <= count(kind, values[kind]); index += 1) {
    const simulator = await startSimulator(kind, { speed });
    running.push(simulator);
    console.log(JSON.stringify({ name: `${kind}-${index}`, config: simulator.config }));
  }
}
if (running.length === 0) console.error('no printer asked for: try --octoprint 2 --moonraker 1 --bambu 1');

async function shutDown(): Promise<void> {
  await Promise.all(running.map((simulator) => simulator.stop()));
  process.exit(0);
}
process.once('SIGINT', shutDown);
process.once('SIGTERM', shutDown);

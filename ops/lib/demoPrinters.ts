// `npm start`'s two simulated printers for the demo farm (prisma/seed/printers.ts stores how to reach
// them): an OctoPrint and a Moonraker printer, real HTTP servers of those protocols over a simulated
// printer (ops/simulators), printing 30 times faster than real time. Not real printers.
import { DEMO_PRINTERS } from '../../prisma/seed/printers.ts';
import { type Simulator, startMoonraker, startOctoPrint } from '../simulators/index.ts';

/** Starts both; a port already taken (another `npm start`) is said in one line and skipped. */
export async function startDemoPrinters(say: (line: string) => void): Promise<Simulator[]> {
  const started: Simulator[] = [];
  const attempts: [string, number, () => Promise<Simulator>][] = [
    [
      'OctoPrint',
      DEMO_PRINTERS.octoprint.port,
      () =>
        startOctoPrint({
          port: DEMO_PRINTERS.octoprint.port,
          apiKey: DEMO_PRINTERS.octoprint.apiKey,
          speed: 30,
        }),
    ],
    [
      'Moonraker',
      DEMO_PRINTERS.moonraker.port,
      () => startMoonraker({ port: DEMO_PRINTERS.moonraker.port, speed: 30 }),
    ],
  ];
  for (const [name, port, start] of attempts) {
    try {
      started.push(await start());
    } catch (error) {
      say(
        `The simulated ${name} printer could not listen on port ${port} (${(error as Error).message}); the demo farm's printer reads offline`,
      );
    }
  }
  return started;
}

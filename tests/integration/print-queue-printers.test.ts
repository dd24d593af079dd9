// The print queue feeding connected printers (issue 27): 100 parts of ten accepted jobs over six
// simulated printers of the three protocols (two OctoPrint, two Moonraker, two Bambu Lab), each a real
// server of its published protocol (ops/simulators). The workers dispatch and the scheduled poll reads
// progress back; this test plays the operator, who clears each bed when a print is done. Midway, one
// Bambu printer's MQTT broker restarts and one OctoPrint printer is power-cycled, losing its print.
// Afterwards: no part went to a printer that cannot take it (material, colour, bed), no file was
// started twice, no part was lost, and every job is printed (ready to ship) at 100 %.
import { describe, expect, it } from 'vitest';
import { type BambuSimulator, type Simulator, startSimulator } from '../../ops/simulators/index.ts';
import { printerPoll } from '../../workers/src/jobs/printerPoll.ts';
import { createConnector } from '../../workers/src/printers/connectors/index.ts';
import { call } from '../support/marketplace.ts';
import {
  acceptedGcodeJob,
  addSimulatedPrinter,
  type PrinterSpec,
  usePrinterSuite,
} from '../support/printQueue.ts';
import { eventually } from '../support/server.ts';

/** The 10-minute prints take about 0.6 s. */
const SPEED = 1_000;

// The PETG printer fits no job; the MINI+ (180 mm bed) takes no large part; white parts only go to the
// white printer and black ones never do.
const PRINTERS: PrinterSpec[] = [
  { kind: 'octoprint', name: 'Octo MK4', brand: 'Prusa', model: 'MK4', material: 'PLA', color: 'Black' },
  { kind: 'octoprint', name: 'Octo MINI', brand: 'Prusa', model: 'MINI+', material: 'PLA', color: 'Black' },
  { kind: 'moonraker', name: 'Klipper PETG', brand: 'Prusa', model: 'MK4', material: 'PETG', color: 'Black' },
  { kind: 'moonraker', name: 'Klipper MK4', brand: 'Prusa', model: 'MK4', material: 'PLA', color: 'Black' },
  {
    kind: 'bambu',
    name: 'X1C black',
    brand: 'Bambu Lab',
    model: 'X1 Carbon',
    material: 'PLA',
    color: 'Black',
  },
  {
    kind: 'bambu',
    name: 'X1C white',
    brand: 'Bambu Lab',
    model: 'X1 Carbon',
    material: 'PLA',
    color: 'White',
  },
];

/** Ten jobs of one file × ten copies: six small black, two large black, two small white. */
const JOBS = Array.from({ length: 10 }, (_, i) => ({
  color: i >= 8 ? 'White' : 'Black',
  bbox: i === 6 || i === 7 ? { x: 200, y: 200, z: 40 } : { x: 30, y: 30, z: 20 },
}));

describe('the queue on six connected printers of three protocols (simulated)', () => {
  const { server, kit, prisma, simulators } = usePrinterSuite();

  it('prints 100 parts: none on a printer that cannot take it, none lost, none started twice', {
    timeout: 300_000,
  }, async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const byPrinterId = new Map<string, { spec: PrinterSpec; simulator: Simulator }>();
    for (const spec of PRINTERS) {
      const simulator = await startSimulator(spec.kind, { speed: SPEED });
      simulators.push(simulator);
      byPrinterId.set(await addSimulatedPrinter(kit, farm, spec, simulator), { spec, simulator });
    }
    const jobIds: string[] = [];
    for (const [index, job] of JOBS.entries())
      jobIds.push(await acceptedGcodeJob(server, kit, farm, { ...job, quantity: 10, name: `job${index}` }));
    const items = await prisma().queueItem.findMany({ where: { jobId: { in: jobIds } } });
    expect(items).toHaveLength(100);

    const context = { ...server.workers.jobContext('test-poll'), connectors: createConnector };
    const named = (name: string) => {
      const found = [...byPrinterId.values()].find(({ spec }) => spec.name === name);
      if (!found) throw new Error(`no printer ${name}`);
      return found;
    };
    const mk4 = named('Octo MK4');
    const bambu = named('X1C black');
    let broke = false;
    const started = Date.now();
    // The operator's side: poll as the schedule does, clear every finished bed, and midway break things.
    await eventually(
      async () => {
        await printerPoll({}, context);
        const done = await prisma().queueItem.count({ where: { jobId: { in: jobIds }, state: 'done' } });
        if (!broke && done >= 40) {
          broke = true;
          await (bambu.simulator as BambuSimulator).restartBroker();
          await mk4.simulator.restart();
        }
        for (const printer of await prisma().printer.findMany({
          where: { farmId: farm.farm.id, state: 'needs_attention' },
        })) {
          const cleared = await call(kit.url(`/api/operator/printers/${printer.id}`), farm.cookie, 'PATCH', {
            state: 'idle',
          });
          expect(cleared.status).toBe(200);
        }
        return done === items.length ? done : undefined;
      },
      240_000,
      250,
    );
    const elapsedS = (Date.now() - started) / 1000;

    // Every part printed, each on a printer that could take it, each file started once.
    const printed = await prisma().queueItem.findMany({
      where: { jobId: { in: jobIds } },
      include: { job: { include: { request: true } } },
    });
    for (const item of printed) {
      expect(item.state).toBe('done');
      expect(item.progress).toBe(1);
      const printer = byPrinterId.get(item.printerId ?? '');
      expect(printer, `item ${item.id} printed on an unknown printer`).toBeDefined();
      const spec = printer?.spec as PrinterSpec;
      expect(spec.material).toBe('PLA');
      expect(spec.color).toBe(item.job.request.color);
      if ((item.partXMm ?? 0) > 180 || (item.partYMm ?? 0) > 180) expect(spec.model).not.toBe('MINI+');
    }
    const starts = simulators.flatMap((simulator) => [...simulator.starts.entries()]);
    expect(starts.filter(([, count]) => count !== 1)).toEqual([]);
    // Each part was started once, and once more only when one of the two broken printers took it: the
    // power cycle's print, lost while printing or finished just before the cut and not yet read back
    // (the queue cannot tell, and prints it again rather than ship a part nobody saw finish), or a start
    // sent as the power or the broker went whose answer never came, and which the printer, back, does
    // not name. At most one part a broken printer, each with its reason. A claim given back unsent (the
    // printer was busy or out of reach when asked) counts an attempt but starts nothing.
    const lost = mk4.simulator.printer.lostPrints.length;
    const reprinted = printed.filter((item) => item.lastFailure !== null);
    expect(reprinted.length).toBeLessThanOrEqual(2);
    expect(reprinted.length).toBeGreaterThanOrEqual(lost);
    for (const item of printed) {
      const attempts = starts.filter(([fileName]) => fileName.startsWith(`q_${item.id}_`)).length;
      if (item.lastFailure === null) expect(attempts, `starts of item ${item.id}`).toBe(1);
      else {
        expect([
          'The printer restarted and lost the print',
          'The printer never confirmed the start and is not printing it',
        ]).toContain(item.lastFailure);
        expect(attempts).toBeGreaterThanOrEqual(1);
        expect(attempts).toBeLessThanOrEqual(2);
      }
    }
    for (const jobId of jobIds) {
      const job = await prisma().printJob.findUniqueOrThrow({ where: { id: jobId } });
      expect(job.progressPercent).toBe(100);
      expect(job.printedAt).not.toBeNull();
    }
    // The PETG printer never printed; the MINI+ did (small black parts), the white one only white parts.
    const petg = [...byPrinterId.values()].find(({ spec }) => spec.material === 'PETG');
    expect(petg?.simulator.starts.size).toBe(0);
    console.info(
      `100 parts on 6 simulated printers in ${elapsedS.toFixed(1)} s; reprinted with a reason (power cycle, broker restart): ${reprinted.length}`,
    );
  });
});

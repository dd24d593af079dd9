// Each attempt at a queue item is sent to its printer at most once. Two dispatch runs that take the
// same claim at the same time upload and start it once. And a start whose answer never came back: the printer took the file and started it, and then its network
// dropped before it could say so. The queue must not hand the part to another printer on the strength
// of "offline" (it may be printing it): the attempt stays on its printer, offline or not, however long,
// until the printer is reached again. Printing (or printed) it: the part is done, started once. Idle
// without it (a power cycle took it): the attempt fails with that reason, the operator hears once, and
// the part is printed again.
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../ops/simulators/index.ts';
import { printerDispatch } from '../../workers/src/jobs/printerDispatch.ts';
import { printerPoll } from '../../workers/src/jobs/printerPoll.ts';
import { createConnector } from '../../workers/src/printers/connectors/index.ts';
import { mailsTo } from '../support/marketplace.ts';
import { outboxMails } from '../support/outboxMail.ts';
import {
  acceptedGcodeJob,
  addSimulatedPrinter,
  type PrinterSpec,
  usePrinterSuite,
  withDispatchPaused,
} from '../support/printQueue.ts';
import type { Operator } from '../support/routing.ts';
import { eventually } from '../support/server.ts';

/** The 10-minute print takes 3 s: still printing when the printer is reached again. */
const SPEED = 200;
const NEVER_CONFIRMED = 'The printer never confirmed the start and is not printing it';

const spec = (name: string): PrinterSpec => ({
  kind: 'octoprint',
  name,
  brand: 'Prusa',
  model: 'MK4',
  material: 'PLA',
  color: 'Black',
});

describe('each attempt sent to its printer at most once (simulated OctoPrint printers)', () => {
  const { server, kit, prisma, simulators } = usePrinterSuite();
  const context = () => ({ ...server.workers.jobContext('test'), connectors: createConnector });

  /**
   * Two idle printers; the first in the queue's order ("A …") drops off the network the moment it
   * starts a print, before it answers. One part is ordered and accepted: answers its queue item once the
   * start has gone out and been lost, with both printers.
   */
  async function lostStart() {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const first = await startSimulator('octoprint', { speed: SPEED });
    const second = await startSimulator('octoprint', { speed: SPEED });
    simulators.push(first, second);
    const firstId = await addSimulatedPrinter(kit, farm, spec('A first'), first);
    await addSimulatedPrinter(kit, farm, spec('B second'), second);
    first.printer.events.once('change', () => void first.goOffline());
    const jobId = await acceptedGcodeJob(server, kit, farm, {
      color: 'Black',
      bbox: { x: 30, y: 30, z: 20 },
      quantity: 1,
      name: 'lost-start',
    });
    const item = await eventually(async () => {
      const found = await prisma().queueItem.findFirstOrThrow({ where: { jobId } });
      return first.starts.size === 1 && found.sentAt ? found : undefined;
    });
    expect(item).toMatchObject({ state: 'printing', printerId: firstId, startedAt: null, attempts: 1 });
    return { farm, first, second, firstId, item };
  }

  /** The item after dispatch runs again and the poll looks at it long after the send (2 minutes+). */
  async function retriedAndPolledLater(farm: Operator, itemId: string) {
    await printerDispatch({ farmId: farm.farm.id }, context());
    const longAgo = new Date(Date.now() - 5 * 60_000);
    await prisma().queueItem.update({
      where: { id: itemId },
      data: { sentAt: longAgo, dispatchedAt: longAgo },
    });
    await printerPoll({}, context());
    await printerDispatch({ farmId: farm.farm.id }, context());
    return prisma().queueItem.findUniqueOrThrow({ where: { id: itemId } });
  }

  it('keeps the attempt on its printer while it is out of reach, and finishes it once it answers', {
    timeout: 60_000,
  }, async () => {
    const { farm, first, second, firstId, item } = await lostStart();
    // Offline: nothing tells whether the start got through, so the part waits for this printer.
    const waiting = await retriedAndPolledLater(farm, item.id);
    expect(waiting).toMatchObject({ state: 'printing', printerId: firstId, startedAt: null, attempts: 1 });
    expect(second.starts.size).toBe(0);

    await first.comeOnline();
    const done = await eventually(async () => {
      await printerPoll({}, context());
      const found = await prisma().queueItem.findUniqueOrThrow({ where: { id: item.id } });
      return found.state === 'done' ? found : undefined;
    });
    expect(done).toMatchObject({ printerId: firstId, attempts: 1, lastFailure: null });
    expect([...first.starts.values()]).toEqual([1]);
    expect(second.starts.size).toBe(0);
  });

  it('fails the attempt with its reason when the printer comes back without it, and prints it again', {
    timeout: 60_000,
  }, async () => {
    const { farm, first, second, firstId, item } = await lostStart();
    first.printer.powerCycle();
    expect(first.printer.lostPrints).toEqual([item.dispatchFileName]);
    await first.comeOnline();
    // Reachable and idle, but only just sent: the printer may still report it, so nothing is judged yet.
    await printerPoll({}, context());
    expect(await prisma().queueItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({
      state: 'printing',
      printerId: firstId,
      lastFailure: null,
    });

    await retriedAndPolledLater(farm, item.id);
    const done = await eventually(async () => {
      await printerPoll({}, context());
      const found = await prisma().queueItem.findUniqueOrThrow({ where: { id: item.id } });
      return found.state === 'done' ? found : undefined;
    });
    // The first printer waits for the operator to look at its bed; the part was printed on the second.
    expect(done).toMatchObject({ attempts: 2, lastFailure: NEVER_CONFIRMED });
    expect(done.printerId).not.toBe(firstId);
    expect([...first.starts.values()]).toEqual([1]);
    expect([...second.starts.values()]).toEqual([1]);
    const printer = await prisma().printer.findUniqueOrThrow({ where: { id: firstId } });
    expect(printer).toMatchObject({ state: 'needs_attention', stateMessage: NEVER_CONFIRMED });
    const [mail] = await mailsTo(farm.user.email, 'A print failed');
    expect(mail?.text).toContain(NEVER_CONFIRMED);
    expect(await outboxMails(prisma(), `print-failed:${item.id}:1`)).toBe(1);
  });

  it('uploads and starts a claim once when two dispatch runs take it at the same time', {
    timeout: 60_000,
  }, async () => {
    // The workers' own dispatch waits, so the two runs below are the only ones.
    await withDispatchPaused(server, async () => {
      const [farm] = await kit.rankedFarms(1);
      if (!farm) throw new Error('farm');
      const printer = await startSimulator('octoprint', { speed: SPEED });
      simulators.push(printer);
      const printerId = await addSimulatedPrinter(kit, farm, spec('Only printer'), printer);
      const jobId = await acceptedGcodeJob(server, kit, farm, {
        color: 'Black',
        bbox: { x: 30, y: 30, z: 20 },
        quantity: 1,
        name: 'two-runs',
      });
      await Promise.all([
        printerDispatch({ farmId: farm.farm.id }, context()),
        printerDispatch({ farmId: farm.farm.id }, context()),
      ]);
      const item = await prisma().queueItem.findFirstOrThrow({ where: { jobId } });
      expect(item).toMatchObject({ state: 'printing', printerId, attempts: 1 });
      expect(item.startedAt).not.toBeNull();
      expect([...printer.uploads.entries()]).toEqual([[item.dispatchFileName, 1]]);
      expect([...printer.starts.entries()]).toEqual([[item.dispatchFileName, 1]]);
    });
  });
});

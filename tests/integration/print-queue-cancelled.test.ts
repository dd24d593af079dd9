// A customer's cancel that commits while a queue item is being started: the start has already read the
// job as accepted and waits for the request's lock, which the cancel holds. Once it gets the lock it must
// see the cancel and start nothing: the item stays queued, the printer free, no G-code goes out. The
// cancel is played by a transaction that holds the request's row lock (as cancelPrintRequest does) and
// closes the job in it, so the interleaving is the same on every run.
import { describe, expect, it } from 'vitest';
import type { PrinterView } from '../../api/src/views/index.ts';
import { printerDispatch } from '../../workers/src/jobs/printerDispatch.ts';
import { createConnector } from '../../workers/src/printers/connectors/index.ts';
import { blockedBehind } from '../support/locks.ts';
import { call } from '../support/marketplace.ts';
import { octoPrintWithJob, usePrinterSuite, withDispatchPaused } from '../support/printQueue.ts';

describe('a queue item whose job is cancelled while it is being started', () => {
  const suite = usePrinterSuite();
  const { server, kit, prisma } = suite;
  const context = () => ({ ...server.workers.jobContext('test'), connectors: createConnector });

  /**
   * Cancels the job in a transaction holding its request's lock, starts `start` meanwhile, and commits
   * only once `start` waits for that lock; answers what `start` answers.
   */
  function cancelWhileStarting<T>(requestId: string, jobId: string, start: () => Promise<T>) {
    return blockedBehind(prisma(), {
      lock: async (tx) => {
        await tx.$queryRaw`SELECT id FROM custom_print_requests WHERE id = ${requestId}::uuid FOR UPDATE`;
        await tx.printJob.update({
          where: { id: jobId },
          data: { state: 'cancelled', closedAt: new Date() },
        });
        await tx.customPrintRequest.update({ where: { id: requestId }, data: { status: 'cancelled' } });
      },
      contenders: start,
    });
  }

  it("refuses the operator's start with 409 and leaves the item queued and the printer free", async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { request, job } = await kit.order(farm);
    expect((await kit.act(farm, job.id, 'accept')).status).toBe(200);
    const item = await prisma().queueItem.findFirstOrThrow({ where: { jobId: job.id } });
    const added = await call<PrinterView>(kit.url('/api/operator/printers'), farm.cookie, 'POST', {
      technology: 'FFF/FDM',
      name: 'By hand',
      brand: 'Prusa',
      model: 'MK4',
      material: item.material,
    });
    expect(added.status).toBe(201);

    const answer = await cancelWhileStarting(request.id, job.id, () =>
      call<{ message: string }>(kit.url(`/api/operator/queue/${item.id}/start`), farm.cookie, 'POST', {
        printerId: added.body.id,
      }),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('You cannot start this item: its job is cancelled by the customer');
    expect(await prisma().queueItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({
      state: 'queued',
      printerId: null,
      attempts: 0,
    });
    expect(await prisma().printer.findUniqueOrThrow({ where: { id: added.body.id } })).toMatchObject({
      state: 'idle',
    });
    expect(await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      state: 'cancelled',
    });
    // Marking it done or failed answers the same, never a 404 that would hide it.
    const done = await call(kit.url(`/api/operator/queue/${item.id}/done`), farm.cookie, 'POST');
    expect(done.status).toBe(409);
  });

  it('dispatches nothing to a connected printer', { timeout: 60_000 }, async () => {
    // The workers' own dispatch waits, so the run below is the only one.
    await withDispatchPaused(server, async () => {
      const { farm, simulator, printerId, jobId } = await octoPrintWithJob(suite, 'cancelled');
      const job = await prisma().printJob.findUniqueOrThrow({ where: { id: jobId } });

      await cancelWhileStarting(job.requestId, jobId, () =>
        printerDispatch({ farmId: farm.farm.id }, context()),
      );
      const item = await prisma().queueItem.findFirstOrThrow({ where: { jobId } });
      expect(item).toMatchObject({ state: 'queued', printerId: null, attempts: 0, dispatchFileName: null });
      expect(await prisma().printer.findUniqueOrThrow({ where: { id: printerId } })).toMatchObject({
        state: 'idle',
      });
      expect(simulator.uploads.size).toBe(0);
      expect(simulator.starts.size).toBe(0);
    });
  });
});

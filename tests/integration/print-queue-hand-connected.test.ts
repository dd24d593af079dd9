// 'Mark started' by hand on a printer that has a connector: the operator started a print of their own on
// it, so printer.poll has no dispatched file to look for. An idle report after the lost-print window
// must not fail the item (nor free the printer for another part): it stays printing on that printer until
// the operator marks it. The window is passed by setting the start back, not by waiting.
import { describe, expect, it } from 'vitest';
import { printerPoll } from '../../workers/src/jobs/printerPoll.ts';
import { createConnector } from '../../workers/src/printers/connectors/index.ts';
import { call } from '../support/marketplace.ts';
import { octoPrintWithJob, usePrinterSuite, withDispatchPaused } from '../support/printQueue.ts';

describe('a hand start on a connected printer', () => {
  const suite = usePrinterSuite();
  const { server, kit, prisma } = suite;
  const context = () => ({ ...server.workers.jobContext('test'), connectors: createConnector });

  it('is left printing by printer.poll while the printer reports idle', { timeout: 60_000 }, async () => {
    await withDispatchPaused(server, async () => {
      const { farm, simulator, printerId, jobId } = await octoPrintWithJob(suite, 'by-hand');
      const item = await prisma().queueItem.findFirstOrThrow({ where: { jobId } });
      const started = await call(kit.url(`/api/operator/queue/${item.id}/start`), farm.cookie, 'POST', {
        printerId,
      });
      expect(started.status).toBe(200);
      // Long past the window in which a printer may name a new print late.
      await prisma().queueItem.update({
        where: { id: item.id },
        data: { startedAt: new Date(Date.now() - 10 * 60_000) },
      });

      expect(await printerPoll({}, context())).toBe('done');

      // No 'lost print' failure recorded for queue.report to apply.
      expect(
        await prisma().outboxEvent.count({
          where: { job: 'queue.report', payload: { path: ['itemId'], equals: item.id } },
        }),
      ).toBe(0);
      expect(await prisma().queueItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({
        state: 'printing',
        printerId,
        lastFailure: null,
      });
      expect(await prisma().printer.findUniqueOrThrow({ where: { id: printerId } })).toMatchObject({
        state: 'printing',
      });
      expect(simulator.starts.size).toBe(0);
      // The operator's own button still closes it.
      const done = await call(kit.url(`/api/operator/queue/${item.id}/done`), farm.cookie, 'POST');
      expect(done.status).toBe(200);
      expect((await prisma().queueItem.findUniqueOrThrow({ where: { id: item.id } })).state).toBe('done');
    });
  });
});

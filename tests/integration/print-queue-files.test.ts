// A queue item's G-code and 3MF project are the farm's only while its job is being made: after the
// customer cancels, both downloads answer 409 saying why; and a file deleted since the item was made
// (items name their file without a foreign key) answers 404 'The file is gone', never a 500.
import { describe, expect, it } from 'vitest';
import type { PrinterView } from '../../api/src/views/index.ts';
import { call } from '../support/marketplace.ts';
import { type Operator, routingKit } from '../support/routing.ts';
import { useServerSuite } from '../support/server.ts';

describe("a queue item's printer files", () => {
  const server = useServerSuite({ workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } } });
  const kit = routingKit(server);
  const { prisma, act } = kit;

  /** An accepted job of `farm`, its first item and a printer worked by hand that can print it. */
  async function itemAndPrinter(farm: Operator) {
    const { request, job } = await kit.order(farm);
    expect((await act(farm, job.id, 'accept')).status).toBe(200);
    const item = await prisma().queueItem.findFirstOrThrow({ where: { jobId: job.id } });
    const added = await call<PrinterView>(kit.url('/api/operator/printers'), farm.cookie, 'POST', {
      technology: 'FFF/FDM',
      brand: 'Prusa',
      model: 'MK4',
      name: `Bench ${item.id.slice(0, 6)}`,
      material: item.material,
    });
    expect(added.status).toBe(201);
    return { request, item, printerId: added.body.id };
  }

  const download = (farm: Operator, itemId: string, file: 'gcode' | 'project.3mf', printerId: string) =>
    call<{ message?: string }>(
      kit.url(`/api/operator/queue/${itemId}/${file}?printerId=${printerId}`),
      farm.cookie,
    );

  it("answers 409 for a cancelled job's item, G-code and 3MF alike", async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { request, item, printerId } = await itemAndPrinter(farm);
    const cancelled = await call(kit.url(`/api/print-requests/${request.id}/cancel`), kit.cookie, 'POST', {
      reason: 'Changed my mind',
    });
    expect(cancelled.status).toBe(200);

    for (const file of ['gcode', 'project.3mf'] as const) {
      const answer = await download(farm, item.id, file, printerId);
      expect(answer.status, file).toBe(409);
      expect(answer.body.message).toBe(
        "This item's file is no longer available: its job is cancelled by the customer",
      );
    }
    // Nothing was asked of the workers for it either.
    expect(
      await prisma().outboxEvent.count({
        where: {
          job: { in: ['queue.slice', 'queue.project'] },
          payload: { path: ['itemId'], equals: item.id },
        },
      }),
    ).toBe(0);
  });

  it('answers 404 "The file is gone" once the file is deleted', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { item, printerId } = await itemAndPrinter(farm);
    await prisma().projectFile.delete({ where: { id: item.fileId } });

    for (const file of ['gcode', 'project.3mf'] as const) {
      const answer = await download(farm, item.id, file, printerId);
      expect(answer.status, file).toBe(404);
      expect(answer.body.message).toBe('The file is gone');
    }
  });
});

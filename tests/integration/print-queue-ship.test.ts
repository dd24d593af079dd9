// Shipping and the queue: a part still printing (here on a printer worked by hand) holds the ship back
// with a 409 naming the part and the printer, so no printer is left on an item of a shipped job; and a
// leftover of that kind, made before this rule, no longer keeps its printer busy for good.
import { describe, expect, it } from 'vitest';
import type { PrinterView, QueueItemView } from '../../api/src/views/index.ts';
import { call } from '../support/marketplace.ts';
import { type Operator, routingKit } from '../support/routing.ts';
import { useServerSuite } from '../support/server.ts';

const SHIPMENT = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };

describe('shipping a job while one of its parts is printing', () => {
  const server = useServerSuite({ workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } } });
  const kit = routingKit(server);
  const { prisma, act } = kit;

  const command = (farm: Operator, itemId: string, name: string, body?: unknown) =>
    call<QueueItemView[] & { message?: string }>(
      kit.url(`/api/operator/queue/${itemId}/${name}`),
      farm.cookie,
      'POST',
      body,
    );

  /** An accepted job of `farm` and its first queue item. */
  async function acceptedJob(farm: Operator) {
    const { job } = await kit.order(farm);
    expect((await act(farm, job.id, 'accept')).status).toBe(200);
    const item = await prisma().queueItem.findFirstOrThrow({
      where: { jobId: job.id },
      orderBy: { position: 'asc' },
    });
    return { job, item };
  }

  async function handPrinter(farm: Operator, name: string, material: string) {
    const added = await call<PrinterView>(kit.url('/api/operator/printers'), farm.cookie, 'POST', {
      technology: 'FFF/FDM',
      brand: 'Prusa',
      model: 'MK4',
      name,
      material,
    });
    expect(added.status).toBe(201);
    return added.body;
  }

  it('refuses the ship naming the part and the printer, and ships once the part is marked printed', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { job, item } = await acceptedJob(farm);
    const printer = await handPrinter(farm, 'Bench MK4', item.material);
    expect((await command(farm, item.id, 'start', { printerId: printer.id })).status).toBe(200);
    const file = await prisma().projectFile.findUniqueOrThrow({ where: { id: item.fileId } });

    const refused = await act(farm, job.id, 'ship', SHIPMENT);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `You cannot ship this job yet: ${file.originalFileName} (copy ${item.copy}) is still printing on Bench MK4. Mark it printed or failed in the queue first`,
    );
    expect(await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      state: 'printing',
      shippedAt: null,
    });

    expect((await command(farm, item.id, 'done')).status).toBe(200);
    expect((await act(farm, job.id, 'ship', SHIPMENT)).status).toBe(200);
    expect(await prisma().printer.findUniqueOrThrow({ where: { id: printer.id } })).toMatchObject({
      state: 'idle',
    });

    // The printer takes the next job's part at once, and can be removed when it is done.
    const next = await acceptedJob(farm);
    expect((await command(farm, next.item.id, 'start', { printerId: printer.id })).status).toBe(200);
    expect((await command(farm, next.item.id, 'done')).status).toBe(200);
    const removed = await call(kit.url(`/api/operator/printers/${printer.id}`), farm.cookie, 'DELETE');
    expect(removed.status).toBe(204);
  });

  it("does not count a closed job's leftover printing item as keeping its printer busy", async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { job, item } = await acceptedJob(farm);
    const printer = await handPrinter(farm, 'Leftover MK4', item.material);
    expect((await command(farm, item.id, 'start', { printerId: printer.id })).status).toBe(200);
    // As a ship before the rule above left it: the job shipped, its part still 'printing' on the printer.
    await prisma().printJob.update({
      where: { id: job.id },
      data: { state: 'shipped', shippedAt: new Date() },
    });

    const next = await acceptedJob(farm);
    const started = await command(farm, next.item.id, 'start', { printerId: printer.id });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect((await command(farm, next.item.id, 'done')).status).toBe(200);
    const removed = await call(kit.url(`/api/operator/printers/${printer.id}`), farm.cookie, 'DELETE');
    expect(removed.status).toBe(204);
  });
});

// Two operators (or two tabs) start different jobs' parts on one printer by hand at the same moment:
// exactly one start wins and the other answers 409, so a printer is never on two items at once. The
// interleaving is made certain: a test transaction holds the printer's row until both starts wait, so on
// code that read the printer free without a common lock both would have read it free by then.
import { describe, expect, it } from 'vitest';
import type { PrinterView } from '../../api/src/views/index.ts';
import { blockedBehind } from '../support/locks.ts';
import { call } from '../support/marketplace.ts';
import { routingKit } from '../support/routing.ts';
import { useServerSuite } from '../support/server.ts';

describe('two hand starts on one printer at once', () => {
  const server = useServerSuite({ workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } } });
  const kit = routingKit(server);
  const { prisma, act } = kit;

  it('answers one 200 and one 409, and the printer prints one item', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const items = [];
    for (let n = 0; n < 2; n++) {
      const { job } = await kit.order(farm);
      expect((await act(farm, job.id, 'accept')).status).toBe(200);
      items.push(await prisma().queueItem.findFirstOrThrow({ where: { jobId: job.id } }));
    }
    const [first, second] = items;
    if (!first || !second) throw new Error('items');
    expect(second.material).toBe(first.material);
    const added = await call<PrinterView>(kit.url('/api/operator/printers'), farm.cookie, 'POST', {
      technology: 'FFF/FDM',
      brand: 'Prusa',
      model: 'MK4',
      name: 'Shared MK4',
      material: first.material,
    });
    expect(added.status).toBe(201);
    const printerId = added.body.id;
    const start = (itemId: string) =>
      call<{ message?: string }>(kit.url(`/api/operator/queue/${itemId}/start`), farm.cookie, 'POST', {
        printerId,
      });

    const answers = await blockedBehind(prisma(), {
      lock: (tx) => tx.$queryRaw`SELECT id FROM printers WHERE id = ${printerId}::uuid FOR UPDATE`,
      contenders: () => Promise.all([start(first.id), start(second.id)]),
      waiters: 2,
    });

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(
      'Shared MK4 is already printing an item',
    );
    const printing = await prisma().queueItem.findMany({ where: { printerId, state: 'printing' } });
    expect(printing).toHaveLength(1);
  });
});

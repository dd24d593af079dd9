// The farm's print queue worked by hand (issue 27): an accepted job's parts (files × quantity) become
// queue items in the accept's transaction; the operator starts one on a printer that can take it, marks
// it done, and the job's progress follows until it is ready to ship; a failed print goes back to the
// queue with its reason, and the operator hears of it once.
import { describe, expect, it } from 'vitest';
import type { PrinterView, QueueItemView } from '../../api/src/views/index.ts';
import { call, mailsTo } from '../support/marketplace.ts';
import { outboxMails } from '../support/outboxMail.ts';
import { type Operator, routingKit } from '../support/routing.ts';
import { eventually, useServerSuite } from '../support/server.ts';

describe('the print queue by hand', () => {
  const server = useServerSuite({ workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } } });
  const kit = routingKit(server);
  const { prisma, act } = kit;

  const queue = (farm: Operator) => call<QueueItemView[]>(kit.url('/api/operator/queue'), farm.cookie);
  const command = (farm: Operator, itemId: string, name: string, body?: unknown) =>
    call<QueueItemView[] & { message?: string; fields?: Record<string, string> }>(
      kit.url(`/api/operator/queue/${itemId}/${name}`),
      farm.cookie,
      'POST',
      body,
    );
  async function addPrinter(farm: Operator, body: Record<string, unknown>) {
    const added = await call<PrinterView>(kit.url('/api/operator/printers'), farm.cookie, 'POST', {
      technology: 'FFF/FDM',
      brand: 'Prusa',
      model: 'MK4',
      ...body,
    });
    expect(added.status).toBe(201);
    return added.body;
  }

  it('turns an accepted job into items, starts and finishes them by hand, and the job is ready to ship', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { job } = await kit.order(farm);
    const files = await prisma().projectFile.findMany({
      where: { printRequestId: job.requestId, deletedAt: null },
    });
    const parts = files.reduce((sum, file) => sum + file.quantity, 0);
    expect((await act(farm, job.id, 'accept')).status).toBe(200);

    const listed = await queue(farm);
    expect(listed.status).toBe(200);
    const items = listed.body.filter((item) => item.jobId === job.id);
    expect(items).toHaveLength(parts);
    expect(items.map((item) => item.position)).toEqual(
      [...items.map((item) => item.position)].sort((a, b) => a - b),
    );
    expect(items[0]).toMatchObject({ printerId: null, state: 'queued' });

    const petg = await addPrinter(farm, { name: 'PETG box', material: 'PETG' });
    const pla = await addPrinter(farm, { name: 'PLA box', material: items[0]?.material ?? 'PLA' });
    const printers = await call<PrinterView[]>(kit.url('/api/operator/printers'), farm.cookie);
    expect(printers.body.map((p) => [p.name, p.connector, p.state])).toEqual([
      ['PETG box', 'none', 'idle'],
      ['PLA box', 'none', 'idle'],
    ]);

    const first = items[0] as QueueItemView;
    const refused = await command(farm, first.id, 'start', { printerId: petg.id });
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.printerId).toContain('needs PLA loaded');
    expect((await prisma().queueItem.findUniqueOrThrow({ where: { id: first.id } })).state).toBe('queued');

    for (const item of items) {
      expect((await command(farm, item.id, 'start', { printerId: pla.id })).status).toBe(200);
      const printing = await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } });
      expect(printing.state).toBe('printing');
      expect((await command(farm, item.id, 'start', { printerId: pla.id })).status).toBe(409);
      expect((await command(farm, item.id, 'done')).status).toBe(200);
    }
    const done = await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(done.progressPercent).toBe(100);
    expect(done.printedAt).not.toBeNull();
    // The operator's job says so: every part printed, ready to ship.
    const view = await call<{ state: string; printedAt: string | null }>(
      kit.url(`/api/operator/jobs/${job.id}`),
      farm.cookie,
    );
    expect(view.body).toMatchObject({ state: 'printing', printedAt: done.printedAt?.toISOString() });
    expect(await outboxMails(prisma(), `job-printing:${job.id}`)).toBe(1);
  });

  it('puts a failed print back in the queue with its reason and mails the operator once', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { job } = await kit.order(farm);
    expect((await act(farm, job.id, 'accept')).status).toBe(200);
    const [item] = (await queue(farm)).body.filter((entry) => entry.jobId === job.id);
    if (!item) throw new Error('item');
    const printer = await addPrinter(farm, { name: 'MK4 one', material: item.material });

    expect((await command(farm, item.id, 'start', { printerId: printer.id })).status).toBe(200);
    const failed = await command(farm, item.id, 'fail', { reason: 'Spaghetti at layer 40' });
    expect(failed.status).toBe(200);
    expect(failed.body.find((entry) => entry.id === item.id)).toMatchObject({
      state: 'queued',
      printerId: null,
      lastFailure: 'Spaghetti at layer 40',
      position: item.position,
    });
    expect((await command(farm, item.id, 'fail', { reason: 'again' })).status).toBe(409);
    const [after] = (await call<PrinterView[]>(kit.url('/api/operator/printers'), farm.cookie)).body;
    expect(after).toMatchObject({ state: 'needs_attention', stateMessage: 'Spaghetti at layer 40' });

    const [mail] = await mailsTo(farm.user.email, 'A print failed');
    expect(mail?.text).toContain('Spaghetti at layer 40');
    expect(mail?.text).toContain('MK4 one');
    await eventually(async () =>
      (await outboxMails(prisma(), `print-failed:${item.id}:1`)) === 1 ? true : undefined,
    );
    // The queue.mail job run again (a retry) records no second e-mail.
    const event = await prisma().outboxEvent.findFirstOrThrow({
      where: { job: 'queue.mail', payload: { path: ['itemId'], equals: item.id } },
    });
    const { queueMail } = await import('../../workers/src/jobs/queueMail.ts');
    expect(await queueMail(event.payload as never, server.workers.jobContext())).toBe('skipped');
    expect(await mailsTo(farm.user.email, 'A print failed')).toHaveLength(1);
  });

  it('refuses bad input with the fields named and writes nothing', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const bad = await call<{ message: string; fields: Record<string, string> }>(
      kit.url('/api/operator/printers'),
      farm.cookie,
      'POST',
      {
        name: '',
        technology: 'FFF/FDM',
        brand: 'Formlabs Resin',
        connector: { kind: 'octoprint', baseUrl: 'ftp://x' },
      },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['name', 'connector.baseUrl']));
    const noKey = await call<{ fields: Record<string, string> }>(
      kit.url('/api/operator/printers'),
      farm.cookie,
      'POST',
      {
        name: 'Octo',
        technology: 'FFF/FDM',
        brand: 'Prusa',
        connector: { kind: 'octoprint', baseUrl: 'http://octopi.local' },
      },
    );
    expect(noKey.status).toBe(400);
    expect(noKey.body.fields['connector.apiKey']).toBe("Enter the printer's OctoPrint API key");
    expect(await prisma().printer.count({ where: { farmId: farm.farm.id } })).toBe(0);

    const sealed = await call<PrinterView>(kit.url('/api/operator/printers'), farm.cookie, 'POST', {
      name: 'Octo',
      technology: 'FFF/FDM',
      brand: 'Prusa',
      connector: { kind: 'octoprint', baseUrl: 'http://octopi.local', apiKey: 'SECRET-KEY-123' },
    });
    expect(sealed.status).toBe(201);
    expect(JSON.stringify(sealed.body)).not.toContain('SECRET-KEY-123');
    expect(sealed.body).toMatchObject({ connector: 'octoprint', hasSecret: true });
    const row = await prisma().printer.findUniqueOrThrow({ where: { id: sealed.body.id } });
    expect(row.connectorSecret).not.toContain('SECRET-KEY-123');
  });
});

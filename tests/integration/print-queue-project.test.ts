// The operator downloads a queue item's 3MF project (issue 27) with the real PrusaSlicer: the part as
// it is sliced, with the printer's bed and nozzle in the project's settings, made once by a worker
// (202 meanwhile); a part uploaded as G-code has no project (409).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { PrinterView, QueueItemView } from '../../api/src/views/index.ts';
import { binaryStl, cubeMesh, triangles } from '../../ops/fixtures/models/builders.ts';
import { call, createDraftRequest, offersOf, openJobOf, submitAndQuote } from '../support/marketplace.ts';
import { routingKit } from '../support/routing.ts';
import { eventually, useServerSuite } from '../support/server.ts';

describe("a queue item's 3MF project", () => {
  const server = useServerSuite({ workers: true });
  const kit = routingKit(server);
  const { prisma } = kit;

  it('is the STL part with the printer’s bed and nozzle, and none for a G-code upload', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    // The part is in storage before the quote, so the quote's own slicing finds it too.
    const draft = await createDraftRequest(prisma(), kit.customer.id, { zip: '78701' });
    const [file] = await prisma().projectFile.findMany({ where: { printRequestId: draft.id } });
    if (!file) throw new Error('file');
    const stored = `queue-project/${file.id}.stl`;
    mkdirSync(path.join(server.workers.config.UPLOAD_DIR, 'queue-project'), { recursive: true });
    writeFileSync(path.join(server.workers.config.UPLOAD_DIR, stored), binaryStl(triangles(cubeMesh(20))));
    await prisma().projectFile.update({ where: { id: file.id }, data: { filePath: stored } });
    expect((await submitAndQuote(server.api.url, kit.cookie, draft.id)).status).toBe('quoted');
    const offers = await offersOf(server.api.url, kit.cookie, draft.id);
    const accepted = await kit.accept(
      draft.id,
      offers.find((offer) => offer.farmId === farm.farm.id),
    );
    expect(accepted.status).toBe(200);
    const job = await openJobOf(prisma(), draft.id);
    expect((await kit.act(farm, job.id, 'accept')).status).toBe(200);
    const queue = await call<QueueItemView[]>(kit.url('/api/operator/queue'), farm.cookie);
    const item = queue.body.find((candidate) => candidate.jobId === job.id);
    if (!item) throw new Error('item');
    const added = await call<PrinterView>(kit.url('/api/operator/printers'), farm.cookie, 'POST', {
      name: 'Wide MK4',
      technology: 'FFF/FDM',
      brand: 'Prusa',
      model: 'MK4',
      material: item.material,
    });
    expect(added.status).toBe(201);
    await prisma().printer.update({
      where: { id: added.body.id },
      data: { buildXMm: 300, buildYMm: 280, buildZMm: 260, nozzleMm: 0.6 },
    });

    const projectUrl = kit.url(`/api/operator/queue/${item.id}/project.3mf?printerId=${added.body.id}`);
    const download = () => fetch(projectUrl, { headers: { cookie: farm.cookie } });
    const first = await download();
    expect(first.status).toBe(202);
    expect(((await first.json()) as { message: string }).message).toContain('Wide MK4');
    const ready = await eventually(async () => {
      const response = await download();
      return response.status === 200 ? response : undefined;
    }, 60_000);
    expect(ready.headers.get('content-type')).toBe('model/3mf');
    expect(ready.headers.get('content-disposition')).toMatch(/_Wide_MK4\.3mf"$/);
    const entries = unzipSync(new Uint8Array(await ready.arrayBuffer()));
    expect(entries['3D/3dmodel.model']).toBeDefined();
    const settings = strFromU8(entries['Metadata/Slic3r_PE.config'] ?? new Uint8Array());
    expect(settings).toContain('; bed_shape = 0x0,300x0,300x280,0x280');
    expect(settings).toContain('; max_print_height = 260');
    expect(settings).toContain('; nozzle_diameter = 0.6');

    await prisma().projectFile.update({
      where: { id: file.id },
      data: { analysis: { update: { format: 'gcode' } } },
    });
    const refused = await download();
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain('uploaded as G-code');
  });
});

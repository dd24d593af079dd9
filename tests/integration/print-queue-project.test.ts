import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { stlItemOnPrinter } from '../support/printQueue.ts';
import { routingKit } from '../support/routing.ts';
import { eventually, useServerSuite } from '../support/server.ts';

describe("a queue item's 3MF project", () => {
  const server = useServerSuite({ workers: true });
  const kit = routingKit(server);
  const { prisma } = kit;

  it('is the STL part with the printer’s bed and nozzle, and none for a G-code upload', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { fileId, item, printerId } = await stlItemOnPrinter(server, kit, farm, 'queue-project', {
      buildXMm: 300,
      buildYMm: 280,
      buildZMm: 260,
      nozzleMm: 0.6,
    });

    const projectUrl = kit.url(`/api/operator/queue/${item.id}/project.3mf?printerId=${printerId}`);
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
      where: { id: fileId },
      data: { analysis: { update: { format: 'gcode' } } },
    });
    const refused = await download();
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain('uploaded as G-code');
  });
});

// A queue item's G-code for a printer when the machine, not the part, is the trouble: a slice cut off by
// its time limit is no verdict on the part, so nothing is kept and the job's retry slices it again. The
// slicer is the real PrusaSlicer behind a wrapper that is slow on its first slice for that printer's bed.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stlItemOnPrinter } from '../support/printQueue.ts';
import { routingKit } from '../support/routing.ts';
import { eventually, useServerSuite } from '../support/server.ts';
import { slowOnceSlicer } from '../support/slowSlicer.ts';

const workDir = mkdtempSync(path.join(tmpdir(), 'queue-slice-transient-'));
// Only slices for the 310 mm bed of the printer below count, and the first of them is slow.
const { path: slicer, slicesRun } = slowOnceSlicer(
  workDir,
  9,
  '*310x0*--export-gcode*|*--export-gcode*310x0*',
);

describe("a queue item's G-code after a slice that ran out of time", () => {
  const server = useServerSuite({
    workers: { env: { SLICER_PATH: slicer, SLICER_TIMEOUT_MS: '6000', SLICER_CONCURRENCY: '1' } },
  });
  const kit = routingKit(server);
  const { prisma } = kit;
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('is sliced again by the retry, and kept only once it is made', { timeout: 120_000 }, async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { item, printerId } = await stlItemOnPrinter(server, kit, farm, 'queue-transient', {
      buildXMm: 310,
      buildYMm: 280,
      buildZMm: 260,
    });

    const gcodeUrl = kit.url(`/api/operator/queue/${item.id}/gcode?printerId=${printerId}`);
    const download = () => fetch(gcodeUrl, { headers: { cookie: farm.cookie } });
    expect((await download()).status).toBe(202);
    const ready = await eventually(async () => {
      const response = await download();
      return response.status === 200 ? response : undefined;
    }, 90_000);
    expect(await ready.text()).toContain('G1 ');
    // The first slice ran out of its 6 s and kept nothing; the retry made the G-code.
    expect(await slicesRun()).toBe(2);
    expect(await prisma().printerSlice.count({ where: { status: 'failed' } })).toBe(0);
  });
});

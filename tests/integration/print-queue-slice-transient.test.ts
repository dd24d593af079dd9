// A queue item's G-code for a printer when the machine, not the part, is the trouble: a slice cut off by
// its time limit is no verdict on the part, so nothing is kept and the job's retry slices it again. The
// slicer is the real PrusaSlicer behind a wrapper that is slow on its first slice for that printer's bed.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PrinterView, QueueItemView } from '../../api/src/views/index.ts';
import { binaryStl, cubeMesh, triangles } from '../../ops/fixtures/models/builders.ts';
import { call, createDraftRequest, offersOf, openJobOf, submitAndQuote } from '../support/marketplace.ts';
import { routingKit } from '../support/routing.ts';
import { eventually, useServerSuite } from '../support/server.ts';

const workDir = mkdtempSync(path.join(tmpdir(), 'queue-slice-transient-'));
const slicer = path.join(workDir, 'prusa-slicer');
const sliceLog = path.join(workDir, 'slices.log');
const slowedOnce = path.join(workDir, 'slowed-once');
// Only slices for the 310 mm bed of the printer below are logged, and the first of them is slow.
writeFileSync(
  slicer,
  `#!/bin/sh
case "$*" in *310x0*--export-gcode*|*--export-gcode*310x0*)
  echo slice >> '${sliceLog}'
  if [ ! -e '${slowedOnce}' ]; then touch '${slowedOnce}'; sleep 9; fi ;;
esac
exec /usr/bin/prusa-slicer "$@"
`,
  { mode: 0o755 },
);
const slicesRun = async () =>
  (await readFile(sliceLog, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;

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
    const draft = await createDraftRequest(prisma(), kit.customer.id, { zip: '78701' });
    const [file] = await prisma().projectFile.findMany({ where: { printRequestId: draft.id } });
    if (!file) throw new Error('file');
    const stored = `queue-transient/${file.id}.stl`;
    mkdirSync(path.join(server.workers.config.UPLOAD_DIR, 'queue-transient'), { recursive: true });
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
      data: { buildXMm: 310, buildYMm: 280, buildZMm: 260 },
    });

    const gcodeUrl = kit.url(`/api/operator/queue/${item.id}/gcode?printerId=${added.body.id}`);
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

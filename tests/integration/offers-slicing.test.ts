// Firm prices where they should be firm (issue 23, findings 5 and 9), with the real PrusaSlicer: what is
// sliced is our triangulated copy of the mesh (an OBJ with six-cornered faces, which PrusaSlicer refuses
// as uploaded), turned to the orientation needing least support, on the bed of the largest printer that
// offered (a part larger than the profile's 250 × 210 mm bed); and a part the slicer finds nothing to
// print in blocks its offers with the reason.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintRequestView } from '../../api/src/presenters/printRequest.ts';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { binaryStl, cubeMesh, obj, triangles } from '../../ops/fixtures/models/builders.ts';
import { hexagonalPrism, largeFormatBox } from '../../ops/fixtures/models/printability.ts';
import { invertedPyramid } from '../../ops/fixtures/models/solids.ts';
import {
  call,
  createFarm,
  FDM_X1,
  type OfferView,
  offersOf,
  submitAndQuote,
  uploadedRequest,
} from '../support/marketplace.ts';
import { eventually, useServerSuite } from '../support/server.ts';

const PRUSA_XL = { technology: 'FFF/FDM', brand: 'Prusa', model: 'XL', count: 1 } as const;
const workDir = mkdtempSync(path.join(tmpdir(), 'offers-slicing-'));

type Offer = OfferView & { blockedReason: string | null };

describe('firm offers from our own copy of the mesh', () => {
  const uploadDir = path.join(workDir, 'uploads');
  const server = useServerSuite({
    apiEnv: { UPLOAD_DIR: uploadDir },
    workers: { env: { UPLOAD_DIR: uploadDir } },
  });
  let cookie = '';
  beforeAll(async () => {
    const user = await createUser(server.api.prisma, { firstName: 'Sol' });
    cookie = await signIn(server.api.url, user.email, user.password);
    await createFarm(server.api.prisma, { zip: '78701', name: 'Austin X1', inventory: [FDM_X1] });
    await createFarm(server.api.prisma, { zip: '78702', name: 'Austin XL', inventory: [PRUSA_XL] });
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  /** Uploads, quotes, and waits until stage 2 has answered every offer (firm, or why not). */
  async function settledOffers(bytes: Uint8Array, fileName: string) {
    const draft = await uploadedRequest(server.api.url, cookie, bytes, fileName, '78701');
    const quoted = await submitAndQuote(server.api.url, cookie, draft.id);
    expect(quoted.status, quoted.quoteIssue ?? '').toBe('quoted');
    const offers = await eventually(async () => {
      const current = (await offersOf(server.api.url, cookie, draft.id)) as Offer[];
      const settled = current.every(
        (o) => o.kind === 'firm' || o.estimateReason !== 'Being checked by our slicer',
      );
      return current.length > 0 && settled ? current : undefined;
    }, 60_000);
    return { draft, offers };
  }

  const slicesOf = (request: PrintRequestView) =>
    server.api.prisma.sliceResult.findMany({ where: { sha256: request.files[0]?.sha256 ?? '' } });

  it('firms up an OBJ whose faces have six corners', async () => {
    const { draft, offers } = await settledOffers(obj(hexagonalPrism(10, 5)), 'hexagon.obj');
    expect(offers.map((o) => [o.kind, o.estimateReason])).toEqual(offers.map(() => ['firm', null]));
    const [slice] = await slicesOf(draft);
    expect(slice).toMatchObject({ status: 'ok', reason: null });
    // (3√3 / 2) · 10² · 5 mm³ = 1.3 cm³ of part, at 15 % infill: about a gram of PLA.
    expect(offers[0]?.breakdown.grams).toBeGreaterThan(0.5);
    expect(offers[0]?.breakdown.grams).toBeLessThan(2.5);
  });

  it("slices a part larger than the profile's bed on the large printer that offered", async () => {
    const { draft, offers } = await settledOffers(binaryStl(triangles(largeFormatBox())), 'big-box.stl');
    expect(offers.map((o) => o.farmName)).toEqual(['Austin XL']);
    expect(offers[0]?.kind).toBe('firm');
    const [slice] = await slicesOf(draft);
    expect(slice).toMatchObject({ status: 'ok', bed: '360x360x360' });
  });

  it('slices in the orientation needing least support: a pyramid on its apex stands on its base', async () => {
    const { draft, offers } = await settledOffers(binaryStl(triangles(invertedPyramid(30, 30))), 'apex.stl');
    expect(offers.every((o) => o.kind === 'firm')).toBe(true);
    const [slice] = await slicesOf(draft);
    expect(slice?.orientation).toBe('z+');
    expect(slice?.features).toMatchObject({ supportVolumeCm3: 0 });
    const file = draft.files[0];
    expect(file?.analysis?.printOrientation?.key).toBe('z+');
  });

  it('blocks the offers of a part the slicer finds nothing to print in, with its reason', async () => {
    // A needle 0.1 mm across and 5 mm tall: our own check of its walls would stop it first, so its
    // inspection is taken away, as for a file inspected before the check existed.
    const needle = {
      vertices: cubeMesh(1).vertices.map(([x, y, z]) => [x * 0.1, y * 0.1, z * 5]),
      faces: cubeMesh(1).faces,
    };
    const draft = await uploadedRequest(
      server.api.url,
      cookie,
      binaryStl(triangles(needle as ReturnType<typeof cubeMesh>)),
      'needle.stl',
      '78701',
    );
    expect(draft.files[0]?.analysis?.findings.map((f) => f.code)).toEqual(['not_printable']);
    await server.api.prisma.$executeRaw`UPDATE file_analyses SET inspection = NULL, inspected_at = NULL
      WHERE file_id = ${draft.files[0]?.id}::uuid`;
    expect((await submitAndQuote(server.api.url, cookie, draft.id)).status).toBe('quoted');
    const offers = await eventually(async () => {
      const current = (await offersOf(server.api.url, cookie, draft.id)) as Offer[];
      return current.length > 0 && current.every((o) => o.blockedReason) ? current : undefined;
    }, 60_000);
    const reason =
      'needle.stl: The slicer could not slice this model: The print is empty. The model is not printable with current print settings.';
    expect(offers.map((o) => o.blockedReason)).toEqual(offers.map(() => reason));
    const accepted = await call<{ message: string }>(
      `${server.api.url}/api/print-requests/${draft.id}/offers/${offers[0]?.id}/accept`,
      cookie,
      'POST',
      {},
    );
    expect(accepted.status).toBe(409);
    expect(accepted.body.message).toBe(reason);
    // The verdict is on the file too, as a finding that blocks.
    const view = await call<PrintRequestView>(`${server.api.url}/api/print-requests/${draft.id}`, cookie);
    expect(view.body.files[0]?.analysis?.findings[0]).toMatchObject({
      code: 'not_printable',
      severity: 'blocks',
    });
    expect((await slicesOf(draft))[0]?.status).toBe('unprintable');
  });
});

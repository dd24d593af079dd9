// Firm offers without a slicer: the workers' SLICER_PATH names no program, so the offers stay estimates
// priced from the geometry and say why; nothing is cached, so the file is sliced once a slicer is back.
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '../../ops/fixtures/auth.ts';
import { createFarm, offersOf, submitAndQuote, uploadedRequest } from '../support/marketplace.ts';
import { eventually, useServerSuite } from '../support/server.ts';

const CUBE = path.join(import.meta.dirname, '../fixtures/models/cube-20mm.stl');
const NOT_AVAILABLE = 'Our slicer is not available right now; this price is estimated from the geometry';

describe('offers while the slicer is absent', () => {
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'offers-noslicer-'));
  const server = useServerSuite({
    apiEnv: { UPLOAD_DIR: uploadDir },
    workers: { env: { UPLOAD_DIR: uploadDir, SLICER_PATH: '/nonexistent/prusa-slicer' } },
  });
  let customer: TestUser;
  let cookie: string;

  beforeAll(async () => {
    customer = await createUser(server.api.prisma, { firstName: 'Sol' });
    cookie = await signIn(server.api.url, customer.email, customer.password);
    for (const zip of ['78701', '78702', '78704']) await createFarm(server.api.prisma, { zip });
  });
  afterAll(async () => {
    await rm(uploadDir, { recursive: true, force: true });
  });

  it('keeps the offers as estimates from the geometry and shows the reason', async () => {
    const draft = await uploadedRequest(
      server.api.url,
      cookie,
      await readFile(CUBE),
      'cube-20mm.stl',
      '78701',
    );
    expect((await submitAndQuote(server.api.url, cookie, draft.id)).status).toBe('quoted');
    const offers = await eventually(async () => {
      const current = await offersOf(server.api.url, cookie, draft.id);
      return current.length === 3 && current.every((offer) => offer.estimateReason === NOT_AVAILABLE)
        ? current
        : undefined;
    });
    for (const offer of offers) {
      expect(offer.kind).toBe('estimate');
      expect(offer.breakdown.printHours).toBeGreaterThan(0);
      expect(Number(offer.price)).toBeGreaterThan(0);
    }
    expect(await server.api.prisma.sliceResult.count()).toBe(0);
    const request = await server.api.prisma.customPrintRequest.findUniqueOrThrow({ where: { id: draft.id } });
    expect(request.status).toBe('quoted');
  });
});

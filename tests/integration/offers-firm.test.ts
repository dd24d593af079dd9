// Firm offers (issue 10, stage 2) end to end: a real tus upload of a 20 mm cube, its analysis, the ship-to
// ZIP, 'Get quotes' (estimates first), then PrusaSlicer slices the file once and the offers become firm
// with its print time and grams. A second request for the same file is priced from the cached slice.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '../../ops/fixtures/auth.ts';
import {
  createFarm,
  mailsTo,
  type OfferView,
  offersOf,
  submitAndQuote,
  uploadedRequest,
} from '../support/marketplace.ts';
import { eventually, useServerSuite } from '../support/server.ts';

const CUBE = path.join(import.meta.dirname, '../fixtures/models/cube-20mm.stl');
/** PrusaSlicer 2.5 on our 0.20 mm / 15 % profile: the cube prints in ~18.7 min with ~3.76 g of PLA. */
const SLICED = { minutes: 18.7, grams: 3.76 };

// The slicer is the real PrusaSlicer behind a wrapper that counts how often it is asked to slice.
const workDir = mkdtempSync(path.join(tmpdir(), 'offers-firm-'));
const slicer = path.join(workDir, 'prusa-slicer');
const sliceLog = path.join(workDir, 'slices.log');
writeFileSync(
  slicer,
  `#!/bin/sh\ncase "$*" in *--export-gcode*) echo slice >> '${sliceLog}' ;; esac\nexec prusa-slicer "$@"\n`,
  { mode: 0o755 },
);
const slicesRun = async () =>
  (await readFile(sliceLog, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;

describe('firm offers from PrusaSlicer', () => {
  const uploadDir = path.join(workDir, 'uploads');
  const server = useServerSuite({
    apiEnv: { UPLOAD_DIR: uploadDir },
    workers: { env: { UPLOAD_DIR: uploadDir, SLICER_PATH: slicer } },
  });
  let customer: TestUser;
  let cookie: string;

  beforeAll(async () => {
    customer = await createUser(server.api.prisma, { firstName: 'Fern' });
    cookie = await signIn(server.api.url, customer.email, customer.password);
    for (const zip of ['78701', '78702', '78704']) await createFarm(server.api.prisma, { zip });
  });
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  /** Uploads the cube, gets quotes and waits until every offer is firm. */
  async function firmOffersForCube(): Promise<OfferView[]> {
    const draft = await uploadedRequest(
      server.api.url,
      cookie,
      await readFile(CUBE),
      'cube-20mm.stl',
      '78701',
    );
    expect(draft.files[0]?.analysis?.boundingBoxMm).toEqual({ x: 20, y: 20, z: 20 });
    const quoted = await submitAndQuote(server.api.url, cookie, draft.id);
    expect(quoted.status).toBe('quoted');
    return eventually(async () => {
      const current = await offersOf(server.api.url, cookie, draft.id);
      return current.length === 3 && current.every((offer) => offer.kind === 'firm') ? current : undefined;
    }, 30_000);
  }

  it("prices the offers from PrusaSlicer's print time and grams, with the breakdown", async () => {
    const offers = await firmOffersForCube();
    // Stage 1 answered first with estimates; 'Your quotes are ready' waited for the firm prices.
    const [ready] = await mailsTo(customer.email, 'Your quotes are ready: cube 20mm');
    // The first line ends with the farm's distance, with no '(estimate)' after it.
    expect(ready?.text).toMatch(/1\. .+: \$\d+\.\d{2}, ready by .+ (miles|a mile) away\n/);
    expect(ready?.text).not.toContain('(estimate)');
    expect(ready?.text).toContain('Every price is firm');
    const firmPrices = new Set(offers.map((offer) => `$${Number(offer.price).toFixed(2)}`));
    const mailed = [...(ready?.text ?? '').matchAll(/: (\$\d+\.\d{2}),/g)].map((match) => match[1]);
    expect(mailed.length).toBeGreaterThan(0);
    for (const price of mailed) expect(firmPrices).toContain(price);
    const [slice, ...others] = await server.api.prisma.sliceResult.findMany();
    expect(others).toHaveLength(0);
    expect(slice).toMatchObject({ status: 'ok', profileKey: '0.20mm-15pct', units: 'mm', reason: null });
    expect(slice?.slicerVersion).toMatch(/^PrusaSlicer 2\./);
    expect((slice?.printSeconds ?? 0) / 60).toBeCloseTo(SLICED.minutes, 0);
    expect((slice?.filamentCm3 ?? 0) * 1.24).toBeCloseTo(SLICED.grams, 1);
    expect(await slicesRun()).toBe(1);

    for (const offer of offers) {
      expect(offer.estimateReason).toBeNull();
      // The whole order is one cube: its hours and grams are the slicer's.
      expect(offer.breakdown.printHours * 60).toBeGreaterThan(SLICED.minutes - 0.7);
      expect(offer.breakdown.printHours * 60).toBeLessThan(SLICED.minutes + 0.7);
      expect(offer.breakdown.grams).toBeCloseTo(SLICED.grams, 0);
      expect(offer.breakdown.printHours).toBe(Math.round(((slice?.printSeconds ?? 0) / 3600) * 100) / 100);
      const lines = ['material', 'machine', 'setup', 'minimumOrder', 'shipping'] as const;
      const sum = lines.reduce((total, line) => total + Number(offer.breakdown[line]), 0);
      expect(sum).toBeCloseTo(Number(offer.price), 2);
    }
  });

  it('prices a second request for the same file from the cached slice, without slicing again', async () => {
    const before = await server.api.prisma.sliceResult.findFirstOrThrow();
    const offers = await firmOffersForCube();
    expect(await slicesRun()).toBe(1);
    const after = await server.api.prisma.sliceResult.findMany();
    expect(after).toEqual([before]);
    for (const offer of offers) {
      expect(offer.breakdown.printHours).toBe(Math.round(((before.printSeconds ?? 0) / 3600) * 100) / 100);
    }
  });
});

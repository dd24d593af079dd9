// The farm operator's area in Chromium: signing in lands on the inbox with its badge; the operator
// accepts a new job, reports progress and ships it with a tracking link while the customer's request
// follows in the database; another operator cannot open the job; the farm settings save a rate and
// the pause switch.
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../ops/fixtures/auth.ts';
import { binaryStlCube } from '../../ops/fixtures/tus.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { createDraftRequest, createFarm, FDM_X1, TEST_SHIP_TO } from '../support/marketplace.ts';

const WAIT = { timeout: 20_000 };
const HOUR_MS = 3_600_000;
const TRACKING = '1Z999AA10123456784';
const uploadDir = path.join(tmpdir(), `operator-e2e-${randomUUID()}`);
mkdirSync(path.join(uploadDir, 'designs'), { recursive: true });

async function signInAt(page: Page, baseUrl: string, user: TestUser): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', WAIT);
}

describe('operator area', () => {
  const suite = useBrowserSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true', UPLOAD_DIR: uploadDir },
    contextOptions: { serviceWorkers: 'block', viewport: { width: 1280, height: 900 } },
  });
  let operator: TestUser;
  let farmId: string;
  let requestId: string;
  let jobId: string;

  beforeAll(async () => {
    const prisma = suite.api.prisma;
    operator = await createUser(prisma, { role: 'operator', firstName: 'Olive' });
    const farm = await createFarm(prisma, {
      zip: '78701',
      name: 'Lone Star Layers',
      ownerId: operator.id,
      inventory: [FDM_X1],
    });
    farmId = farm.id;
    const customer = await createUser(prisma, { firstName: 'Casey' });
    const request = await createDraftRequest(prisma, customer.id, {
      title: 'Replacement dishwasher wheel',
      zip: '78701',
      parts: [{ bbox: { x: 40, y: 40, z: 12 }, quantity: 4 }],
    });
    requestId = request.id;
    // The part as the customer uploaded it, so the download and the 3-D preview have real bytes.
    const stl = binaryStlCube(40);
    writeFileSync(path.join(uploadDir, 'designs', 'wheel.stl'), stl);
    await prisma.projectFile.updateMany({
      where: { printRequestId: request.id },
      data: { filePath: 'designs/wheel.stl', fileSize: stl.length },
    });
    // Ordered and routed to the farm, as request.route leaves it.
    await prisma.customPrintRequest.update({
      where: { id: request.id },
      data: { status: 'ordered', quoteRound: 1, assignedFarmId: farmId, shippingAddress: TEST_SHIP_TO },
    });
    const readyBy = new Date(Date.now() + 3 * 24 * HOUR_MS);
    const offer = await prisma.requestOffer.create({
      data: {
        requestId: request.id,
        farmId,
        price: '18.40',
        distanceMiles: 2,
        status: 'routed',
        quoteRound: 1,
        kind: 'firm',
        readyBy,
      },
    });
    const job = await prisma.printJob.create({
      data: {
        requestId: request.id,
        farmId,
        offerId: offer.id,
        price: '18.40',
        readyBy,
        parts: 4,
        respondBy: new Date(Date.now() + 24 * HOUR_MS),
      },
    });
    jobId = job.id;
  });

  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

  const requestStatus = async () =>
    (await suite.api.prisma.customPrintRequest.findUniqueOrThrow({ where: { id: requestId } })).status;

  it('answers a new job, reports progress and ships it with a tracking link', {
    timeout: 60_000,
  }, async () => {
    const page = await suite.newPage();
    await signInAt(page, suite.api.url, operator);
    expect(new URL(page.url()).pathname).toBe('/operator');

    // The inbox: the badge counts the one job waiting for an answer.
    await page.getByRole('heading', { level: 1, name: 'Job inbox' }).waitFor(WAIT);
    const inboxLink = page.getByRole('link', { name: 'Job inbox (1 new)' });
    await inboxLink.waitFor(WAIT);
    expect(await inboxLink.locator('.op-badge').textContent()).toBe('1');
    const card = page.getByRole('link', { name: /Replacement dishwasher wheel/ });
    await card.getByText('FFF/FDM · PLA · 4 parts').waitFor(WAIT);
    await card.getByText('Ships to Austin, TX 78701').waitFor();
    await card.getByText('answer within 23 h').waitFor();
    await card.click();

    // The job: the files measured, the town but not yet the street.
    await page.waitForURL((url) => url.pathname === `/operator/jobs/${jobId}`, WAIT);
    await page.getByRole('heading', { level: 1, name: 'Replacement dishwasher wheel' }).waitFor(WAIT);
    await page.getByText('40 × 40 × 12 mm').waitFor();
    await page.getByText('Watertight').waitFor();
    await page.getByText('The full address is shown once you accept the job.').waitFor();
    expect(await page.getByText('9 Elm St').count()).toBe(0);
    await page.locator('canvas.model-canvas, .model-viewer__status').first().waitFor(WAIT);

    await page.getByRole('button', { name: 'Accept job' }).click();
    await page.getByRole('heading', { name: 'Accepted — time to print' }).waitFor(WAIT);
    await page.getByText('9 Elm St').waitFor();
    expect(await requestStatus()).toBe('accepted');

    // Progress on an accepted job starts printing; the customer sees the percentage.
    await page.getByRole('button', { name: '50%' }).click();
    await page.getByRole('button', { name: 'Save progress' }).click();
    await page.getByText('The customer sees 50% complete.').first().waitFor(WAIT);
    await page.getByRole('heading', { name: 'Printing', exact: true }).waitFor();
    const printing = await suite.api.prisma.customPrintRequest.findUniqueOrThrow({
      where: { id: requestId },
    });
    expect([printing.status, printing.progressPercent]).toEqual(['printing', 50]);

    // Shipping: the hint names the carrier's format, a wrong number is refused, the right one shipped.
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark shipped' });
    await dialog.getByText(`A UPS tracking number looks like ${TRACKING}`).waitFor(WAIT);
    await dialog.getByLabel('Tracking number').fill('12345');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await dialog.getByText('This is not a tracking number of the chosen carrier').waitFor();
    await dialog.getByLabel('Tracking number').fill(TRACKING);
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    const track = page.getByRole('link', { name: 'Track parcel' });
    await track.waitFor(WAIT);
    expect(await track.getAttribute('href')).toBe(`https://www.ups.com/track?tracknum=${TRACKING}`);
    expect(await requestStatus()).toBe('shipped');
    const history = await suite.api.prisma.requestStatusHistory.findMany({
      where: { requestId },
      orderBy: { createdAt: 'asc' },
    });
    expect(history.map((change) => change.toStatus).slice(-3)).toEqual(['accepted', 'printing', 'shipped']);
  });

  it("shows another operator 'not found' for the job", { timeout: 30_000 }, async () => {
    const other = await createUser(suite.api.prisma, { role: 'operator' });
    await createFarm(suite.api.prisma, { zip: '10001', ownerId: other.id });
    const page = await suite.newPage();
    await signInAt(page, suite.api.url, other);
    expect(new URL(page.url()).pathname).toBe('/operator');
    await page.goto(`${suite.api.url}/operator/jobs/${jobId}`);
    await page.getByRole('heading', { name: 'Job not found' }).waitFor(WAIT);
    expect(await page.getByText('Replacement dishwasher wheel').count()).toBe(0);
  });

  it('saves a changed PLA rate and pauses the farm', { timeout: 30_000 }, async () => {
    const page = await suite.newPage();
    await signInAt(page, suite.api.url, operator);
    await page.goto(`${suite.api.url}/operator/settings`);
    await page.getByRole('heading', { level: 1, name: 'Farm settings' }).waitFor(WAIT);
    const pla = page.getByRole('group', { name: 'FFF/FDM PLA rate' });
    await pla.getByText('Network default').waitFor(WAIT);
    await pla.getByLabel('Material rate').fill('0.35');
    await pla.getByText('Your rate').waitFor();
    await page.getByRole('switch', { name: 'Pause new jobs' }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your farm is paused: it gets no new offers or jobs.').waitFor(WAIT);

    const farm = await suite.api.prisma.printFarm.findUniqueOrThrow({
      where: { id: farmId },
      include: { rates: true },
    });
    expect(farm.isPaused).toBe(true);
    // Only the rate the operator set is stored; PETG, ABS and TPU keep following the network default.
    expect(farm.rates.map((rate) => [rate.material, rate.materialRate.toString()])).toEqual([
      ['PLA', '0.35'],
    ]);
    await page.reload();
    await page.getByRole('group', { name: 'FFF/FDM PLA rate' }).getByText('Your rate').waitFor(WAIT);
    expect(await page.getByRole('switch', { name: 'Pause new jobs' }).isChecked()).toBe(true);
  });
});

// The operator's print queue screen in Chromium (issue 27), on a phone and on a laptop: a farm with two
// printers and an accepted job of three parts. The operator moves a part up, pins one to a printer, holds
// and releases one; a printer goes offline and its parts stay queued; a print started by hand fails and
// comes back to the queue with its reason, and the printer is marked ready again; a part sent to the
// offline printer but not confirmed by it says so.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PrinterView, QueueItemView } from '../../api/src/views/index.ts';
import { signInBrowser } from '../../ops/fixtures/auth.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { call, createDraftRequest, offersOf, openJobOf, submitAndQuote } from '../support/marketplace.ts';
import { routingKit } from '../support/routing.ts';
import { saveScreenshot, VIEWPORTS } from '../support/screenshots.ts';

const WAIT = { timeout: 20_000 };

describe('the print queue screen in Chromium', () => {
  const suite = useBrowserSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
    workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } },
    contextOptions: { serviceWorkers: 'block' },
  });
  const kit = routingKit(suite);

  /** A farm whose accepted job has three parts waiting (part-0.stl twice, part-1.stl), and two printers. */
  async function farmWithQueue() {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const draft = await createDraftRequest(kit.prisma(), kit.customer.id, {
      zip: '78701',
      parts: [{ quantity: 2 }, { bbox: { x: 30, y: 20, z: 10 } }],
    });
    expect((await submitAndQuote(suite.api.url, kit.cookie, draft.id)).status).toBe('quoted');
    const offers = await offersOf(suite.api.url, kit.cookie, draft.id);
    await kit.accept(
      draft.id,
      offers.find((offer) => offer.farmId === farm.farm.id),
    );
    const job = await openJobOf(kit.prisma(), draft.id);
    expect((await kit.act(farm, job.id, 'accept')).status).toBe(200);
    const addPrinter = async (name: string) => {
      const added = await call<PrinterView>(kit.url('/api/operator/printers'), farm.cookie, 'POST', {
        name,
        technology: 'FFF/FDM',
        brand: 'Prusa',
        model: 'MK4',
        material: 'PLA',
      });
      expect(added.status).toBe(201);
      return added.body;
    };
    return { farm, left: await addPrinter('PLA left'), right: await addPrinter('PLA right') };
  }

  const waitingOrder = async (page: Page) =>
    page.locator('ol.queue-list--waiting > li .queue-item__name').allTextContents();

  for (const viewport of VIEWPORTS) {
    it(`reorders, pins, holds, survives an offline printer and a failed print (${viewport.name})`, {
      timeout: 180_000,
    }, async () => {
      const { farm, left, right } = await farmWithQueue();
      const queue = async () =>
        (await call<QueueItemView[]>(kit.url('/api/operator/queue'), farm.cookie)).body;
      const page = await suite.newPage({ viewport: { width: viewport.width, height: viewport.height } });
      await signInBrowser(page, suite.api.url, farm.user.email, farm.user.password, '/operator/queue');
      await page.getByRole('heading', { name: 'Print queue' }).waitFor(WAIT);
      await page.getByRole('article', { name: 'PLA left' }).waitFor(WAIT);
      expect(await waitingOrder(page)).toEqual(['part-0.stl', 'part-0.stl (copy 2)', 'part-1.stl']);
      await saveScreenshot(page, import.meta.url, 'queue', { fullPage: true });

      // Reorder: part-1.stl moves up to second place, on the screen and on the server.
      await page.getByRole('button', { name: 'Move part-1.stl up' }).click();
      await expect
        .poll(() => waitingOrder(page), WAIT)
        .toEqual(['part-0.stl', 'part-1.stl', 'part-0.stl (copy 2)']);
      await expect
        .poll(async () => (await queue()).map((item) => item.fileName + item.copy), WAIT)
        .toEqual(['part-0.stl1', 'part-1.stl1', 'part-0.stl2']);

      // Pin part-1.stl to the right printer.
      const part1 = page.getByRole('article', { name: 'part-1.stl' });
      await part1.getByLabel('Printer for part-1.stl').selectOption({ label: 'Pin to PLA right' });
      await part1.getByText('Pinned to PLA right').waitFor(WAIT);
      expect((await queue()).find((item) => item.fileName === 'part-1.stl')?.pinnedPrinterId).toBe(right.id);

      // Hold the first part, then release it.
      const part0 = page.getByRole('article', { name: 'part-0.stl', exact: true });
      await part0.getByRole('button', { name: 'Hold' }).click();
      await part0.getByText('On hold: no printer takes it until you release it.').waitFor(WAIT);
      await saveScreenshot(page, import.meta.url, 'pinned-and-held', { fullPage: true });
      await part0.getByRole('button', { name: 'Release' }).click();
      await part0.getByRole('button', { name: 'Hold' }).waitFor(WAIT);

      // The left printer goes offline: the screen shows it by itself, and every part stays queued.
      const offline = await call<PrinterView>(
        kit.url(`/api/operator/printers/${left.id}`),
        farm.cookie,
        'PATCH',
        { state: 'offline' },
      );
      expect(offline.status).toBe(200);
      const leftCard = page.getByRole('article', { name: 'PLA left' });
      await leftCard.getByText('Offline: its parts wait in the queue until it is back.').waitFor(WAIT);
      expect((await queue()).map((item) => item.state)).toEqual(['queued', 'queued', 'queued']);
      expect(await waitingOrder(page)).toHaveLength(3);
      await saveScreenshot(page, import.meta.url, 'printer-offline');

      // part-1.stl is started by hand on the printer it is pinned to, and fails.
      await part1.getByRole('button', { name: 'Mark started' }).click();
      const start = page.getByRole('dialog', { name: 'Mark part-1.stl started' });
      await start.getByLabel('Printer').selectOption({ label: 'PLA right' });
      await start.getByRole('button', { name: 'Mark started' }).click();
      await start.waitFor({ state: 'detached', ...WAIT });
      const rightCard = page.getByRole('article', { name: 'PLA right' });
      await rightCard.getByRole('progressbar', { name: 'part-1.stl on PLA right' }).waitFor(WAIT);
      await part1.getByRole('button', { name: 'Mark failed' }).click();
      const fail = page.getByRole('dialog', { name: 'Did part-1.stl fail?' });
      await fail.getByLabel('What went wrong').fill('Came off the bed at layer 12');
      await fail.evaluate((dialog) => Promise.all(dialog.getAnimations().map((each) => each.finished)));
      await saveScreenshot(page, import.meta.url, 'fail-dialog');
      await fail.getByRole('button', { name: 'Mark failed' }).click();
      await fail.waitFor({ state: 'detached', ...WAIT });
      await part1.getByText('Last print failed: Came off the bed at layer 12').waitFor(WAIT);
      expect(await waitingOrder(page)).toEqual(['part-0.stl', 'part-1.stl', 'part-0.stl (copy 2)']);
      expect((await queue()).find((item) => item.fileName === 'part-1.stl')).toMatchObject({
        state: 'queued',
        lastFailure: 'Came off the bed at layer 12',
      });
      await rightCard.getByText('Came off the bed at layer 12').waitFor(WAIT);
      await saveScreenshot(page, import.meta.url, 'failed-back-in-queue', { fullPage: true });

      // The bed is cleared: the printer is ready again.
      await rightCard.getByRole('button', { name: 'Mark ready' }).click();
      await rightCard.getByText('Idle').waitFor(WAIT);
      expect(
        (await call<PrinterView[]>(kit.url('/api/operator/printers'), farm.cookie)).body.find(
          (printer) => printer.id === right.id,
        )?.state,
      ).toBe('idle');

      // A part whose start went out to the left printer just as it dropped off the network: it stays on
      // that printer (never sent to another unseen), and the row says what it waits for and the way out.
      const copy2 = (await queue()).find((item) => item.copy === 2);
      if (!copy2) throw new Error('no second copy');
      await kit.prisma().queueItem.update({
        where: { id: copy2.id },
        data: {
          state: 'printing',
          printerId: left.id,
          attempts: 1,
          dispatchFileName: `q_${copy2.id}_1.gcode`,
          dispatchedAt: new Date(),
          sentAt: new Date(),
        },
      });
      const sent = page.getByRole('article', { name: 'part-0.stl (copy 2)' });
      await sent
        .getByText(
          'Sent to PLA left; waiting for the printer to confirm it started. If the printer is gone for good, mark the print failed to queue the part again.',
        )
        .waitFor(WAIT);
      expect((await queue()).find((item) => item.id === copy2.id)?.awaitingConfirmation).toBe(true);
      await sent.scrollIntoViewIfNeeded();
      await saveScreenshot(page, import.meta.url, 'sent-unconfirmed');

      // A printer with OctoPrint is added on the screen; its API key is saved and never shown again.
      await page.getByRole('button', { name: 'Add printer' }).click();
      const add = page.getByRole('dialog', { name: 'Add a printer' });
      await add.getByLabel(/^Name/).fill('Octo corner');
      await add.getByLabel('Brand').selectOption('Prusa');
      await add.getByLabel('Model').selectOption('MK4');
      await add.getByLabel('Material loaded').fill('PETG');
      await add.getByLabel('Connection').selectOption('octoprint');
      await add.getByLabel('Address').fill('http://octopi.local');
      await add.getByLabel('API key').fill('SECRET-KEY-123');
      await add.evaluate((dialog) => Promise.all(dialog.getAnimations().map((each) => each.finished)));
      await saveScreenshot(page, import.meta.url, 'add-printer');
      await add.getByRole('button', { name: 'Add printer' }).click();
      await add.waitFor({ state: 'detached', ...WAIT });
      const octo = page.getByRole('article', { name: 'Octo corner' });
      await octo.getByText('OctoPrint').waitFor(WAIT);
      await octo.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Octo corner' });
      await edit.getByText('Saved. Leave blank to keep it.').waitFor(WAIT);
      expect(await edit.getByLabel('API key').inputValue()).toBe('');
      expect(await page.content()).not.toContain('SECRET-KEY-123');
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'detached', ...WAIT });
    });
  }
});

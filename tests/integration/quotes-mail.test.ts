// 'Your quotes are ready' (issue 23, finding 10): sent once per round, when the firm prices are in or,
// with a slow slicer, after a short wait with the estimates marked as such, and never a second time
// when the firm prices follow.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { emailsTo } from '../support/maildev.ts';
import { createFarm, mailsTo, offersOf, submitAndQuote, uploadedRequest } from '../support/marketplace.ts';
import { eventually, useServerSuite } from '../support/server.ts';

const CUBE = path.join(import.meta.dirname, '../fixtures/models/cube-20mm.stl');
const workDir = mkdtempSync(path.join(tmpdir(), 'quotes-mail-'));
// The real PrusaSlicer, 5 s late: slower than the e-mail's wait.
const slicer = path.join(workDir, 'slow-prusa-slicer');
writeFileSync(slicer, '#!/bin/sh\ncase "$*" in *--export-gcode*) sleep 5 ;; esac\nexec prusa-slicer "$@"\n', {
  mode: 0o755,
});

describe("'Your quotes are ready' with a slow slicer", () => {
  const uploadDir = path.join(workDir, 'uploads');
  const server = useServerSuite({
    apiEnv: { UPLOAD_DIR: uploadDir },
    workers: { env: { UPLOAD_DIR: uploadDir, SLICER_PATH: slicer, QUOTES_MAIL_WAIT_MS: '1000' } },
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it('goes after the wait with the estimates marked, and not again when the prices become firm', async () => {
    const user = await createUser(server.api.prisma, { firstName: 'Wren' });
    const cookie = await signIn(server.api.url, user.email, user.password);
    await createFarm(server.api.prisma, { zip: '78701' });
    const draft = await uploadedRequest(
      server.api.url,
      cookie,
      await readFile(CUBE),
      'cube-20mm.stl',
      '78701',
    );
    expect((await submitAndQuote(server.api.url, cookie, draft.id)).status).toBe('quoted');

    const [mail] = await mailsTo(user.email, 'Your quotes are ready: cube 20mm');
    expect(mail?.text).toMatch(/1\. .+: \$\d+\.\d{2}, ready by .+ \(estimate\)/);
    expect(mail?.text).toContain(
      "Prices marked (estimate) are worked out from your part's geometry (Being checked by our slicer)",
    );
    await eventually(async () => {
      const offers = await offersOf(server.api.url, cookie, draft.id);
      return offers.length > 0 && offers.every((offer) => offer.kind === 'firm') ? offers : undefined;
    }, 30_000);
    // The firm prices' trigger ran too and recorded the round's e-mail again, which the e-mail job
    // refused as a duplicate: the customer has one.
    const messageKey = `quotes-ready:${draft.id}:1`;
    await eventually(async () =>
      (await server.api.prisma.outboxEvent.count({
        where: { payload: { path: ['messageKey'], equals: messageKey } },
      })) === 2
        ? true
        : undefined,
    );
    const { metrics } = server.workers.jobContext();
    await eventually(async () => {
      const skipped = (await metrics.emailsSkipped.get()).values.reduce((sum, value) => sum + value.value, 0);
      return skipped >= 1 ? true : undefined;
    });
    const ready = (await emailsTo(user.email)).filter(
      (m) => m.subject === 'Your quotes are ready: cube 20mm',
    );
    expect(ready).toHaveLength(1);
  });
});

// A claim opened at the moment the claims window closes: openClaim and the release (claims.close) both
// lock the job row, so the claim either holds the farm's share or comes too late, never lands after the
// share was released.
import { releaseJobShare } from '@printfarm/db/payments/release';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../ops/fixtures/auth.ts';
import { createAccessFixtures, createActorUsers } from '../support/accessFixtures.ts';
import { blockedBehind } from '../support/locks.ts';
import { TEST_SHIP_TO } from '../support/marketplace.ts';
import { useServerSuite } from '../support/server.ts';

/** A small PNG data URL (its signature and zeros: photos are judged by their first bytes). */
const PNG = `data:image/png;base64,${Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(56),
]).toString('base64')}`;

describe('a claim at the close of the claims window', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' } });

  it('the release commits while openClaim waits on the job: the claim answers 409, the share stays released', async () => {
    const prisma = server.api.prisma;
    const users = await createActorUsers(prisma);
    const ids = await createAccessFixtures(prisma, users);
    const requestId = ids.requestId ?? '';
    const jobId = ids.jobId ?? '';
    await prisma.customPrintRequest.update({
      where: { id: requestId },
      data: { status: 'completed', assignedFarmId: ids.farmId ?? null, shippingAddress: TEST_SHIP_TO },
    });
    const closesAt = new Date(Date.now() + 3_600_000);
    await prisma.printJob.update({ where: { id: jobId }, data: { claimsCloseAt: closesAt } });
    const cookie = await signIn(server.api.url, users.customer.email, users.customer.password);

    const answer = await blockedBehind(prisma, {
      // claims.close releasing the share as the window closes (by its clock), holding the job row.
      lock: async (tx) => expect(await releaseJobShare(tx, jobId, closesAt)).toBe(true),
      // The customer's claim in the same moment: it must wait for the release and then see it.
      contenders: async () => {
        const response = await fetch(`${server.api.url}/api/print-requests/${requestId}/claim`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ reason: 'damaged', details: 'The top layer split in two', photos: [PNG] }),
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      },
    });

    expect(answer).toEqual({
      status: 409,
      body: { message: 'The claims window for this request has closed', fields: {} },
    });
    expect(await prisma.jobClaim.count({ where: { requestId } })).toBe(0);
    expect((await prisma.printJob.findUniqueOrThrow({ where: { id: jobId } })).releasedAt).not.toBeNull();
  });
});

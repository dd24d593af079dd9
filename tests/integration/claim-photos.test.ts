// A customer's claim with photos on the real API: photos whose base64 is broken answer 400 on the photo
// (never a 500), and the claim route takes a body as large as its schema allows (five 3 MB photos), not
// the 1 MB every other route takes.
import { describe, expect, it } from 'vitest';
import { CLAIM_BODY_MAX_BYTES } from '../../domain/src/claims.ts';
import { signIn } from '../../ops/fixtures/auth.ts';
import { createAccessFixtures, createActorUsers } from '../support/accessFixtures.ts';
import { TEST_SHIP_TO } from '../support/marketplace.ts';
import { useServerSuite } from '../support/server.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG data URL of `bytes` bytes (its signature and zeros: photos are judged by their first bytes). */
function pngDataUrl(bytes: number): string {
  const png = Buffer.alloc(bytes);
  png.set(PNG_SIGNATURE);
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe('claim photos', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' } });

  /** A customer's delivered request, its claims window open, and the customer's cookie. */
  async function deliveredRequest() {
    const prisma = server.api.prisma;
    const users = await createActorUsers(prisma);
    const ids = await createAccessFixtures(prisma, users);
    const requestId = ids.requestId ?? '';
    await prisma.customPrintRequest.update({
      where: { id: requestId },
      data: { status: 'completed', assignedFarmId: ids.farmId ?? null, shippingAddress: TEST_SHIP_TO },
    });
    await prisma.printJob.update({
      where: { id: ids.jobId ?? '' },
      data: { claimsCloseAt: new Date(Date.now() + 86_400_000) },
    });
    const cookie = await signIn(server.api.url, users.customer.email, users.customer.password);
    return { requestId, cookie };
  }

  function claim(requestId: string, cookie: string, body: unknown) {
    return fetch(`${server.api.url}/api/print-requests/${requestId}/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  const details = 'The top layer split in two';
  const claims = (requestId: string) => server.api.prisma.jobClaim.count({ where: { requestId } });

  it.each([
    ['one character', 'data:image/png;base64,A'],
    ['a misplaced pad', 'data:image/png;base64,iVBO=Rw0KGgo'],
    ['five characters', 'data:image/png;base64,iVBOR'],
  ])('answers 400 on the photo when its base64 is broken (%s), writing nothing', async (_, photo) => {
    const { requestId, cookie } = await deliveredRequest();
    const answer = await claim(requestId, cookie, {
      reason: 'damaged',
      details,
      photos: [pngDataUrl(64), photo],
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      message: 'A photo could not be read',
      fields: { 'photos.1': 'Attach the photo as an image file' },
    });
    expect(await claims(requestId)).toBe(0);
  });

  it('takes a 2 MB photo', async () => {
    const { requestId, cookie } = await deliveredRequest();
    const answer = await claim(requestId, cookie, {
      reason: 'damaged',
      details,
      photos: [pngDataUrl(2 * 1024 * 1024)],
    });
    expect(answer.status).toBe(201);
    const stored = await server.api.prisma.jobClaim.findUniqueOrThrow({
      where: { requestId },
      include: { photos: true },
    });
    expect(stored.photos.map((photo) => [photo.contentType, photo.bytes.length])).toEqual([
      ['image/png', 2 * 1024 * 1024],
    ]);
  });

  it('refuses a body larger than the claim schema allows with 413, and other routes keep 1 MB', async () => {
    const { requestId, cookie } = await deliveredRequest();
    const padding = 'A'.repeat(CLAIM_BODY_MAX_BYTES);
    const tooLarge = await claim(requestId, cookie, { reason: 'damaged', details, photos: [padding] });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ message: 'Request body is too large', fields: {} });
    expect(await claims(requestId)).toBe(0);

    const elsewhere = await fetch(`${server.api.url}/api/support`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ subject: 'Big', message: 'A'.repeat(2 * 1024 * 1024) }),
    });
    expect(elsewhere.status).toBe(413);
  });
});

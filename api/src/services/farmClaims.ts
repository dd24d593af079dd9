// A farm registered without an account is claimed by the account of its contact e-mail: the signup
// e-mail carries a one-time link; only its token's hash is stored.
import { createHash, randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient } from '@printfarm/db';
import type { SessionUser } from '../auth/guards.ts';
import { promoteToOperator } from '../auth/roles.ts';
import { forbidden, HttpError, notFound } from '../http/errors.ts';

export const CLAIM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Records a claim for the farm inside the signup transaction; answers the token for the e-mail link. */
export async function createFarmClaim(
  tx: Prisma.TransactionClient,
  farm: { id: string; contactEmail: string },
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.farmClaim.create({
    data: {
      farmId: farm.id,
      email: farm.contactEmail.toLowerCase(),
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + CLAIM_TTL_MS),
    },
  });
  return token;
}

export function claimUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/print-farms/claim?token=${encodeURIComponent(token)}`;
}

/** Gives the farm to the signed-in user when their e-mail is the farm's contact e-mail. */
export async function claimFarm(
  prisma: PrismaClient,
  token: string,
  user: SessionUser,
): Promise<{ farmId: string }> {
  return prisma.$transaction(async (tx) => {
    const claim = await tx.farmClaim.findUnique({
      where: { tokenHash: hashToken(token) },
      include: { farm: { select: { id: true, userId: true, contactEmail: true } } },
    });
    if (!claim)
      throw notFound('This claim link is not valid. Check that you opened the whole link from the e-mail.');
    if (claim.usedAt || claim.farm.userId) {
      if (claim.farm.userId === user.id) return { farmId: claim.farm.id };
      throw new HttpError(410, 'This claim link has already been used.');
    }
    if (claim.expiresAt.getTime() <= Date.now()) {
      throw new HttpError(
        410,
        'This claim link has expired. Contact support to link the farm to your account.',
      );
    }
    if (claim.farm.contactEmail.toLowerCase() !== user.email.toLowerCase()) {
      throw forbidden(
        `This farm was registered with a different contact e-mail. Sign in with the account for that e-mail to claim it.`,
      );
    }
    // Conditional writes: of two simultaneous claims only one finds the claim unused and the farm unowned.
    const used = await tx.farmClaim.updateMany({
      where: { id: claim.id, usedAt: null },
      data: { usedAt: new Date(), claimedByUserId: user.id },
    });
    const owned = await tx.printFarm.updateMany({
      where: { id: claim.farm.id, userId: null },
      data: { userId: user.id },
    });
    if (used.count !== 1 || owned.count !== 1)
      throw new HttpError(410, 'This claim link has already been used.');
    await promoteToOperator(tx, user.id);
    return { farmId: claim.farm.id };
  });
}

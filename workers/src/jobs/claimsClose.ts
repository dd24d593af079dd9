// The claims window of a delivered job has closed. With no claim still open, the farm's share of the
// job (what it earned less anything refunded) moves from pending to available, for the next payout.
// An open or disputed claim holds it; settling the claim releases it (db/src/payments/claims.ts).
import { releaseJobShare } from '@printfarm/db/payments/release';
import type { JobHandler } from './types.ts';

export const claimsClose: JobHandler<'claims.close'> = async ({ jobId }, { prisma }) =>
  prisma.$transaction(async (tx) => ((await releaseJobShare(tx, jobId)) ? 'done' : 'skipped'));

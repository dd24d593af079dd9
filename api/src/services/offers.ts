// The offers of a request's current quote round, best ranked first. Accepting one is a command
// (commands/acceptOffer.ts).
import type { PrintFarm, PrismaClient, RequestOffer } from '@printfarm/db';
import type { SessionUser } from '../auth/guards.ts';
import { notFound } from '../http/errors.ts';

/** The row its presenter writes out. */
export type OfferWithFarm = RequestOffer & { farm: Pick<PrintFarm, 'displayName' | 'city' | 'state'> };

/** The current round's offers, best ranked first; someone else's request answers 404. */
export async function listOffers(
  prisma: PrismaClient,
  user: SessionUser,
  requestId: string,
): Promise<OfferWithFarm[]> {
  const request = await prisma.customPrintRequest.findUnique({
    where: { id: requestId },
    select: { userId: true, quoteRound: true },
  });
  if (!request || (request.userId !== user.id && user.role !== 'staff'))
    throw notFound('Print request not found');
  return prisma.requestOffer.findMany({
    where: { requestId, quoteRound: request.quoteRound, status: { not: 'withdrawn' } },
    orderBy: [{ rankScore: 'asc' }, { price: 'asc' }],
    include: { farm: { select: { displayName: true, city: true, state: true } } },
  });
}

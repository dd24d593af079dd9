// Weekly: each payee's available balance becomes a payout statement, sent by payout.send.
import { payeesWithAvailable, statePayout } from '@printfarm/db/payments/payouts';
import type { JobHandler } from './types.ts';

export const payoutsRun: JobHandler<'payouts.run'> = async (_payload, { prisma, payments }) => {
  let stated = 0;
  for (const payee of await payeesWithAvailable(prisma)) {
    if (await prisma.$transaction((tx) => statePayout(tx, payee, payments.name))) stated += 1;
  }
  return stated > 0 ? 'done' : 'skipped';
};

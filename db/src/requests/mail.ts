// Who hears about a request and its job (the customer, the farm's operator), and their e-mails
// recorded in the caller's transaction.
import type { JobPayload } from '@printfarm/domain/queues';
import type { Prisma } from '../generated/client.ts';
import { recordJob } from '../outbox/index.ts';

/** Who hears about a farm's jobs: its owner's account, else the contact the farm signed up with. */
export async function farmOperatorContact(
  tx: Prisma.TransactionClient,
  farmId: string,
): Promise<{ email: string; firstName: string | null; farmName: string }> {
  const farm = await tx.printFarm.findUniqueOrThrow({
    where: { id: farmId },
    select: {
      displayName: true,
      contactEmail: true,
      contactName: true,
      owner: { select: { email: true, firstName: true } },
    },
  });
  return farm.owner?.email
    ? { email: farm.owner.email, firstName: farm.owner.firstName, farmName: farm.displayName }
    : {
        email: farm.contactEmail,
        firstName: farm.contactName.split(' ')[0] ?? null,
        farmName: farm.displayName,
      };
}

/** The customer of a request, as the e-mails address them. */
export async function requestCustomerContact(
  tx: Prisma.TransactionClient,
  userId: string,
): Promise<{ email: string; firstName: string | null } | null> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true, firstName: true } });
  return user?.email ? { email: user.email, firstName: user.firstName } : null;
}

/** Records an e-mail to the request's customer in the caller's transaction (none without an address). */
export async function mailCustomer(
  tx: Prisma.TransactionClient,
  userId: string,
  build: (customer: { email: string; firstName: string | null }) => Promise<JobPayload<'email.send'>>,
): Promise<void> {
  const customer = await requestCustomerContact(tx, userId);
  if (customer) await recordJob(tx, 'email.send', await build(customer));
}

/** Records an e-mail to the farm's operator (farmOperatorContact) in the caller's transaction. */
export async function mailOperator(
  tx: Prisma.TransactionClient,
  farmId: string,
  build: (operator: {
    email: string;
    firstName: string | null;
    farmName: string;
  }) => Promise<JobPayload<'email.send'>>,
): Promise<void> {
  await recordJob(tx, 'email.send', await build(await farmOperatorContact(tx, farmId)));
}

// E-mails to a request's customer or a payment's payer as the jobs record them: in the caller's
// transaction, with the app's address every one takes. A customer is addressed as mailCustomer finds
// them (none without an address).
import type { Prisma } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { mailCustomer } from '@printfarm/db/requests/mail';
import { deferredEmail, type MessageName } from '@printfarm/mail/deferred';

type Recipient = { email: string; firstName: string | null };
/** What deferredEmail takes after the message's name. */
type MessageArgs<N extends MessageName> =
  Parameters<typeof deferredEmail<N>> extends [N, ...infer Args] ? Args : never;
/** What a message takes after the app's address and the recipient. */
type Details<N extends MessageName> =
  MessageArgs<N> extends [string, Recipient, ...infer Rest] ? Rest : never;

/** Records message `name` to the customer of `userId`, saying `details`; one mailer serves a job's transaction. */
export function customerMail(tx: Prisma.TransactionClient, appUrl: string, userId: string) {
  return <N extends MessageName>(name: N, ...details: Details<N>): Promise<void> =>
    mailCustomer(tx, userId, (customer) => message(name, appUrl, customer, details));
}

/** Records message `name` to the payer of `payment`, greeted by the first word of the name paid in. */
export function payerMail(
  tx: Prisma.TransactionClient,
  appUrl: string,
  payment: { payerEmail: string; payerName: string },
) {
  const payer = { email: payment.payerEmail, firstName: payment.payerName.split(' ')[0] ?? null };
  return async <N extends MessageName>(name: N, ...details: Details<N>): Promise<void> => {
    await recordJob(tx, 'email.send', await message(name, appUrl, payer, details));
  };
}

function message<N extends MessageName>(name: N, appUrl: string, to: Recipient, details: Details<N>) {
  return deferredEmail(...([name, appUrl, to, ...details] as unknown as Parameters<typeof deferredEmail<N>>));
}

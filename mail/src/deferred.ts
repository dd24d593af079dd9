// E-mails recorded with their words but without their HTML: a request (a checkout, say) or a job records
// the plain text, subject and key at once, and the message's name and input beside them; the e-mail
// worker renders the HTML from those just before sending. React never runs inside a request or an open
// transaction, and the outbox carries the message's facts instead of a few kilobytes of markup.
import * as accounts from './accounts.ts';
import * as applications from './applications.ts';
import { type Email, htmlDeferral } from './compose.ts';
import * as customOrders from './customOrders.ts';
import * as farms from './farms.ts';
import * as membership from './membership.ts';
import * as newsletter from './newsletter.ts';
import * as operatorJobs from './operatorJobs.ts';
import * as orders from './orders.ts';
import * as payments from './payments.ts';
import * as requests from './requests.ts';
import * as support from './support.ts';

type MessagesOf<Module> = {
  [Name in keyof Module as Name extends `${string}Email` ? Name : never]: Module[Name];
};

/** A module's messages: what it exports under a name ending in 'Email' (not its helpers and constants). */
function messagesOf<Module extends object>(module: Module): MessagesOf<Module> {
  return Object.fromEntries(
    Object.entries(module).filter(([name]) => name.endsWith('Email')),
  ) as MessagesOf<Module>;
}

/** Every message, by the name a deferred e-mail carries. */
const MESSAGES = {
  ...messagesOf(accounts),
  ...messagesOf(applications),
  ...messagesOf(customOrders),
  ...messagesOf(farms),
  ...messagesOf(membership),
  ...messagesOf(newsletter),
  ...messagesOf(operatorJobs),
  ...messagesOf(orders),
  ...messagesOf(payments),
  ...messagesOf(requests),
  ...messagesOf(support),
};

export type MessageName = keyof typeof MESSAGES;
type Builder = (...args: never[]) => Promise<Email>;

/** JSON with its Dates kept as Dates: `{ $date: '…' }` on the wire. */
function encode(value: unknown): unknown {
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object') {
    const plain = (value as { toJSON?: () => unknown }).toJSON;
    if (typeof plain === 'function') return encode(plain.call(value));
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, encode(entry)]));
  }
  return value;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === 'object') {
    const { $date } = value as { $date?: unknown };
    if (typeof $date === 'string' && Object.keys(value).length === 1) return new Date($date);
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, decode(entry)]));
  }
  return value;
}

/**
 * The email.send payload for message `name`: its words now, its HTML when the worker sends it (from
 * the same input, so both parts say the same).
 */
export async function deferredEmail<N extends MessageName>(
  name: N,
  ...args: Parameters<(typeof MESSAGES)[N]>
): Promise<Email> {
  const build = MESSAGES[name] as Builder;
  const email = await htmlDeferral.run(true, () => build(...(args as unknown as never[])));
  return { ...email, view: { message: name, args: encode(args) as unknown[] } };
}

/** The HTML of a deferred e-mail; undefined for a message this version does not know. */
export async function renderDeferred(view: {
  message: string;
  args: unknown[];
}): Promise<string | undefined> {
  if (!Object.hasOwn(MESSAGES, view.message)) return undefined;
  const build = MESSAGES[view.message as MessageName] as Builder;
  return (await build(...(decode(view.args) as never[]))).html;
}

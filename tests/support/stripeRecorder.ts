// A local stand-in for api.stripe.com: it records every request the Stripe SDK sends (method, path, form
// body, Idempotency-Key) and answers with plausible Stripe objects kept in memory. No Stripe emulator
// installs on these machines; this checks what the adapter asks Stripe, not what Stripe would answer.
// Like Stripe, it answers a repeated Idempotency-Key with the first answer. An answer can be held back
// after the request was done (holdNext), so a test can kill the caller while Stripe has acted and the
// caller has not heard.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  method: string;
  path: string;
  /** The form fields as the SDK encoded them: `metadata[paymentId]`, `amount_to_capture`, ... */
  body: Record<string, string>;
  idempotencyKey: string | null;
}

export interface HeldAnswer {
  /** Resolves with the call once it has arrived and been done. */
  reached: Promise<RecordedCall>;
  /** Sends the answer (to nobody, if the caller has gone). */
  release(): void;
}

type StripeObject = Record<string, unknown> & { id: string };
interface Answer {
  status: number;
  body: unknown;
}

export interface StripeRecorder {
  /** The base URL to give the SDK (STRIPE_API_URL). */
  url: string;
  calls: RecordedCall[];
  /** The payment intents made so far, by id. */
  intents: Map<string, StripeObject>;
  /** The connected accounts made so far, by id. */
  accounts: Map<string, StripeObject>;
  /** The Checkout sessions made so far, by id. */
  sessions: Map<string, StripeObject>;
  /**
   * The customer pays on a Checkout page: the session completes and makes a PaymentIntent holding the
   * card (manual capture), with the metadata the session asked for. Returns the intent.
   */
  payCheckout(sessionId: string): StripeObject;
  /** A card already held for a payment, as a completed Checkout leaves it (for tests of later steps). */
  holdCard(payment: { id: string; amountCents: number; reference: string }): StripeObject;
  /** Sets an intent's state as the customer's card would (e.g. 'requires_capture' once authorised). */
  setIntentStatus(id: string, status: string): void;
  /** Answers the next `count` POSTs to a path ending in `suffix` with a 409 (Stripe's lock conflict). */
  conflictNext(suffix: string, count?: number): void;
  /**
   * Does the next POST to a path ending in `suffix` (its effect made, its answer kept under its key) but
   * answers it only on release: the caller waits as for a slow network, and may die waiting.
   */
  holdNext(suffix: string): HeldAnswer;
  /** Forgets answers by idempotency key (Stripe keeps them for a day). */
  forgetKeys(): void;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

const stripeError = (status: number, code: string, message: string): Answer => ({
  status,
  body: { error: { type: 'invalid_request_error', code, message } },
});

async function formOf(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/** `metadata[paymentId]=x` back into `{ paymentId: x }`. */
function metadataOf(form: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [field, value] of Object.entries(form)) {
    const key = /^metadata\[(.+)\]$/.exec(field)?.[1];
    if (key) metadata[key] = value;
  }
  return metadata;
}

export async function startStripeRecorder(): Promise<StripeRecorder> {
  const calls: RecordedCall[] = [];
  const intents = new Map<string, StripeObject>();
  const accounts = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject>();

  function newIntent(amount: number, metadata: Record<string, string>, status: string): StripeObject {
    const id = newId('pi');
    const intent: StripeObject = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: status === 'requires_capture' ? amount : 0,
      amount_received: 0,
      currency: 'usd',
      capture_method: 'manual',
      client_secret: `${id}_secret_${randomBytes(6).toString('hex')}`,
      created: now(),
      livemode: false,
      metadata,
      status,
    };
    intents.set(id, intent);
    return intent;
  }
  let baseUrl = '';
  const answered = new Map<string, Answer>();
  const conflicts = new Map<string, number>();
  const holds: { suffix: string; reach: (call: RecordedCall) => void; released: Promise<void> }[] = [];
  const releases = new Set<() => void>();

  function intentAnswer(id: string, change?: (intent: StripeObject) => Answer | undefined): Answer {
    const intent = intents.get(id);
    if (!intent) return stripeError(404, 'resource_missing', `No such payment_intent: '${id}'`);
    const refused = change?.(intent);
    return refused ?? { status: 200, body: intent };
  }

  function answer(method: string, path: string, form: Record<string, string>): Answer {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = newId('pi');
      const amount = Number(form.amount);
      const intent: StripeObject = {
        id,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: 0,
        currency: form.currency,
        capture_method: form.capture_method ?? 'automatic',
        client_secret: `${id}_secret_${randomBytes(6).toString('hex')}`,
        created: now(),
        livemode: false,
        metadata: metadataOf(form),
        receipt_email: form.receipt_email ?? null,
        status: 'requires_payment_method',
        transfer_group: form.transfer_group ?? null,
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    if (intentPath?.[1]) {
      const [, id, action] = intentPath;
      if (method === 'GET' && !action) return intentAnswer(id);
      if (method === 'POST' && action === 'capture') {
        return intentAnswer(id, (intent) => {
          if (intent.status !== 'requires_capture') {
            return stripeError(
              400,
              'payment_intent_unexpected_state',
              `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
            );
          }
          const cents = form.amount_to_capture ? Number(form.amount_to_capture) : Number(intent.amount);
          Object.assign(intent, { status: 'succeeded', amount_capturable: 0, amount_received: cents });
          return undefined;
        });
      }
      if (method === 'POST' && action === 'cancel') {
        return intentAnswer(id, (intent) => {
          if (intent.status === 'succeeded' || intent.status === 'canceled') {
            return stripeError(
              400,
              'payment_intent_unexpected_state',
              `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            );
          }
          Object.assign(intent, { status: 'canceled', amount_capturable: 0, canceled_at: now() });
          return undefined;
        });
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.payment_intent ?? '');
      if (!intent) return stripeError(404, 'resource_missing', 'No such payment_intent');
      const amount = form.amount ? Number(form.amount) : Number(intent.amount_received);
      const refund = { id: newId('re'), object: 'refund', amount, currency: 'usd', created: now() };
      return { status: 200, body: { ...refund, payment_intent: intent.id, status: 'succeeded' } };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = newId('cs_test');
      const intentMetadata: Record<string, string> = {};
      for (const [field, value] of Object.entries(form)) {
        const key = /^payment_intent_data\[metadata\]\[(.+)\]$/.exec(field)?.[1];
        if (key) intentMetadata[key] = value;
      }
      const session: StripeObject = {
        id,
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form['line_items[0][price_data][unit_amount]']),
        currency: form['line_items[0][price_data][currency]'],
        customer_email: form.customer_email ?? null,
        client_reference_id: form.client_reference_id ?? null,
        metadata: metadataOf(form),
        payment_intent: null,
        payment_intent_data: {
          capture_method: form['payment_intent_data[capture_method]'],
          metadata: intentMetadata,
        },
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        expires_at: Number(form.expires_at),
        // Stripe's hosted page; here the recorder's stand-in.
        url: `${baseUrl}/checkout/pay/${id}`,
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(?:\/(expire))?$/.exec(path);
    if (sessionPath?.[1]) {
      const session = sessions.get(sessionPath[1]);
      if (!session)
        return stripeError(404, 'resource_missing', `No such checkout.session: '${sessionPath[1]}'`);
      if (method === 'POST' && sessionPath[2] === 'expire') {
        if (session.status !== 'open') {
          return stripeError(400, 'checkout_session_unexpected_state', `Only open sessions can be expired.`);
        }
        session.status = 'expired';
      }
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account: StripeObject = {
        id: newId('acct'),
        object: 'account',
        type: form.type,
        country: form.country,
        email: form.email ?? null,
        business_profile: { name: form['business_profile[name]'] ?? null },
        capabilities: { transfers: 'inactive' },
        details_submitted: false,
        payouts_enabled: false,
        metadata: metadataOf(form),
        created: now(),
      };
      accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!accounts.has(form.account ?? '')) return stripeError(404, 'resource_missing', 'No such account');
      return {
        status: 200,
        body: {
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          // Stripe's hosted onboarding; here a page of the recorder's that links back.
          url: `${baseUrl}/setup/e/${form.account}?return_url=${encodeURIComponent(form.return_url ?? '')}`,
        },
      };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const transfer = {
        id: newId('tr'),
        object: 'transfer',
        amount: Number(form.amount),
        currency: form.currency,
        destination: form.destination,
        metadata: metadataOf(form),
        created: now(),
        reversed: false,
      };
      return { status: 200, body: transfer };
    }
    return stripeError(404, 'resource_missing', `Unrecognized request URL (${method}: ${path})`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://recorder');
    const path = url.pathname;
    if (path.startsWith('/checkout/pay/')) {
      // Checkout's hosted page a customer's browser is sent to: the test pays it with payCheckout.
      const session = sessions.get(path.slice('/checkout/pay/'.length));
      response.writeHead(session ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(
        session
          ? `<!doctype html><title>Checkout (test recorder)</title><h1>Pay by card</h1>` +
              `<p>${session.amount_total} cents · ${session.status}</p>` +
              `<a href="${String(session.cancel_url).replace(/"/g, '&quot;')}">Back</a>`
          : 'No such session',
      );
      return;
    }
    if (path.startsWith('/setup/e/')) {
      // The onboarding page a person's browser is sent to: not an API call, so not recorded.
      const back = url.searchParams.get('return_url') ?? '/';
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>Stripe onboarding (test recorder)</title><h1>Set up payouts</h1>` +
          `<p>Account ${path.slice('/setup/e/'.length)}</p><a href="${back.replace(/"/g, '&quot;')}">Return</a>`,
      );
      return;
    }
    const form = await formOf(request);
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    const call: RecordedCall = { method, path, body: form, idempotencyKey };
    calls.push(call);
    const reply = (result: Answer) => {
      response.writeHead(result.status, {
        'Content-Type': 'application/json',
        'Request-Id': newId('req'),
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      });
      response.end(JSON.stringify(result.body));
    };
    const conflict = [...conflicts].find(([suffix, left]) => left > 0 && path.endsWith(suffix));
    if (method === 'POST' && conflict) {
      conflicts.set(conflict[0], conflict[1] - 1);
      reply(stripeError(409, 'lock_timeout', 'This object cannot be accessed right now.'));
      return;
    }
    const remembered = idempotencyKey ? answered.get(idempotencyKey) : undefined;
    const result = remembered ?? answer(method, path, form);
    // Stripe keeps an answer for a key unless the request failed validation or could be retried.
    if (!remembered && idempotencyKey && method === 'POST' && result.status === 200) {
      answered.set(idempotencyKey, result);
    }
    const held = method === 'POST' ? holds.findIndex((hold) => path.endsWith(hold.suffix)) : -1;
    if (held >= 0) {
      const [hold] = holds.splice(held, 1);
      hold?.reach(call);
      await hold?.released;
      if (response.destroyed || request.socket.destroyed) return;
    }
    reply(result);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    calls,
    intents,
    accounts,
    sessions,
    payCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (session?.status !== 'open') throw new Error(`session ${sessionId} is not open`);
      const data = session.payment_intent_data as { metadata: Record<string, string> };
      const intent = newIntent(Number(session.amount_total), data.metadata, 'requires_capture');
      Object.assign(session, { status: 'complete', payment_status: 'unpaid', payment_intent: intent.id });
      return intent;
    },
    holdCard(payment) {
      return newIntent(
        payment.amountCents,
        { paymentId: payment.id, reference: payment.reference },
        'requires_capture',
      );
    },
    setIntentStatus(id, status) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = status;
      intent.amount_capturable = status === 'requires_capture' ? intent.amount : 0;
    },
    conflictNext(suffix, count = 1) {
      conflicts.set(suffix, count);
    },
    holdNext(suffix) {
      let reach: (call: RecordedCall) => void = () => {};
      const reached = new Promise<RecordedCall>((resolve) => {
        reach = resolve;
      });
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      releases.add(release);
      holds.push({ suffix, reach, released });
      return { reached, release };
    },
    forgetKeys() {
      answered.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const release of releases) release();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

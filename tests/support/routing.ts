// The routing tests' kit: a customer, farms whose offers rank in a known order, ordering one of them,
// and the operator's calls; shared by the routing tests and the tests of what an order must carry.
import { beforeAll, beforeEach, expect } from 'vitest';
import type { OperatorJobView } from '../../api/src/presenters/printJob.ts';
import type { PrintRequestView } from '../../api/src/presenters/printRequest.ts';
import type { PrismaClient } from '../../db/src/index.ts';
import { createUser, signIn, type TestUser } from '../../ops/fixtures/auth.ts';
import {
  call,
  createDraftRequest,
  createOperatorFarm,
  type FarmOptions,
  type JsonResponse,
  type OfferView,
  offersOf,
  openJobOf,
  submitAndQuote,
} from './marketplace.ts';
import { payForRequest, recordTransfer } from './payments.ts';
import { eventually, type ServerSuite } from './server.ts';

export type Operator = Awaited<ReturnType<typeof createOperatorFarm>>;
export type Job = Awaited<ReturnType<typeof openJobOf>>;

/** Farms a few miles apart in Austin (same shipping band), so their own minimum orders decide the rank. */
const AUSTIN_ZIPS = ['78701', '78702', '78704', '78705', '78703'];

const DAY_MS = 86_400_000;
/** The day `days` from now, as the operator's forms send it ('2026-12-24'). */
export const dayAfter = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** What every describe block below shares: a customer, farms, ordering, and the operator's calls. */
export function routingKit(server: ServerSuite) {
  const prisma = (): PrismaClient => server.api.prisma;
  const url = (path: string) => `${server.api.url}${path}`;
  let customer: TestUser | undefined;
  let cookie = '';
  const kit = {
    get customer(): TestUser {
      if (!customer) throw new Error('the customer is made in beforeAll');
      return customer;
    },
    get cookie(): string {
      return cookie;
    },
    prisma,
    url,

    /** Operators' farms whose offers rank in the order given: each asks a higher minimum order. */
    async rankedFarms(count: number, options: Partial<FarmOptions>[] = []): Promise<Operator[]> {
      const farms: Operator[] = [];
      for (let i = 0; i < count; i++) {
        farms.push(
          await createOperatorFarm(prisma(), server.api.url, {
            zip: AUSTIN_ZIPS[i % AUSTIN_ZIPS.length] ?? '78701',
            name: `Rank ${i + 1} ${Math.random().toString(36).slice(2, 8)}`,
            plaRate: {
              materialRate: '0.20',
              machineHourRate: '3.00',
              setupFee: '4.00',
              minimumOrder: `${20 + 10 * i}.00`,
              leadTimeDays: 2,
            },
            ...options[i],
          }),
        );
      }
      return farms;
    },

    /** A new request quoted by the farms near Austin; the customer has not chosen yet. */
    async quote(): Promise<{ request: PrintRequestView; offers: OfferView[] }> {
      const draft = await createDraftRequest(prisma(), kit.customer.id, { zip: '78701' });
      const request = await submitAndQuote(server.api.url, kit.cookie, draft.id);
      expect(request.status, request.quoteIssue ?? '').toBe('quoted');
      return { request, offers: await offersOf(server.api.url, kit.cookie, draft.id) };
    },

    /**
     * The customer accepts one of the offers and, when that succeeds, pays for it by bank transfer
     * (recorded as staff would), so the order goes to the farm; answers the accept call.
     */
    async accept(
      requestId: string,
      offer: OfferView | undefined,
      { pay = true }: { pay?: boolean } = {},
    ): Promise<JsonResponse<PrintRequestView>> {
      if (!offer) throw new Error('no such offer');
      const accepted = await call<PrintRequestView>(
        url(`/api/print-requests/${requestId}/offers/${offer.id}/accept`),
        kit.cookie,
        'POST',
      );
      if (pay && accepted.status === 200) await payForRequest(prisma(), requestId);
      return accepted;
    },

    /** Quoted, the offer of `farm` accepted, and the job the route made for it. */
    async order(farm: Operator): Promise<{ request: PrintRequestView; offers: OfferView[]; job: Job }> {
      const { request, offers } = await kit.quote();
      const accepted = await kit.accept(
        request.id,
        offers.find((offer) => offer.farmId === farm.farm.id),
      );
      expect(accepted.status).toBe(200);
      const job = await openJobOf(prisma(), request.id);
      expect(job.farmId).toBe(farm.farm.id);
      return { request, offers, job };
    },

    /** One of the operator's calls on a job. */
    act(operator: { cookie: string }, jobId: string, action: string, body?: unknown) {
      return call<OperatorJobView & { message?: string }>(
        url(`/api/operator/jobs/${jobId}/${action}`),
        operator.cookie,
        'POST',
        body,
      );
    },

    /** The customer's view of a request. */
    async requestView(requestId: string): Promise<PrintRequestView> {
      return (await call<PrintRequestView>(url(`/api/print-requests/${requestId}`), kit.cookie)).body;
    },

    /** The request's job at `farm` once the route made it, whatever its state by then. */
    jobAt(requestId: string, farm: Operator) {
      return eventually(async () => {
        const approval = await prisma().payment.findFirst({
          where: {
            requestId,
            purpose: 'difference',
            status: 'awaiting',
            jobId: null,
            offerId: { not: null },
          },
        });
        if (approval) await recordTransfer(prisma(), approval.id);
        const job = await prisma().printJob.findFirst({ where: { requestId, farmId: farm.farm.id } });
        return job ?? undefined;
      });
    },

    jobsOf(requestId: string) {
      return prisma().printJob.findMany({ where: { requestId }, orderBy: { createdAt: 'asc' } });
    },

    farmRow(operator: Operator) {
      return prisma().printFarm.findUniqueOrThrow({ where: { id: operator.farm.id } });
    },

    routeEvents(requestId: string) {
      return prisma().outboxEvent.findMany({
        where: { job: 'request.route', payload: { path: ['requestId'], equals: requestId } },
        orderBy: { createdAt: 'asc' },
      });
    },

    /** Requests holding more than one open job: the invariant says there are none. */
    async requestsWithTwoOpenJobs(): Promise<string[]> {
      const rows = await prisma().$queryRaw<{ request_id: string }[]>`
        SELECT request_id::text FROM print_jobs
        WHERE state IN ('offered', 'countered', 'accepted', 'printing', 'shipped')
        GROUP BY request_id HAVING count(*) > 1`;
      return rows.map((row) => row.request_id);
    },
  };
  beforeAll(async () => {
    customer = await createUser(prisma(), { firstName: 'Casey' });
    cookie = await signIn(server.api.url, customer.email, customer.password);
  });
  beforeEach(async () => {
    // Each test draws its own map of farms: the earlier ones leave the network. (Deleting them would
    // cascade into requests and jobs that the last test's background jobs may still be changing.)
    await prisma().printFarm.updateMany({ where: { isActive: true }, data: { isActive: false } });
  });
  return kit;
}

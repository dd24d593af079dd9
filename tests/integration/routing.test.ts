// Routing an ordered request to farms (issue 11): the operator's answers (accept, decline, counter-offer),
// re-routing by rank, the answer deadline and its reminder, answers racing each other and the deadline,
// e-mails sent once when jobs run twice, the rating and the scorecard, paused and full farms, another
// operator's jobs, and going back to quoting with a wider radius when no offer is left.

import type { JobPayload } from '@printfarm/domain/queues';
import { describe, expect, it } from 'vitest';
import type { OperatorJobView } from '../../api/src/presenters/printJob.ts';
import type { PrintRequestView } from '../../api/src/presenters/printRequest.ts';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { jobDeadline } from '../../workers/src/jobs/jobDeadline.ts';
import { jobRemind } from '../../workers/src/jobs/jobRemind.ts';
import { requestRoute } from '../../workers/src/jobs/requestRoute.ts';
import { emailsTo } from '../support/maildev.ts';
import { call, mailsTo, offersOf, openJobOf } from '../support/marketplace.ts';
import { outboxMails } from '../support/outboxMail.ts';
import { recordTransfer } from '../support/payments.ts';
import { dayAfter, type Job, type Operator, routingKit } from '../support/routing.ts';
import { eventually, startApi, useServerSuite } from '../support/server.ts';

describe('routing an ordered request to farms', () => {
  const server = useServerSuite({ workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } } });
  const kit = routingKit(server);
  const { url, prisma, act } = kit;

  it('the operator accepts: the request is accepted, the queue grows, the customer hears once', async () => {
    const [best, second] = await kit.rankedFarms(2);
    if (!best || !second) throw new Error('farms');
    const { request, job } = await kit.order(best);
    expect(job.state).toBe('offered');
    // The platform's default answer deadline: 24 hours.
    expect(job.respondBy.getTime() - job.offeredAt.getTime()).toBeGreaterThan(24 * 3_600_000 - 60_000);
    expect(job.respondBy.getTime() - job.offeredAt.getTime()).toBeLessThan(24 * 3_600_000 + 60_000);

    const [newJob] = await mailsTo(best.user.email, `New print job: ${request.title}`);
    expect(newJob?.text).toContain(`/operator/jobs/${job.id}`);
    const inbox = await call<OperatorJobView[]>(url('/api/operator/jobs?state=new'), best.cookie);
    expect(inbox.body.map((j) => j.id)).toEqual([job.id]);
    expect(inbox.body[0]?.shippingAddress).toBeNull(); // the address only once accepted

    const accepted = await act(best, job.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.state).toBe('accepted');
    expect(accepted.body.shippingAddress).toMatchObject({ zipCode: '78701' });
    const row = await prisma().customPrintRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(row.status).toBe('accepted');
    expect(row.assignedFarmId).toBe(best.farm.id);
    expect(row.finalPrice?.toFixed(2)).toBe(job.price.toFixed(2));
    expect((await kit.farmRow(best)).queuedParts).toBe(job.parts);

    const subject = `${best.farm.displayName} accepted your order: ${request.title}`;
    const mails = await mailsTo(kit.customer.email, subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`$${job.price.toFixed(2)}`);
    expect(mails[0]?.html).toContain(request.title);
    expect(await outboxMails(prisma(), `job-accepted:${job.id}`)).toBe(1);
    // The outbox carries what the message reads of the request and the job, not their whole rows.
    const recorded = await prisma().outboxEvent.findFirstOrThrow({
      where: { job: 'email.send', payload: { path: ['messageKey'], equals: `job-accepted:${job.id}` } },
    });
    const view = (recorded.payload as JobPayload<'email.send'>).view;
    expect(view?.message).toBe('jobAcceptedEmail');
    expect(Object.keys(view?.args[2] as object)).toEqual(['id', 'title']);
    expect(Object.keys(view?.args[3] as object)).toEqual(['id', 'price', 'readyBy']);

    // Accepting twice changes nothing.
    const twice = await act(best, job.id, 'accept');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You cannot accept this job: it is accepted');
    expect((await kit.farmRow(best)).queuedParts).toBe(job.parts);
    expect(await outboxMails(prisma(), `job-accepted:${job.id}`)).toBe(1);
    expect(await prisma().printJob.count({ where: { farmId: second.farm.id } })).toBe(0);
    const scorecard = await kit.farmRow(best);
    expect(scorecard.routedJobs).toBe(1);
    expect(scorecard.declinedJobs).toBe(0);
    expect(scorecard.medianResponseMinutes).toBe(0);
  });

  it('a decline goes to the next offer by rank, never back to a farm that declined', async () => {
    const [first, second, third] = await kit.rankedFarms(3);
    if (!first || !second || !third) throw new Error('farms');
    // The customer picks the second-ranked offer.
    const { request, offers, job } = await kit.order(second);
    expect(offers.map((o) => o.farmId)).toEqual([first.farm.id, second.farm.id, third.farm.id]);
    await mailsTo(second.user.email, `New print job: ${request.title}`);

    const declined = await act(second, job.id, 'decline', { reason: 'Out of PLA this week' });
    expect(declined.status).toBe(200);
    expect(declined.body.state).toBe('declined');
    expect(declined.body.declineReason).toBe('Out of PLA this week');

    // Next by rank, skipping the decliner: the best offer.
    const next = await openJobOf(prisma(), request.id, job);
    expect(next.farmId).toBe(first.farm.id);
    const [firstMail] = await mailsTo(first.user.email, `New print job: ${request.title}`);
    expect(firstMail?.text).toContain(`/operator/jobs/${next.id}`);
    const [rerouted] = await mailsTo(
      kit.customer.email,
      `Your order went to ${first.farm.displayName}: ${request.title}`,
    );
    expect(rerouted?.text).toContain(`${second.farm.displayName} could not take it`);
    expect(rerouted?.text).toContain(`$${next.price.toFixed(2)}`);

    // The best farm declines too: the third, never the second again.
    expect((await act(first, next.id, 'decline', { reason: 'Printers booked' })).status).toBe(200);
    const last = await openJobOf(prisma(), request.id, next);
    expect(last.farmId).toBe(third.farm.id);
    await mailsTo(kit.customer.email, `Your order went to ${third.farm.displayName}: ${request.title}`);

    const jobs = await kit.jobsOf(request.id);
    expect(jobs.map((j) => [j.farmId, j.state])).toEqual([
      [second.farm.id, 'declined'],
      [first.farm.id, 'declined'],
      [third.farm.id, 'offered'],
    ]);
    expect(await emailsTo(second.user.email)).toHaveLength(1); // only its own job, once
    const view = await kit.requestView(request.id);
    expect(view.status).toBe('ordered');
    expect(view.assignedFarmId).toBe(third.farm.id);
    expect(view.statusHistory.map((h) => h.note)).toContain(
      `${second.farm.displayName} declined: Out of PLA this week`,
    );
    const decliner = await kit.farmRow(second);
    expect([decliner.routedJobs, decliner.declinedJobs]).toEqual([1, 1]);
    // Answering a declined job again is refused and writes nothing.
    const again = await act(second, job.id, 'accept');
    expect(again.status).toBe(409);
    expect((await kit.jobsOf(request.id)).length).toBe(3);
  });

  it('with no offer left the request goes back to quoting with a wider radius, and the customer is told', async () => {
    const near = await kit.rankedFarms(3);
    // About 770 miles from Austin: outside the first round's 500 miles.
    const [denver] = await kit.rankedFarms(1, [{ zip: '80202', name: 'Denver Far Away' }]);
    if (!denver) throw new Error('farms');
    const { request, offers, job } = await kit.order(near[0] as Operator);
    expect(request.searchRadiusMiles).toBe(500);
    expect(offers.map((o) => o.farmId).sort()).toEqual(near.map((n) => n.farm.id).sort());

    let open: Job | undefined = job;
    for (const operator of near) {
      if (!open) throw new Error('no open job');
      expect(open.farmId).toBe(operator.farm.id);
      expect((await act(operator, open.id, 'decline', { reason: 'Too busy' })).status).toBe(200);
      open = operator === near.at(-1) ? undefined : await openJobOf(prisma(), request.id, open);
    }

    const [told] = await mailsTo(kit.customer.email, `We are finding another farm for ${request.title}`);
    expect(told?.text).toContain('up to 1000 miles away');
    const requoted = await eventually(async () => {
      const view = await kit.requestView(request.id);
      return view.status === 'quoted' && view.quoteRound === request.quoteRound + 1 ? view : undefined;
    });
    expect(requoted.statusHistory.map((h) => h.note)).toContain(
      'No offer left; asking farms within 1000 miles',
    );
    // The new round asks only the farm that has not turned the request down.
    const second = await offersOf(server.api.url, kit.cookie, request.id);
    expect(second.map((o) => o.farmId)).toEqual([denver.farm.id]);
    // 'Your quotes are ready' for the second round (the first round's went only if it ran before the
    // customer chose: once ordered, there is nothing to announce).
    await eventually(async () => {
      const mails = await emailsTo(kit.customer.email);
      return mails.some(
        (mail) =>
          mail.subject === `Your quotes are ready: ${request.title}` &&
          (mail.text ?? '').includes(denver.farm.displayName),
      )
        ? true
        : undefined;
    });
    expect(await prisma().printJob.count({ where: { requestId: request.id, state: 'offered' } })).toBe(0);
  });

  it('a counter-offer the customer accepts makes the job the farm’s at the new terms', async () => {
    const [farm] = await kit.rankedFarms(2);
    if (!farm) throw new Error('farms');
    const { request, job } = await kit.order(farm);
    const readyBy = dayAfter(12);
    const countered = await act(farm, job.id, 'counter', { price: '45.50', readyBy });
    expect(countered.status).toBe(200);
    expect(countered.body.state).toBe('countered');
    const [proposal] = await mailsTo(
      kit.customer.email,
      `${farm.farm.displayName} proposes new terms for ${request.title}`,
    );
    expect(proposal?.text).toContain('Price: $45.50');

    const answered = await call<PrintRequestView>(
      url(`/api/print-requests/${request.id}/counter/accept`),
      kit.cookie,
      'POST',
    );
    expect(answered.status).toBe(200);
    // Dearer than what the customer paid: the job is the farm's once the difference is paid.
    const paidCents = Math.round(Number(job.price) * 100);
    expect(answered.body.status).toBe('ordered');
    const difference = answered.body.payments.find((payment) => payment.purpose === 'difference');
    expect(difference).toMatchObject({ status: 'awaiting', amountCents: 4550 - paidCents });
    await recordTransfer(prisma(), difference?.id ?? '');
    const view = {
      body: await eventually(async () => {
        const now = await kit.requestView(request.id);
        return now.status === 'accepted' ? now : undefined;
      }),
    };
    expect(view.body.finalPrice).toBe('45.50');
    expect(view.body.job).toMatchObject({ state: 'accepted', price: '45.50', readyBy });
    const row = await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row.price.toFixed(2)).toBe('45.50');
    expect((await kit.farmRow(farm)).queuedParts).toBe(job.parts);
    const [told] = await mailsTo(farm.user.email, `Your counter-offer was accepted: ${request.title}`);
    expect(told?.text).toContain('The job is yours');
    const [customerMail] = await mailsTo(
      kit.customer.email,
      `${farm.farm.displayName} accepted your order: ${request.title}`,
    );
    expect(customerMail?.text).toContain('for $45.50');

    const twice = await call(url(`/api/print-requests/${request.id}/counter/accept`), kit.cookie, 'POST');
    expect(twice.status).toBe(409);
    expect(await outboxMails(prisma(), `job-counter-accepted:${job.id}`)).toBe(1);
    expect(await kit.routeEvents(request.id)).toHaveLength(1);
  });

  it('a counter-offer the customer refuses sends the order to the next farm and tells the operator', async () => {
    const [farm, next] = await kit.rankedFarms(2);
    if (!farm || !next) throw new Error('farms');
    const { request, job } = await kit.order(farm);
    expect((await act(farm, job.id, 'counter', { price: '99.00' })).status).toBe(200);
    const refused = await call<PrintRequestView>(
      url(`/api/print-requests/${request.id}/counter/refuse`),
      kit.cookie,
      'POST',
    );
    expect(refused.status).toBe(200);
    expect(refused.body.status).toBe('ordered');
    // One re-route for one refusal: the order is offered to the next farm once.
    const routes = await kit.routeEvents(request.id);
    const reasons = routes.map((event) => (event.payload as JobPayload<'request.route'>).reason);
    expect(reasons.filter((reason) => reason === 'refused')).toHaveLength(1);

    await kit.jobAt(request.id, next);
    expect((await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } })).state).toBe('refused');
    await mailsTo(farm.user.email, `Your counter-offer was refused: ${request.title}`);
    await mailsTo(next.user.email, `New print job: ${request.title}`);
    const [mail] = await mailsTo(
      kit.customer.email,
      `Your order went to ${next.farm.displayName}: ${request.title}`,
    );
    expect(mail?.text).toContain('and you did not agree on new terms');
  });

  it('mails each message once when the route, the reminder and the deadline run twice', async () => {
    const [first, second] = await kit.rankedFarms(2);
    if (!first || !second) throw new Error('farms');
    const { request, job } = await kit.order(first);
    await mailsTo(first.user.email, `New print job: ${request.title}`);
    const context = () => server.workers.jobContext();

    // request.route handed out again (a retry, a stalled job): the job exists, nothing more happens.
    const [route] = await kit.routeEvents(request.id);
    if (!route) throw new Error('no route event');
    const routePayload = route.payload as JobPayload<'request.route'>;
    expect(await requestRoute(routePayload, context())).toBe('skipped');
    expect(await kit.jobsOf(request.id)).toHaveLength(1);

    // The reminder, twice.
    expect(await jobRemind({ jobId: job.id }, context())).toBe('done');
    expect(await jobRemind({ jobId: job.id }, context())).toBe('skipped');
    const reminders = await mailsTo(first.user.email, `Reminder: answer the job ${request.title}`);
    expect(await outboxMails(prisma(), `job-reminder:${job.id}`)).toBe(1);
    expect(reminders).toHaveLength(1);

    // The deadline, twice: one expiry, one re-route.
    expect(await jobDeadline({ jobId: job.id, kind: 'response' }, context())).toBe('done');
    expect(await jobDeadline({ jobId: job.id, kind: 'response' }, context())).toBe('skipped');
    const next = await openJobOf(prisma(), request.id, job);
    expect(next.farmId).toBe(second.farm.id);
    expect(await requestRoute(routePayload, context())).toBe('skipped');
    // The first choice, the expiry's, (the second farm being dearer) the approval's deadline, and the
    // customer's approval.
    const [, expiredRoute, lapseRoute, ...approved] = await kit.routeEvents(request.id);
    expect(expiredRoute?.payload).toMatchObject({ reason: 'expired' });
    expect(await requestRoute(expiredRoute?.payload as JobPayload<'request.route'>, context())).toBe(
      'skipped',
    );
    // The deadline, come early or late, does nothing to an approval that was paid.
    expect(lapseRoute?.payload).toMatchObject({ reason: 'lapsed' });
    expect(await requestRoute(lapseRoute?.payload as JobPayload<'request.route'>, context())).toBe('skipped');
    expect(approved.map((event) => (event.payload as { reason: string }).reason)).toEqual(['approved']);
    expect(await requestRoute(approved[0]?.payload as JobPayload<'request.route'>, context())).toBe(
      'skipped',
    );
    expect(await kit.routeEvents(request.id)).toHaveLength(4);
    expect(await kit.jobsOf(request.id)).toHaveLength(2);

    const rerouted = await mailsTo(
      kit.customer.email,
      `Your order went to ${second.farm.displayName}: ${request.title}`,
    );
    expect(rerouted).toHaveLength(1);
    expect(rerouted[0]?.text).toContain(`${first.farm.displayName} did not answer in time`);
    expect(await mailsTo(second.user.email, `New print job: ${request.title}`)).toHaveLength(1);
    for (const key of [`job-new:${job.id}`, `job-new:${next.id}`, `request-rerouted:${next.id}`]) {
      expect(await outboxMails(prisma(), key), key).toBe(1);
    }
    expect(await emailsTo(first.user.email)).toHaveLength(2); // the new job and one reminder
    const late = await act(first, job.id, 'accept');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('You cannot accept this job: it is not answered in time');
  });

  it('a first-choice route delivered again after the farm declined does nothing; the decline’s route carries on', async () => {
    const [first, second] = await kit.rankedFarms(2);
    if (!first || !second) throw new Error('farms');
    const { request, job } = await kit.order(first);
    const [chosenRoute] = await kit.routeEvents(request.id);
    // Hold the decline's route in its queue, so the first one can be handed out again before it.
    const routeWorker = server.workers.runtime.workers.get('request.route');
    if (!routeWorker) throw new Error('no request.route worker');
    await routeWorker.pause();
    try {
      expect((await act(first, job.id, 'decline', { reason: 'Nozzle jam' })).status).toBe(200);
      const again = await requestRoute(
        chosenRoute?.payload as JobPayload<'request.route'>,
        server.workers.jobContext(),
      );
      expect(again).toBe('skipped');
      expect(await kit.jobsOf(request.id)).toHaveLength(1);
    } finally {
      routeWorker.resume();
    }
    const next = await openJobOf(prisma(), request.id, job);
    expect(next.farmId).toBe(second.farm.id);
    const declinedOffer = await prisma().requestOffer.findUniqueOrThrow({ where: { id: job.offerId } });
    expect(declinedOffer.status).toBe('declined');
    const [told] = await mailsTo(
      kit.customer.email,
      `Your order went to ${second.farm.displayName}: ${request.title}`,
    );
    expect(told?.text).toContain(`${first.farm.displayName} could not take it`);
    expect(await outboxMails(prisma(), `request-rerouted:${next.id}`)).toBe(1);
  });

  it('a rating updates the farm’s rating, rating count and scorecard once; a second answers 409', async () => {
    // A farm with a record from before: three ratings averaging 4.00.
    const [farm] = await kit.rankedFarms(1, [{ rating: '4.00', totalJobs: 3 }]);
    if (!farm) throw new Error('farms');
    const { request, job } = await kit.order(farm);
    const early = await call(url(`/api/print-requests/${request.id}/rating`), kit.cookie, 'POST', {
      quality: 5,
      communication: 5,
      timeliness: 5,
    });
    expect(early.status).toBe(409);

    for (const [action, body] of [
      ['accept', undefined],
      ['progress', { percent: 40 }],
      ['ship', { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }],
      ['deliver', undefined],
    ] as const) {
      const response = await act(farm, job.id, action, body);
      expect(response.status, `${action}: ${JSON.stringify(response.body)}`).toBe(200);
    }
    expect((await kit.requestView(request.id)).status).toBe('completed');
    expect((await kit.farmRow(farm)).queuedParts).toBe(0);
    await mailsTo(kit.customer.email, `Delivered: ${request.title}`);

    const rated = await call<PrintRequestView>(
      url(`/api/print-requests/${request.id}/rating`),
      kit.cookie,
      'POST',
      { quality: 5, communication: 5, timeliness: 4, comment: 'Crisp layers' },
    );
    expect(rated.status).toBe(201);
    expect(rated.body.rating).toMatchObject({ quality: 5, communication: 5, timeliness: 4 });
    expect(rated.body.canRate).toBe(false);
    const row = await kit.farmRow(farm);
    // (4.00 × 3 + 14/3) / 4 = 4.1667 → 4.17
    expect(row.rating.toFixed(2)).toBe('4.17');
    expect(row.totalJobs).toBe(4);
    expect([row.routedJobs, row.declinedJobs, row.shippedJobs, row.onTimeJobs]).toEqual([1, 0, 1, 1]);
    expect(row.medianResponseMinutes).toBe(0);
    const settings = await call<{ farm: { scorecard: Record<string, unknown> } }>(
      url('/api/operator/farm'),
      farm.cookie,
    );
    expect(settings.body.farm.scorecard).toMatchObject({
      rating: 4.17,
      ratingCount: 4,
      onTimeRate: 1,
      declineRate: 0,
      shippedJobs: 1,
    });

    const twice = await call<{ message: string }>(
      url(`/api/print-requests/${request.id}/rating`),
      kit.cookie,
      'POST',
      { quality: 1, communication: 1, timeliness: 1 },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You have already rated this job');
    const after = await kit.farmRow(farm);
    expect([after.rating.toFixed(2), after.totalJobs]).toEqual(['4.17', 4]);
    expect(await prisma().jobRating.count({ where: { requestId: request.id } })).toBe(1);
  });

  it('a farm that paused or filled up after quoting gets no route and no new offers; the customer is told', async () => {
    const [paused, full, open] = await kit.rankedFarms(3);
    if (!paused || !full || !open) throw new Error('farms');
    const { request, offers } = await kit.quote();
    expect(offers.map((o) => o.farmId)).toEqual([paused.farm.id, full.farm.id, open.farm.id]);
    await prisma().printFarm.update({ where: { id: paused.farm.id }, data: { isPaused: true } });
    await prisma().printFarm.update({ where: { id: full.farm.id }, data: { availableCapacity: 0 } });

    expect((await kit.accept(request.id, offers[0])).status).toBe(200);
    const job = await openJobOf(prisma(), request.id);
    expect(job.farmId).toBe(open.farm.id);
    const [told] = await mailsTo(
      kit.customer.email,
      `Your order went to ${open.farm.displayName}: ${request.title}`,
    );
    expect(told?.text).toContain(`${paused.farm.displayName} is not taking new jobs right now`);
    const withdrawn = await prisma().requestOffer.findUniqueOrThrow({ where: { id: offers[0]?.id } });
    expect(withdrawn.status).toBe('withdrawn');
    expect(await prisma().printJob.count({ where: { farmId: { in: [paused.farm.id, full.farm.id] } } })).toBe(
      0,
    );
    for (const skipped of [paused, full]) {
      const mails = await prisma().outboxEvent.count({
        where: { job: 'email.send', payload: { path: ['to'], equals: skipped.user.email } },
      });
      expect(mails).toBe(0);
    }

    // A new request gets no offer from either.
    const fresh = await kit.quote();
    expect(fresh.offers.map((o) => o.farmId)).toEqual([open.farm.id]);
  });

  it("answers 404 for another operator's job on every call, and changes nothing", async () => {
    const [farm] = await kit.rankedFarms(1);
    const [other] = await kit.rankedFarms(1, [{ zip: '10001', name: 'Other operator' }]);
    if (!farm || !other) throw new Error('farms');
    const { request, job } = await kit.order(farm);
    const before = await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } });
    const base = `/api/operator/jobs/${job.id}`;
    const calls = [
      ['GET', base, undefined],
      ['POST', `${base}/accept`, undefined],
      ['POST', `${base}/decline`, { reason: 'Not mine' }],
      ['POST', `${base}/counter`, { price: '10.00' }],
      ['POST', `${base}/start`, undefined],
      ['POST', `${base}/progress`, { percent: 10 }],
      ['POST', `${base}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }],
      ['POST', `${base}/deliver`, undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      const response = await call(url(path), other.cookie, method, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const list = await call<OperatorJobView[]>(url('/api/operator/jobs?state=new'), other.cookie);
    expect(list.body).toEqual([]);
    const after = await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(after).toEqual(before);
    expect((await kit.requestView(request.id)).status).toBe('ordered');
    expect(
      await prisma().requestStatusHistory.count({
        where: { requestId: request.id, changedByUserId: other.user.id },
      }),
    ).toBe(0);
  });

  it('the deadline and the operator’s accept at the same instant: exactly one wins, every time', async () => {
    const ROUNDS = 12;
    const [farm, next] = await kit.rankedFarms(2);
    if (!farm || !next) throw new Error('farms');
    const orders = await Promise.all(Array.from({ length: ROUNDS }, () => kit.order(farm)));
    // How long the operator's call takes to get through the API: the deadline starts from 0 to 3 times
    // that after it, so early rounds go to the deadline, late ones to the operator, and some collide.
    const timings: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await call(url(`/api/operator/jobs/${orders[0]?.job.id}`), farm.cookie);
      timings.push(performance.now() - started);
    }
    const callMs = timings.sort((a, b) => a - b)[2] ?? 0;
    const outcomes = { accepted: 0, expired: 0 };
    for (const [round, { request, job }] of orders.entries()) {
      const delay = (3 * callMs * round) / (ROUNDS - 1);
      const [answer, deadline] = await Promise.all([
        act(farm, job.id, 'accept'),
        new Promise((resolve) => setTimeout(resolve, delay)).then(() =>
          jobDeadline({ jobId: job.id, kind: 'response' }, server.workers.jobContext()),
        ),
      ]);
      const row = await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } });
      const history = await prisma().requestStatusHistory.findMany({ where: { requestId: request.id } });
      const routes = await kit.routeEvents(request.id);
      if (answer.status === 200) {
        outcomes.accepted++;
        expect(deadline).toBe('skipped');
        expect(row.state).toBe('accepted');
        expect(routes).toHaveLength(1);
        expect(history.filter((h) => h.note?.includes('did not answer in time'))).toHaveLength(0);
      } else {
        outcomes.expired++;
        expect(answer.status).toBe(409);
        expect(deadline).toBe('done');
        expect(row.state).toBe('expired');
        expect(history.filter((h) => h.changedByUserId === farm.user.id)).toHaveLength(0);
        expect(await outboxMails(prisma(), `job-accepted:${job.id}`)).toBe(0);
        expect((await openJobOf(prisma(), request.id, job)).farmId).toBe(next.farm.id);
      }
    }
    expect(await kit.requestsWithTwoOpenJobs()).toEqual([]);
    // Both sides won somewhere: the rounds really raced.
    expect(outcomes.accepted, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.expired, JSON.stringify(outcomes)).toBeGreaterThan(0);
    // The farm's queue holds exactly the jobs it won.
    expect((await kit.farmRow(farm)).queuedParts).toBe(outcomes.accepted);
  });

  it('two operators answer one job through two API processes at once: one wins, the other gets 409 and writes nothing', async () => {
    const ROUNDS = 8;
    const secondApi = await startApi();
    try {
      const [farm, next] = await kit.rankedFarms(2);
      if (!farm || !next) throw new Error('farms');
      // A staff member may answer for any farm: the farm's operator and staff answer at the same time.
      const staff = await createUser(prisma(), { role: 'staff' });
      const staffCookie = await signIn(secondApi.url, staff.email, staff.password);
      const orders = await Promise.all(Array.from({ length: ROUNDS }, () => kit.order(farm)));
      let accepts = 0;
      for (const [round, { request, job }] of orders.entries()) {
        const decline = () =>
          call<{ message?: string }>(
            `${secondApi.url}/api/operator/jobs/${job.id}/decline`,
            staffCookie,
            'POST',
            {
              reason: 'Staff: farm asked us to decline',
            },
          );
        const accept = () => act(farm, job.id, 'accept');
        // Alternate which call is sent first.
        const [accepted, declined] =
          round % 2 === 0
            ? await Promise.all([accept(), decline()])
            : await Promise.all([decline(), accept()]).then(([d, a]) => [a, d] as const);
        expect([accepted.status, declined.status].sort()).toEqual([200, 409]);
        const row = await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } });
        const history = await prisma().requestStatusHistory.findMany({ where: { requestId: request.id } });
        if (accepted.status === 200) {
          accepts++;
          expect(row.state).toBe('accepted');
          expect(declined.body.message).toBe('You cannot decline this job: it is accepted');
          expect(history.filter((h) => h.changedByUserId === staff.id)).toHaveLength(0);
          expect(await kit.routeEvents(request.id)).toHaveLength(1);
        } else {
          expect(row.state).toBe('declined');
          expect(accepted.body.message).toBe('You cannot accept this job: it is declined');
          expect(history.filter((h) => h.changedByUserId === farm.user.id)).toHaveLength(0);
          expect(await outboxMails(prisma(), `job-accepted:${job.id}`)).toBe(0);
          expect((await openJobOf(prisma(), request.id, job)).farmId).toBe(next.farm.id);
        }
      }
      expect(await kit.requestsWithTwoOpenJobs()).toEqual([]);
      expect((await kit.farmRow(farm)).queuedParts).toBe(accepts);
      expect(accepts, 'each side won some rounds').toBeGreaterThan(0);
      expect(accepts, 'each side won some rounds').toBeLessThan(ROUNDS);
    } finally {
      await secondApi.close();
    }
  });
});

describe('answer deadlines (short, for the test)', () => {
  // A farm has 3 s to answer (the workers set it when routing) and is reminded 2 s before that; the
  // customer has 1.5 s to answer a counter-offer (the API sets it when the farm counters).
  const server = useServerSuite({
    apiEnv: { ROUTE_RESPONSE_MS: '1500' },
    workers: {
      env: {
        ROUTE_RESPONSE_MS: '3000',
        ROUTE_REMINDER_BEFORE_MS: '2000',
        SLICER_PATH: '/nonexistent/prusa-slicer',
      },
    },
  });
  const kit = routingKit(server);
  const { prisma, act } = kit;

  it('a job nobody answers: the operator is reminded, then the order goes to the next farm', async () => {
    const [silent, next] = await kit.rankedFarms(2);
    if (!silent || !next) throw new Error('farms');
    const { request, job } = await kit.order(silent);
    const answerMs = job.respondBy.getTime() - job.offeredAt.getTime();
    expect(answerMs).toBeGreaterThan(2_900);
    expect(answerMs).toBeLessThan(3_100);

    const [reminder] = await mailsTo(silent.user.email, `Reminder: answer the job ${request.title}`);
    expect(reminder?.text).toContain(`/operator/jobs/${job.id}`);
    const rerouted = await kit.jobAt(request.id, next);
    const expired = await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(expired.state).toBe('expired');
    // The reminder was sent on its way before the deadline closed the job.
    const reminded = await prisma().outboxEvent.findFirstOrThrow({
      where: { job: 'email.send', payload: { path: ['messageKey'], equals: `job-reminder:${job.id}` } },
    });
    expect(reminded.createdAt.getTime()).toBeLessThan(expired.closedAt?.getTime() ?? 0);
    const [told] = await mailsTo(
      kit.customer.email,
      `Your order went to ${next.farm.displayName}: ${request.title}`,
    );
    expect(told?.text).toContain(`${silent.farm.displayName} did not answer in time`);
    const record = await kit.farmRow(silent);
    expect([record.routedJobs, record.declinedJobs]).toEqual([1, 1]);

    // Both jobs of the expired one, run again, do nothing.
    const context = server.workers.jobContext();
    expect(await jobRemind({ jobId: job.id }, context)).toBe('skipped');
    expect(await jobDeadline({ jobId: job.id, kind: 'response' }, context)).toBe('skipped');
    expect(await outboxMails(prisma(), `job-reminder:${job.id}`)).toBe(1);
    expect(await outboxMails(prisma(), `request-rerouted:${rerouted.id}`)).toBe(1);
    const history = await prisma().requestStatusHistory.findMany({ where: { requestId: request.id } });
    expect(
      history.filter((h) => h.note?.startsWith(`${silent.farm.displayName} did not answer in time`)),
    ).toHaveLength(1);

    // Stop the chain of deadlines: the customer cancels.
    const cancelled = await call(kit.url(`/api/print-requests/${request.id}/cancel`), kit.cookie, 'POST', {});
    expect(cancelled.status).toBe(200);
  });

  it('a counter-offer the customer leaves unanswered counts as refused', async () => {
    const [farm, next] = await kit.rankedFarms(2);
    if (!farm || !next) throw new Error('farms');
    const { request, job } = await kit.order(farm);
    const countered = await act(farm, job.id, 'counter', { price: '70.00' });
    expect(countered.status).toBe(200);
    expect(countered.body.counter?.respondBy).toBeTruthy();

    await kit.jobAt(request.id, next);
    expect((await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } })).state).toBe('refused');
    await mailsTo(farm.user.email, `Your counter-offer was refused: ${request.title}`);
    const [told] = await mailsTo(
      kit.customer.email,
      `Your order went to ${next.farm.displayName}: ${request.title}`,
    );
    expect(told?.text).toContain('and you did not agree on new terms');
    const late = await call(kit.url(`/api/print-requests/${request.id}/counter/accept`), kit.cookie, 'POST');
    expect(late.status).toBe(409);

    const cancelled = await call(kit.url(`/api/print-requests/${request.id}/cancel`), kit.cookie, 'POST', {});
    expect(cancelled.status).toBe(200);
  });
});

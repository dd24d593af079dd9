// Operator applications through the real API and workers: validation, the one-transaction outbox,
// enrichment (territory density, duplicates, lead score) and the shortened 48-hour follow-up.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emailsTo } from '../support/maildev.ts';
import { eventually, type TestApi, useServerSuite } from '../support/server.ts';

const FOLLOWUP_DELAY_MS = 2_000;
const STAFF_ALERTS = `staff-alerts-${randomUUID().slice(0, 8)}@example.test`;

function validApplication(overrides: Record<string, unknown> = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `applicant-${tag}@example.test`,
    phone: `512-555-${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
    city: 'Austin',
    state: 'TX',
    experience: 'beginner',
    workspace: 'Two-car garage',
    investment: 'immediate',
    notes: 'Ready to start',
    ...overrides,
  };
}

async function submit(api: TestApi, body: unknown) {
  const response = await fetch(`${api.url}/api/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function seedFarm(
  api: TestApi,
  name: string,
  place: { latitude: number; longitude: number },
  printers: number,
  isActive = true,
) {
  const key = `${name}-${randomUUID().slice(0, 6)}`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  await api.prisma.printFarm.create({
    data: {
      farmName: key,
      displayName: name,
      companyKey: key,
      location: name,
      contactName: 'Farm Owner',
      contactEmail: `${key}@example.test`,
      contactPhone: '512-555-0100',
      fullStreetAddress: '1 Main St',
      streetName: 'Main St',
      city: name,
      state: 'TX',
      zipCode: '78701',
      latitude: place.latitude,
      longitude: place.longitude,
      geocodeStatus: 'located',
      totalPrinterCount: printers,
      printerCount: printers,
      printerInventory: [],
      printerTypes: [],
      capacity: 10,
      availableCapacity: 10,
      capabilities: {},
      isActive,
    },
  });
}

describe('operator applications', () => {
  const env = { APPLICATION_FOLLOWUP_DELAY_MS: String(FOLLOWUP_DELAY_MS), RATE_LIMIT_DISABLED: 'true' };
  const server = useServerSuite({ apiEnv: env, workers: { env: { ...env, STAFF_EMAILS: STAFF_ALERTS } } });

  describe('validation', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['blank first name', { firstName: '  ' }, 'firstName', 'First name is required'],
      ['missing first name', { firstName: undefined }, 'firstName', 'First name is required'],
      ['blank last name', { lastName: '' }, 'lastName', 'Last name is required'],
      ['bad e-mail', { email: 'not-an-email' }, 'email', 'Valid email is required'],
      ['missing e-mail', { email: undefined }, 'email', 'Valid email is required'],
      ['short phone', { phone: '555-0101' }, 'phone', 'Valid phone number is required'],
      ['missing phone', { phone: undefined }, 'phone', 'Valid phone number is required'],
      ['blank city', { city: '' }, 'city', 'City is required'],
      ['blank state', { state: '' }, 'state', 'State is required'],
      ['unknown state', { state: 'XX' }, 'state', 'State is required'],
      ['unknown experience', { experience: 'expert' }, 'experience', 'Choose an experience level'],
      ['unknown investment', { investment: 'someday' }, 'investment', 'Choose an investment timeline'],
    ];

    it.each(cases)(
      'rejects %s with its message and writes nothing',
      async (_label, change, field, message) => {
        const before = await server.api.prisma.application.count();
        const outboxBefore = await server.api.prisma.outboxEvent.count();
        const body = validApplication(change);
        for (const [key, value] of Object.entries(change))
          if (value === undefined) delete (body as Record<string, unknown>)[key];
        const response = await submit(server.api, body);
        expect(response.status).toBe(400);
        expect(response.body.fields).toMatchObject({ [field]: message });
        expect(response.body.message).toBe(message);
        expect(await server.api.prisma.application.count()).toBe(before);
        expect(await server.api.prisma.outboxEvent.count()).toBe(outboxBefore);
      },
    );

    it('rejects a body that is not an object', async () => {
      const response = await submit(server.api, ['nope']);
      expect(response.status).toBe(400);
    });
  });

  it('stores a New application with its confirmation, enrichment and delayed follow-up', async () => {
    const body = { ...validApplication(), terms: true, status: 'Won' };
    const started = Date.now();
    const response = await submit(server.api, body);
    expect(response.status).toBe(201);
    const id = String(response.body.id);
    expect(response.body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: body.email,
      city: 'Austin',
      state: 'TX',
      experience: 'beginner',
      investment: 'immediate',
      status: 'New',
    });
    expect(response.body).not.toHaveProperty('terms');
    expect(response.body).not.toHaveProperty('leadScore');

    const events = await server.api.prisma.outboxEvent.findMany({
      where: {
        OR: [
          { payload: { path: ['applicationId'], equals: id } },
          { payload: { path: ['messageKey'], equals: `application-confirmation:${id}` } },
        ],
      },
      orderBy: { runAt: 'asc' },
    });
    expect(events.map((event) => event.job).sort()).toEqual([
      'application.enrich',
      'application.followup',
      'email.send',
    ]);
    const followup = events.find((event) => event.job === 'application.followup');
    expect(followup?.runAt.getTime()).toBeGreaterThanOrEqual(started + FOLLOWUP_DELAY_MS - 1_000);
    const confirmation = events.find((event) => event.job === 'email.send');
    expect(confirmation?.payload).toMatchObject({
      messageKey: `application-confirmation:${id}`,
      to: body.email,
    });

    const [mail] = await eventually(async () => {
      const found = await emailsTo(body.email);
      return found.length > 0 ? found : undefined;
    });
    expect(mail?.subject).toBe('We received your print farm application');
  });

  it('enriches an application with territory density, a lead score and duplicate flags', async () => {
    // Austin's centre in the offline ZIP table is about 30.33, -97.77.
    await seedFarm(server.api, 'Austin Prints', { latitude: 30.27, longitude: -97.74 }, 5);
    await seedFarm(server.api, 'Round Rock Labs', { latitude: 30.51, longitude: -97.68 }, 2);
    await seedFarm(server.api, 'San Antonio Parts', { latitude: 29.42, longitude: -98.49 }, 7); // ~75 miles
    await seedFarm(server.api, 'Dallas Makers', { latitude: 32.78, longitude: -96.8 }, 9); // ~180 miles
    await seedFarm(server.api, 'Closed Austin Farm', { latitude: 30.28, longitude: -97.75 }, 4, false);

    const first = await submit(server.api, validApplication({ phone: '(512) 555-0199' }));
    expect(first.status).toBe(201);
    const firstId = String(first.body.id);
    const enriched = await eventually(async () => {
      const row = await server.api.prisma.application.findUnique({ where: { id: firstId } });
      return row?.enrichedAt ? row : undefined;
    });
    expect(enriched.latitude).toBeCloseTo(30.33, 1);
    expect(enriched.longitude).toBeCloseTo(-97.77, 1);
    expect(enriched.farmsWithin50Miles).toBe(2);
    expect(enriched.printersWithin50Miles).toBe(7);
    expect(enriched.farmsWithin100Miles).toBe(3);
    expect(enriched.printersWithin100Miles).toBe(14);
    expect(enriched.duplicateOfId).toBeNull();
    expect(enriched.leadScore).toBeGreaterThan(0);
    expect(enriched.leadScore).toBeLessThanOrEqual(100);

    // Same e-mail in another case, later: a duplicate of the first.
    const sameEmail = await submit(
      server.api,
      validApplication({ email: String(first.body.email).toUpperCase() }),
    );
    // Same phone digits written differently, from a city the ZIP table does not know.
    const samePhone = await submit(
      server.api,
      validApplication({ phone: '512.555.0199', city: 'Nowhereville', investment: 'considering' }),
    );
    for (const duplicate of [sameEmail, samePhone]) {
      const row = await eventually(async () => {
        const found = await server.api.prisma.application.findUnique({
          where: { id: String(duplicate.body.id) },
        });
        return found?.enrichedAt ? found : undefined;
      });
      expect(row.duplicateOfId).toBe(firstId);
    }
    const unknownPlace = await server.api.prisma.application.findUniqueOrThrow({
      where: { id: String(samePhone.body.id) },
    });
    expect(unknownPlace.latitude).toBeNull();
    expect(unknownPlace.farmsWithin100Miles).toBeNull();
    expect(unknownPlace.leadScore).toBeLessThan(enriched.leadScore ?? 0);
    // The first one stays the original.
    expect(
      (await server.api.prisma.application.findUniqueOrThrow({ where: { id: firstId } })).duplicateOfId,
    ).toBeNull();
  });

  it('follows up a still-New application after the delay and alerts staff, but skips a Contacted one', async () => {
    const waiting = await submit(server.api, validApplication({ firstName: 'Grace', lastName: 'Hopper' }));
    const contacted = await submit(server.api, validApplication({ firstName: 'Alan', lastName: 'Turing' }));
    expect(waiting.status).toBe(201);
    expect(contacted.status).toBe(201);
    const waitingId = String(waiting.body.id);
    const contactedId = String(contacted.body.id);
    await server.api.prisma.application.update({ where: { id: contactedId }, data: { status: 'Contacted' } });

    const followups = await eventually(async () => {
      const found = (await emailsTo(String(waiting.body.email))).filter((mail) =>
        mail.subject.startsWith('Following up'),
      );
      return found.length > 0 ? found : undefined;
    }, 30_000);
    expect(followups).toHaveLength(1);
    expect(followups[0]?.text).toContain('Austin, TX');
    const alerts = await eventually(async () => {
      const found = (await emailsTo(STAFF_ALERTS)).filter((mail) => mail.subject.includes('Grace Hopper'));
      return found.length > 0 ? found : undefined;
    });
    expect(alerts).toHaveLength(1);
    const row = await server.api.prisma.application.findUniqueOrThrow({ where: { id: waitingId } });
    expect(row.followUpSentAt).not.toBeNull();

    // The Contacted one's follow-up job ran and skipped: no e-mail, nothing stored.
    const event = await server.api.prisma.outboxEvent.findFirstOrThrow({
      where: { job: 'application.followup', payload: { path: ['applicationId'], equals: contactedId } },
    });
    const job = await eventually(async () => {
      const found = await server.api.queues.get('application.followup').getJob(event.id);
      return found?.finishedOn ? found : undefined;
    });
    expect(job.returnvalue).toBe('skipped');
    const contactedMail = await emailsTo(String(contacted.body.email));
    expect(contactedMail.map((mail) => mail.subject)).toEqual(['We received your print farm application']);
    expect(
      (await emailsTo(STAFF_ALERTS)).filter((mail) => mail.subject.includes('Alan Turing')),
    ).toHaveLength(0);
    const skipped = await server.api.prisma.application.findUniqueOrThrow({ where: { id: contactedId } });
    expect(skipped.followUpSentAt).toBeNull();
  });

  it('does not follow up twice when the job runs again', async () => {
    const submitted = await submit(server.api, validApplication());
    const id = String(submitted.body.id);
    await eventually(
      async () =>
        (await server.api.prisma.application.findUnique({ where: { id } }))?.followUpSentAt ?? undefined,
      30_000,
    );
    const { applicationFollowup } = await import('../../workers/src/jobs/applicationFollowup.ts');
    const outcome = await applicationFollowup({ applicationId: id }, server.workers.jobContext());
    expect(outcome).toBe('skipped');
    expect(
      await server.api.prisma.outboxEvent.count({
        where: { payload: { path: ['messageKey'], equals: `application-followup:${id}` } },
      }),
    ).toBe(1);
  });
});

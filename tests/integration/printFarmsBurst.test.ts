// 1,000 farm signups in a burst: every one recorded once and geocoded; and the signup rate limit when on.
import { describe, expect, it } from 'vitest';
import { postSignup, validSignup } from '../support/printFarmsFixtures.ts';
import { eventually, useServerSuite } from '../support/server.ts';

const SIGNUPS = 1_000;
const CONCURRENCY = 50;
const PLACES = [
  { city: 'Austin', state: 'TX', zipCode: '78701' },
  { city: 'Seattle', state: 'WA', zipCode: '98101' },
  { city: 'Denver', state: 'CO', zipCode: '80202' },
  { city: 'Chicago', state: 'IL', zipCode: '60601' },
  { city: 'Boston', state: 'MA', zipCode: '02108' },
  { city: 'Miami', state: 'FL', zipCode: '33130' },
  { city: 'Phoenix', state: 'AZ', zipCode: '85004' },
  { city: 'Portland', state: 'OR', zipCode: '97204' },
  { city: 'Nashville', state: 'TN', zipCode: '37203' },
  { city: 'Atlanta', state: 'GA', zipCode: '30303' },
];

describe('a burst of farm signups', () => {
  const server = useServerSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true', DATABASE_POOL_SIZE: '10' },
    workers: { env: { WORKER_CONCURRENCY: '16' } },
  });

  it(`records and geocodes ${SIGNUPS} signups fired ${CONCURRENCY} at a time`, {
    timeout: 240_000,
  }, async () => {
    const statuses: number[] = [];
    const failures: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < SIGNUPS; i = next++) {
          const place = PLACES[i % PLACES.length];
          const { status, body } = await postSignup(
            server.api,
            validSignup({ displayName: `Burst Farm ${i}`, ...place }),
          );
          statuses.push(status);
          if (status !== 201) failures.push(`${status} ${JSON.stringify(body)}`);
        }
      }),
    );
    expect(failures.slice(0, 3)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(SIGNUPS);
    expect(await server.api.prisma.printFarm.count()).toBe(SIGNUPS);
    expect(await server.api.prisma.outboxEvent.count({ where: { job: 'farm.geocode' } })).toBe(SIGNUPS);
    expect(await server.api.prisma.outboxEvent.count({ where: { job: 'email.send' } })).toBe(SIGNUPS);

    await eventually(
      async () =>
        (await server.api.prisma.printFarm.count({ where: { geocodeStatus: 'located' } })) === SIGNUPS,
      180_000,
    );
    const list = (await (await fetch(`${server.api.url}/api/print-farms`)).json()) as {
      coordinates: unknown;
    }[];
    expect(list).toHaveLength(SIGNUPS);
    expect(list.every((farm) => farm.coordinates !== null)).toBe(true);
    const stats = (await (await fetch(`${server.api.url}/api/stats`)).json()) as Record<string, number>;
    expect(stats).toMatchObject({ activeFarms: SIGNUPS, statesCovered: PLACES.length, mappedFarms: SIGNUPS });
  });
});

describe('the signup rate limit', () => {
  const server = useServerSuite();

  it('refuses the 21st signup from one address within the hour', async () => {
    // /api/health waits for the Redis connection the limiter counts in.
    expect((await fetch(`${server.api.url}/api/health`)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await postSignup(server.api, { displayName: '' })).status);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

// Renaming a farm in its settings (PUT /api/operator/farm): the name keeps its company key, so another
// farm's name is refused on the form's field, as at signup and in the staff edit, and a rename frees the
// old name for someone else's signup.
import { randomUUID } from 'node:crypto';
import { companyKey } from '@printfarm/domain/farmSignup';
import { describe, expect, it } from 'vitest';
import type { PrismaClient } from '../../db/src/index.ts';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { blockedBehind } from '../support/locks.ts';
import { call, createFarm } from '../support/marketplace.ts';
import { postSignup, validSignup } from '../support/printFarmsFixtures.ts';
import { useServerSuite } from '../support/server.ts';

interface Answer {
  message?: string;
  fields?: Record<string, string>;
  farm?: { displayName: string };
}

describe('renaming a farm in its settings', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' } });
  const prisma = () => server.api.prisma;

  /** An operator who signed their farm up through the signup form, signed in. */
  async function operatorWithFarm() {
    const user = await createUser(prisma(), { role: 'operator', firstName: 'Olive' });
    const cookie = await signIn(server.api.url, user.email, user.password);
    const signup = validSignup();
    const signed = await postSignup(server.api, signup, cookie);
    expect(signed.status).toBe(201);
    const farm = await prisma().printFarm.findFirstOrThrow({ where: { userId: user.id } });
    return { cookie, farm };
  }

  const settings = (displayName: string) => ({
    rates: [],
    availability: { availableCapacity: 10, isPaused: false, operatingHours: null },
    profile: { displayName, description: '', website: '', contactPhone: '512-555-0147' },
    wantsOrderingLink: false,
  });

  const save = (cookie: string, displayName: string) =>
    call<Answer>(`${server.api.url}/api/operator/farm`, cookie, 'PUT', settings(displayName));

  it('answers 409 on profile.displayName for another farm’s name, however spelled, and changes nothing', async () => {
    const other = validSignup({ displayName: `Acme Additive ${randomUUID().slice(0, 6)}` });
    expect((await postSignup(server.api, other)).status).toBe(201);
    const { cookie, farm } = await operatorWithFarm();

    const taken = `the ${other.displayName.toUpperCase()}, LLC`;
    const refused = await save(cookie, taken);
    expect(refused.status).toBe(409);
    const message = `A print farm named "${taken}" is already registered.`;
    expect(refused.body).toEqual({ message, fields: { 'profile.displayName': message } });
    const after = await prisma().printFarm.findUniqueOrThrow({ where: { id: farm.id } });
    expect({ displayName: after.displayName, companyKey: after.companyKey }).toEqual({
      displayName: farm.displayName,
      companyKey: farm.companyKey,
    });
  });

  it('a rename to a free name takes its company key, so the old name is free to sign up', async () => {
    const { cookie, farm } = await operatorWithFarm();
    const renamed = `Hill Country Prints ${randomUUID().slice(0, 6)}`;
    const saved = await save(cookie, renamed);
    expect(saved.status).toBe(200);
    expect(saved.body.farm?.displayName).toBe(renamed);
    const after = await prisma().printFarm.findUniqueOrThrow({ where: { id: farm.id } });
    expect(after.companyKey).toBe(companyKey(renamed));

    const oldName = await postSignup(server.api, validSignup({ displayName: farm.displayName }));
    expect(oldName.status).toBe(201);
    // Saving again under the same name is no rename: it is not refused by the farm's own key.
    expect((await save(cookie, renamed)).status).toBe(200);
  });

  it('a farm registered under the name while the rename waits: 409 on profile.displayName, not a 500', async () => {
    const { cookie, farm } = await operatorWithFarm();
    const name = `Bluebonnet Fabrication ${randomUUID().slice(0, 6)}`;
    const answer = await blockedBehind(prisma(), {
      // Another farm's signup, not committed yet: the rename's check cannot see it, its write waits on it.
      lock: async (tx) => {
        const other = await createFarm(tx as unknown as PrismaClient, { zip: '78702', name });
        await tx.printFarm.update({ where: { id: other.id }, data: { companyKey: companyKey(name) } });
      },
      contenders: () => save(cookie, name),
    });
    const message = `A print farm named "${name}" is already registered.`;
    expect(answer).toEqual({ status: 409, body: { message, fields: { 'profile.displayName': message } } });
    expect((await prisma().printFarm.findUniqueOrThrow({ where: { id: farm.id } })).displayName).toBe(
      farm.displayName,
    );
  });
});

// Shared by the print-farm test files: a valid signup body, posting it, and finding a farm's geocode job.
import { randomUUID } from 'node:crypto';
import type { TestApi } from './server.ts';

export function validSignup(overrides: Record<string, unknown> = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    displayName: `Lone Star Prints ${tag}`,
    contactName: 'Ada Lovelace',
    contactEmail: `farm-${tag}@example.test`,
    contactPhone: '512-555-0147',
    fullStreetAddress: '1200 Congress Ave',
    streetName: 'Congress Ave',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    printerInventory: [
      { technology: 'FFF/FDM', brand: 'Bambu Lab', model: 'X1 Carbon', count: 6 },
      { technology: 'SLA/Resin', brand: 'Formlabs', model: 'Form 4', count: 2 },
    ],
    website: 'lonestarprints.example.com',
    wantsOrderingLink: true,
    ...overrides,
  };
}

export async function postSignup(api: TestApi, body: unknown, cookie?: string) {
  const response = await fetch(`${api.url}/api/print-farms/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function geocodeJobOf(api: TestApi, farmId: string) {
  const event = await api.prisma.outboxEvent.findFirst({
    where: { job: 'farm.geocode', payload: { path: ['farmId'], equals: farmId } },
    orderBy: { createdAt: 'desc' },
  });
  return event ? api.queues.get('farm.geocode').getJob(event.id) : undefined;
}

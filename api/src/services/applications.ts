// Operator applications: the submission with its follow-up work in one transaction, and staff updates.
import type { Application as ApplicationRow, PrismaClient } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import {
  type Application,
  type ApplicationUpdate,
  DEFAULT_APPLICATION_STATUS,
} from '@printfarm/domain/application';
import { notFound } from '../http/errors.ts';
import { applicationConfirmationEmail } from '../mail/applications.ts';

// A burst of applicants queues for pool connections; wait for one rather than fail the submission.
const TRANSACTION_OPTIONS = { maxWait: 20_000, timeout: 30_000 } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SubmitOptions {
  /** How long after submission the follow-up comes due (APPLICATION_FOLLOWUP_DELAY_MS). */
  followupDelayMs: number;
  /** Submissions writing at once per process; the rest queue here instead of timing out on the pool. */
  concurrency: number;
}

type Gate = <T>(task: () => Promise<T>) => Promise<T>;

/** Runs at most `limit` tasks at once; the others wait their turn in order, with no timeout of their own. */
function createGate(limit: number): Gate {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active < limit) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next in line, or free it.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

// One gate per database client (tests run several APIs in one process).
const gates = new WeakMap<PrismaClient, Gate>();
function gateFor(prisma: PrismaClient, limit: number): Gate {
  let gate = gates.get(prisma);
  if (!gate) {
    gate = createGate(Math.max(1, limit));
    gates.set(prisma, gate);
  }
  return gate;
}

// node-postgres gives up waiting for a pooled connection after a few seconds; nothing was written then.
const isPoolTimeout = (error: unknown) =>
  error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message);
const POOL_ATTEMPTS = 3;

/**
 * Stores a new application as New and, in the same transaction, the applicant's confirmation e-mail,
 * the enrichment job and the delayed follow-up, so none of them can happen without the others.
 */
export async function submitApplication(
  prisma: PrismaClient,
  input: Application,
  { followupDelayMs, concurrency }: SubmitOptions,
): Promise<ApplicationRow> {
  const gate = gateFor(prisma, concurrency);
  for (let attempt = 1; ; attempt++) {
    try {
      return await gate(() => recordApplication(prisma, input, followupDelayMs));
    } catch (error) {
      if (attempt >= POOL_ATTEMPTS || !isPoolTimeout(error)) throw error;
    }
  }
}

async function recordApplication(
  prisma: PrismaClient,
  input: Application,
  followupDelayMs: number,
): Promise<ApplicationRow> {
  return prisma.$transaction(async (tx) => {
    const application = await tx.application.create({
      data: {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        city: input.city,
        state: input.state,
        experience: input.experience ?? null,
        workspace: input.workspace || null,
        investment: input.investment ?? null,
        notes: input.notes || null,
        status: DEFAULT_APPLICATION_STATUS,
      },
    });
    await recordJob(tx, 'email.send', applicationConfirmationEmail(application));
    await recordJob(tx, 'application.enrich', { applicationId: application.id });
    await recordJob(
      tx,
      'application.followup',
      { applicationId: application.id },
      { runAt: new Date(application.createdAt.getTime() + followupDelayMs) },
    );
    return application;
  }, TRANSACTION_OPTIONS);
}

/** Every application, newest first, for the staff Prospect List. */
export function listApplications(prisma: PrismaClient): Promise<ApplicationRow[]> {
  return prisma.application.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}

/** Staff may set any status from any status, and the notes (an empty string clears them). */
export async function updateApplication(
  prisma: PrismaClient,
  id: string,
  update: ApplicationUpdate,
): Promise<ApplicationRow> {
  if (!UUID.test(id)) throw notFound('Application not found');
  const data: { status: string; notes?: string | null } = { status: update.status };
  if (update.notes !== undefined) data.notes = update.notes || null;
  const { count } = await prisma.application.updateMany({ where: { id }, data });
  if (count === 0) throw notFound('Application not found');
  return prisma.application.findUniqueOrThrow({ where: { id } });
}

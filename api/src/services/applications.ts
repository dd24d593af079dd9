// Operator applications: the submission with its follow-up work in one transaction, and staff updates.
import type { Application as ApplicationRow, PrismaClient } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import {
  type Application,
  type ApplicationUpdate,
  DEFAULT_APPLICATION_STATUS,
} from '@printfarm/domain/application';
import { deferredEmail } from '@printfarm/mail/deferred';
import { notFound } from '../http/errors.ts';

/**
 * Stores a new application as New and, in the same transaction, the applicant's confirmation e-mail,
 * the enrichment job and the delayed follow-up, so none of them can happen without the others.
 */
export async function submitApplication(
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
    await recordJob(tx, 'email.send', await deferredEmail('applicationConfirmationEmail', application));
    await recordJob(tx, 'application.enrich', { applicationId: application.id });
    await recordJob(
      tx,
      'application.followup',
      { applicationId: application.id },
      { runAt: new Date(application.createdAt.getTime() + followupDelayMs) },
    );
    return application;
  });
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
  const data: { status: string; notes?: string | null } = { status: update.status };
  if (update.notes !== undefined) data.notes = update.notes || null;
  const { count } = await prisma.application.updateMany({ where: { id }, data });
  if (count === 0) throw notFound('Application not found');
  return prisma.application.findUniqueOrThrow({ where: { id } });
}

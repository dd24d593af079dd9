import type { Prisma } from '@printfarm/db';
import { mailCustomer } from '@printfarm/db/requests/mail';
import { transitionPrintRequest } from '@printfarm/db/requests/transition';
import type { Shipment } from '@printfarm/domain/printJob';
import { trackingUrl } from '@printfarm/domain/tracking';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailJob, mailRequest } from '@printfarm/mail/marketplace';
import { conflict } from '../http/errors.ts';
import { actOnJob, type JobActionContext } from './jobAction.ts';
import { startPrinting } from './startJob.ts';

export function shipJob(context: JobActionContext, jobId: string, shipment: Shipment): Promise<void> {
  return actOnJob(context, jobId, ['accepted', 'printing'], 'ship', async (tx, job, request) => {
    await refuseWhilePrinting(tx, job.id);
    let current = request;
    if (job.state === 'accepted') {
      // Shipped straight from accepted: the timeline still shows that it was printed.
      await startPrinting(tx, context, job, request, 100);
      current = { ...request, status: 'printing' };
    }
    const now = new Date();
    await tx.printJob.update({
      where: { id: job.id },
      data: {
        state: 'shipped',
        shippedAt: now,
        progressPercent: 100,
        carrier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
      },
    });
    await tx.printFarm.update({ where: { id: job.farmId }, data: { queuedParts: { decrement: job.parts } } });
    await transitionPrintRequest(tx, current, 'shipped', {
      byUserId: context.user.id,
      note: `Shipped with ${shipment.carrier}, tracking ${shipment.trackingNumber}`,
      data: { progressPercent: 100 },
    });
    await mailCustomer(tx, request.userId, (customer) =>
      deferredEmail(
        'shippedEmail',
        context.appUrl,
        customer,
        mailRequest(request),
        mailJob(job),
        job.farm.displayName,
        {
          ...shipment,
          trackingUrl: trackingUrl(shipment.carrier, shipment.trackingNumber),
        },
      ),
    );
  });
}

/**
 * A part still on a printer is not in the box: shipping waits until the operator marks it printed (or
 * failed), which also frees its printer. Read under the request's lock, which every queue change takes.
 */
async function refuseWhilePrinting(tx: Prisma.TransactionClient, jobId: string): Promise<void> {
  const printing = await tx.queueItem.findFirst({
    where: { jobId, state: 'printing' },
    orderBy: { position: 'asc' },
    select: { fileId: true, copy: true, printer: { select: { name: true } } },
  });
  if (!printing) return;
  const file = await tx.projectFile.findUnique({
    where: { id: printing.fileId },
    select: { originalFileName: true },
  });
  const part = `${file?.originalFileName ?? 'A part'} (copy ${printing.copy})`;
  const printer = printing.printer?.name ?? 'a printer';
  throw conflict(
    `You cannot ship this job yet: ${part} is still printing on ${printer}. Mark it printed or failed in the queue first`,
  );
}

import { mailCustomer } from '@printfarm/db/requests/mail';
import { transitionPrintRequest } from '@printfarm/db/requests/transition';
import type { Shipment } from '@printfarm/domain/printJob';
import { trackingUrl } from '@printfarm/domain/tracking';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailJob, mailRequest } from '@printfarm/mail/marketplace';
import { actOnJob, type JobActionContext } from './jobAction.ts';
import { startPrinting } from './startJob.ts';

export function shipJob(context: JobActionContext, jobId: string, shipment: Shipment): Promise<void> {
  return actOnJob(context, jobId, ['accepted', 'printing'], 'ship', async (tx, job, request) => {
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

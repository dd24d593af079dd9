// A few print requests for the demo customer, in each state the dashboard shows.
import type { PrismaClient } from '@printfarm/db';

export async function seedPrintRequests(
  prisma: PrismaClient,
  { customerId, farmIds }: { customerId: string; farmIds: string[] },
): Promise<void> {
  const requests = [
    { title: 'Replacement dishwasher wheel', status: 'pending', quantity: 4, notes: null },
    { title: 'Drone camera mount v3', status: 'printing', quantity: 2, notes: 'progress:65' },
    { title: 'Board game insert', status: 'completed', quantity: 1, notes: null },
  ];
  for (const [i, request] of requests.entries()) {
    await prisma.customPrintRequest.create({
      data: {
        userId: customerId,
        assignedFarmId: request.status === 'pending' ? null : (farmIds[i] ?? null),
        title: request.title,
        quantity: request.quantity,
        status: request.status,
        notes: request.notes,
        specifications: { material: 'PETG', infillPercent: 20, layerHeightMm: 0.2 },
        statusHistory: { create: { fromStatus: null, toStatus: request.status, note: 'seeded' } },
      },
    });
  }
}

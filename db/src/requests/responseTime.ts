// How long a farm has to answer a job, and a customer a counter-offer.
import { DEFAULT_SETTINGS } from '@printfarm/domain/network';
import type { Prisma } from '../generated/client.ts';

/**
 * How long a farm has to answer a job (and a customer a counter-offer): the platform setting
 * system.routeResponseHours, unless a test overrides it in milliseconds.
 */
export async function routeResponseMs(
  db: Pick<Prisma.TransactionClient, 'platformSetting'>,
  overrideMs?: number,
): Promise<number> {
  if (overrideMs) return overrideMs;
  const row = await db.platformSetting.findUnique({ where: { key: 'system' }, select: { value: true } });
  const hours = (row?.value as { routeResponseHours?: unknown } | undefined)?.routeResponseHours;
  return (
    (typeof hours === 'number' && hours >= 1 ? hours : DEFAULT_SETTINGS.system.routeResponseHours) * 3_600_000
  );
}

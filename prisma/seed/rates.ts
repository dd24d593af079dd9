// Each farm's own price list: the network defaults give or take a quarter, some farms charging per
// gram, each with its own lead time, so offers for one part differ the way a real market's do.
import type { PrismaClient } from '@printfarm/db';
import { TECHNOLOGY_PROFILES } from '@printfarm/domain/farmCapabilities';
import { NETWORK_DEFAULT_RATES } from '@printfarm/domain/pricing';
import { isTechnology } from '@printfarm/domain/printerCatalogue';
import { materialDensity } from '@printfarm/domain/printSettings';
import { seededRandom } from './random.ts';

export async function seedFarmRates(prisma: PrismaClient, farmIds: readonly string[]): Promise<number> {
  const random = seededRandom(20261123);
  const capabilities = await prisma.printFarmCapability.findMany({
    where: { farmId: { in: [...farmIds] } },
    select: { farmId: true, printTechnology: true },
    distinct: ['farmId', 'printTechnology'],
  });
  const rows = capabilities.flatMap(({ farmId, printTechnology }) => {
    if (!isTechnology(printTechnology)) return [];
    const network = NETWORK_DEFAULT_RATES[printTechnology];
    const markup = 0.75 + random.next() * 0.5;
    const perGram = random.next() < 0.3;
    const leadTimeDays = Math.max(1, network.leadTimeDays + random.int(-1, 2));
    return TECHNOLOGY_PROFILES[printTechnology].materials.map((material) => {
      const perCm3 = (network.materialRateCents / 100) * markup * (material === 'PLA' ? 1 : 1.15);
      const rate = perGram ? perCm3 / materialDensity(material) : perCm3;
      return {
        farmId,
        technology: printTechnology,
        material,
        priceBasis: perGram ? 'gram' : 'cm3',
        materialRate: rate.toFixed(4),
        machineHourRate: ((network.machineHourRateCents / 100) * markup).toFixed(2),
        setupFee: ((network.setupFeeCents / 100) * (0.5 + random.next())).toFixed(2),
        minimumOrder: ((network.minimumOrderCents / 100) * (0.75 + random.next() * 0.5)).toFixed(2),
        leadTimeDays,
      };
    });
  });
  await prisma.farmRate.createMany({ data: rows });
  return rows.length;
}

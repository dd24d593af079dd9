// The operator's farm settings screen: the farm's technologies with a rate per material (its own, or
// the network default it falls back to), availability, profile, ordering page, membership, scorecard.
import { TECHNOLOGY_PROFILES } from '@printfarm/domain/farmCapabilities';
import { formatCents } from '@printfarm/domain/money';
import { NETWORK_DEFAULT_RATES } from '@printfarm/domain/pricing';
import { isTechnology, type Technology } from '@printfarm/domain/printerCatalogue';
import type { FarmSettingsRow } from '../services/operatorFarm.ts';
import { presentScorecard } from './scorecard.ts';

function farmTechnologies(farm: FarmSettingsRow): Technology[] {
  return [...new Set(farm.capabilityRows.map((row) => row.printTechnology))].filter(isTechnology);
}

export function presentFarmSettings(farm: FarmSettingsRow, jobsLast90Days: number) {
  const own = new Map(farm.rates.map((rate) => [`${rate.technology}|${rate.material}`, rate]));
  const rates = farmTechnologies(farm).flatMap((technology) =>
    TECHNOLOGY_PROFILES[technology].materials.map((material) => {
      const rate = own.get(`${technology}|${material}`);
      if (rate) {
        return {
          technology,
          material,
          priceBasis: rate.priceBasis,
          materialRate: rate.materialRate.toFixed(4),
          machineHourRate: rate.machineHourRate.toFixed(2),
          setupFee: rate.setupFee.toFixed(2),
          minimumOrder: rate.minimumOrder.toFixed(2),
          leadTimeDays: rate.leadTimeDays,
          isDefault: false,
        };
      }
      const network = NETWORK_DEFAULT_RATES[technology];
      return {
        technology,
        material,
        priceBasis: network.priceBasis,
        materialRate: (network.materialRateCents / 100).toFixed(4),
        machineHourRate: formatCents(network.machineHourRateCents),
        setupFee: formatCents(network.setupFeeCents),
        minimumOrder: formatCents(network.minimumOrderCents),
        leadTimeDays: network.leadTimeDays,
        isDefault: true,
      };
    }),
  );
  return {
    id: farm.id,
    displayName: farm.displayName,
    description: farm.description,
    website: farm.website,
    contactPhone: farm.contactPhone,
    city: farm.city,
    state: farm.state,
    zipCode: farm.zipCode,
    isActive: farm.isActive,
    nodeStatus: farm.nodeStatus,
    capacity: farm.capacity,
    availableCapacity: farm.availableCapacity,
    queuedParts: farm.queuedParts,
    isPaused: farm.isPaused,
    operatingHours: farm.operatingHours,
    wantsOrderingLink: farm.wantsOrderingLink,
    assignedOrderingLink: farm.assignedOrderingLink,
    membership: {
      isPaidMember: farm.isPaidMember,
      monthlyFee: farm.monthlyFee.toFixed(2),
      signupFee: farm.signupFee.toFixed(2),
    },
    rates,
    scorecard: presentScorecard(farm, jobsLast90Days),
  };
}

export type FarmSettingsView = ReturnType<typeof presentFarmSettings>;

interface ManagedFarmRow {
  id: string;
  displayName: string;
  city: string;
  state: string;
}

/** A farm the user may manage, for the farm picker (all farms for staff). */
export function presentManagedFarm(farm: ManagedFarmRow) {
  return { id: farm.id, name: farm.displayName, location: `${farm.city}, ${farm.state}` };
}

export type ManagedFarmView = ReturnType<typeof presentManagedFarm>;

/** GET/PUT /api/operator/farm: the farm shown and the farms the user may switch to. */
export function presentFarmSettingsAnswer(
  farm: FarmSettingsRow,
  jobsLast90Days: number,
  farms: readonly ManagedFarmRow[],
) {
  return { farm: presentFarmSettings(farm, jobsLast90Days), farms: farms.map(presentManagedFarm) };
}

export type FarmSettingsAnswerView = ReturnType<typeof presentFarmSettingsAnswer>;

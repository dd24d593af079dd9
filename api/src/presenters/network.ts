// The network's public figures and offerings, and the platform's users as staff list them.
import type { Role } from '@printfarm/domain/auth';

/** GET /api/stats: the network in five numbers. */
export interface NetworkStatsView {
  activeFarms: number;
  statesCovered: number;
  totalPrinters: number;
  /** Farms with coordinates, i.e. markers on the map. */
  mappedFarms: number;
  totalCapacity: number;
}

export function presentNetworkStats(stats: NetworkStatsView): NetworkStatsView {
  const { activeFarms, statesCovered, totalPrinters, mappedFarms, totalCapacity } = stats;
  return { activeFarms, statesCovered, totalPrinters, mappedFarms, totalCapacity };
}

/** GET /api/print-farms/offerings: a technology that farms taking work offer, with its materials. */
export interface NetworkOfferingView {
  technology: string;
  farms: number;
  materials: { material: string; farms: number }[];
}

export function presentOffering(offering: NetworkOfferingView): NetworkOfferingView {
  return {
    technology: offering.technology,
    farms: offering.farms,
    materials: offering.materials.map(({ material, farms }) => ({ material, farms })),
  };
}

/** GET /api/admin/users: one account as staff see it in the users list. */
export interface PlatformUserView {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  createdAt: string;
}

export function presentPlatformUser(
  user: Omit<PlatformUserView, 'createdAt'> & { createdAt: Date },
): PlatformUserView {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
  };
}

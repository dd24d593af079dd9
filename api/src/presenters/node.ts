import type { NodeRecord } from '../services/network.ts';
import { presentScorecard } from './scorecard.ts';

/** The staff view of a node (operator-side section 3, 'Manufacturing node'), from real farm data. */
export function presentNode({
  farm,
  currentJobs,
  completedJobs,
  avgPrintTimeHours,
  jobsLast90Days,
}: NodeRecord) {
  const utilizationRate =
    farm.capacity > 0 ? Math.round(((farm.capacity - farm.availableCapacity) / farm.capacity) * 100) : 0;
  return {
    id: farm.id,
    name: farm.displayName,
    location: farm.city,
    state: farm.state,
    coordinates:
      farm.latitude !== null && farm.longitude !== null ? { lat: farm.latitude, lng: farm.longitude } : null,
    printerCount: farm.printerCount,
    status: farm.nodeStatus,
    isActive: farm.isActive,
    coverageRadius: farm.coverageRadiusMiles,
    currentJobs,
    completedJobs,
    avgPrintTime: avgPrintTimeHours === null ? null : Math.round(avgPrintTimeHours * 10) / 10,
    operatorName: farm.contactName,
    operatorEmail: farm.contactEmail,
    lastOnline: farm.updatedAt.toISOString(),
    monthlyCapacity: farm.capacity * 30,
    utilizationRate: Math.max(0, Math.min(100, utilizationRate)),
    scorecard: presentScorecard(farm, jobsLast90Days),
  };
}

export type NodeView = ReturnType<typeof presentNode>;

// A farm's scorecard as staff and operators read it: average rating, on-time and decline rates, median
// response time and recent jobs. A farm with few routed jobs is marked new (on probation).
import { observedRates } from '@printfarm/domain/pricing';

/** Routed jobs a farm needs before its record speaks for itself. */
export const PROBATION_JOBS = 5;

export interface ScorecardFarm {
  rating: { toString(): string };
  totalJobs: number;
  routedJobs: number;
  declinedJobs: number;
  shippedJobs: number;
  onTimeJobs: number;
  medianResponseMinutes: number | null;
}

export function presentScorecard(farm: ScorecardFarm, jobsLast90Days: number | null = null) {
  const rating = Number(farm.rating.toString());
  const rates = observedRates({ ...farm, rating, ratingCount: farm.totalJobs });
  return {
    rating: farm.totalJobs > 0 ? rating : null,
    ratingCount: farm.totalJobs,
    onTimeRate: rates.onTimeRate,
    declineRate: rates.declineRate,
    medianResponseMinutes: farm.medianResponseMinutes,
    routedJobs: farm.routedJobs,
    shippedJobs: farm.shippedJobs,
    jobsLast90Days,
    // A farm that brought a record from before the platform (ratings) is not new.
    onProbation: farm.routedJobs < PROBATION_JOBS && farm.totalJobs < PROBATION_JOBS,
  };
}

export type ScorecardView = ReturnType<typeof presentScorecard>;

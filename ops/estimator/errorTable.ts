// The estimate error table: per profile and overall, the median and worst error of print hours, grams
// and price from estimate to firm numbers. Price at the network's default FDM rates, 100 miles away,
// one copy in PLA; only parts whose firm price is above the minimum order count for price (below it
// both prices are the minimum, whatever the estimate).
import {
  type ErrorSummary,
  errorSummary,
  type FdmPrediction,
  percentError,
} from '@printfarm/domain/estimator';
import { NETWORK_DEFAULT_RATES, type PriceBreakdown, priceOffer } from '@printfarm/domain/pricing';
import { materialDensity, SLICE_PROFILE_KEYS } from '@printfarm/domain/printSettings';

export const PRICE_DISTANCE_MILES = 100;
const PLA_DENSITY = materialDensity('PLA');

export interface EstimateRow {
  part: string;
  profileKey: string;
  firm: FdmPrediction;
  estimate: FdmPrediction;
}

export interface ErrorColumns {
  count: number;
  hours: ErrorSummary;
  grams: ErrorSummary;
  /** Rows above the minimum order, which count for price. */
  priced: number;
  price: ErrorSummary;
}

export function fdmPrice({ printSeconds, filamentCm3 }: FdmPrediction): PriceBreakdown {
  const process = {
    printHours: printSeconds / 3600,
    materialCm3: filamentCm3,
    grams: filamentCm3 * PLA_DENSITY,
  };
  return priceOffer({
    rate: NETWORK_DEFAULT_RATES['FFF/FDM'],
    parts: [{ process, quantity: 1 }],
    distanceMiles: PRICE_DISTANCE_MILES,
  });
}

/** The price error of a row in percent, or null when its firm price is the minimum order. */
export function priceError(row: EstimateRow): number | null {
  const firm = fdmPrice(row.firm);
  if (firm.minimumOrderCents > 0) return null;
  return percentError(fdmPrice(row.estimate).totalCents, firm.totalCents);
}

export function errorColumns(rows: readonly EstimateRow[]): ErrorColumns {
  const prices = rows.flatMap((row) => priceError(row) ?? []);
  return {
    count: rows.length,
    hours: errorSummary(rows.map((row) => percentError(row.estimate.printSeconds, row.firm.printSeconds))),
    // Grams are cm³ times the material's density on both sides: the same error as filament cm³.
    grams: errorSummary(rows.map((row) => percentError(row.estimate.filamentCm3, row.firm.filamentCm3))),
    priced: prices.length,
    price: errorSummary(prices),
  };
}

/** Columns per profile, in the profiles' order, then 'all'. */
export function errorTable(rows: readonly EstimateRow[]): Map<string, ErrorColumns> {
  const table = new Map<string, ErrorColumns>();
  for (const profileKey of SLICE_PROFILE_KEYS) {
    const ofProfile = rows.filter((row) => row.profileKey === profileKey);
    if (ofProfile.length > 0) table.set(profileKey, errorColumns(ofProfile));
  }
  table.set('all', errorColumns(rows));
  return table;
}

const percent = (summary: ErrorSummary) =>
  `${summary.medianPercent.toFixed(1)} / ${summary.worstPercent.toFixed(0)} %`;

/**
 * Prints the table, "median / worst" per cell; with a baseline, each cell also shows the baseline's
 * figure from the same rows.
 */
export function printErrorTable(rows: readonly EstimateRow[], baseline?: readonly EstimateRow[]): void {
  const ours = errorTable(rows);
  const theirs = baseline ? errorTable(baseline) : undefined;
  const cell = (key: string, pick: (columns: ErrorColumns) => ErrorSummary) => {
    const now = percent(pick(ours.get(key) as ErrorColumns));
    const before = theirs?.get(key);
    return before ? `${now} (was ${percent(pick(before))})` : now;
  };
  console.table(
    [...ours.keys()].map((key) => ({
      profile: key,
      parts: ours.get(key)?.count,
      'hours: median / worst': cell(key, (c) => c.hours),
      'grams: median / worst': cell(key, (c) => c.grams),
      priced: ours.get(key)?.priced,
      'price: median / worst': cell(key, (c) => c.price),
    })),
  );
}

/** The rows whose price is furthest off, for a look at what the estimate misses. */
export function worstPriced(rows: readonly EstimateRow[], count: number): string[] {
  return rows
    .flatMap((row) => {
      const error = priceError(row);
      return error === null ? [] : [{ row, error }];
    })
    .sort((a, b) => Math.abs(b.error) - Math.abs(a.error))
    .slice(0, count)
    .map(
      ({ row, error }) => `${row.part} at ${row.profileKey}: ${error > 0 ? '+' : ''}${error.toFixed(1)} %`,
    );
}

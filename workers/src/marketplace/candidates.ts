// The farms that can take a request, nearest first, found in PostgreSQL: a K-nearest-neighbour scan of
// the GiST index on ll_to_earth(latitude, longitude) (earthdistance), filtered on the way by everything
// that makes a farm qualify. Node never loops over the whole farm table.
import type { Prisma } from '@printfarm/db';
import { CANDIDATE_LIMIT } from '@printfarm/domain/farmSearch';
import type { RateFigures } from '@printfarm/domain/farmSettings';
import type { Size3 } from '@printfarm/domain/units';

export interface CandidateQuery {
  latitude: number;
  longitude: number;
  technology: string;
  material: string;
  /** The largest part's size (mm); a farm qualifies when one of its printers holds it in some orientation. */
  largestPartMm: Size3;
  /** Farms that already turned this request down (declined, let it time out, refused terms). */
  excludeFarmIds: readonly string[];
  limit?: number;
}

export interface CandidateFarm {
  id: string;
  displayName: string;
  city: string;
  state: string;
  distanceMiles: number;
  availableCapacity: number;
  queuedParts: number;
  rating: string;
  totalJobs: number;
  routedJobs: number;
  declinedJobs: number;
  shippedJobs: number;
  onTimeJobs: number;
  /** The farm's own rate for the technology and material; null where the network default applies. */
  rate: RateFigures | null;
}

interface CandidateRow extends Omit<CandidateFarm, 'rate'> {
  price_basis: string | null;
  material_rate: string | null;
  machine_hour_rate: string | null;
  setup_fee: string | null;
  minimum_order: string | null;
  lead_time_days: number | null;
}

const METERS_PER_MILE = 1609.344;

/**
 * Active farms with the node switch on, not paused, with free capacity, offering the technology and
 * material on a printer that holds the largest part, ordered by distance from the ship-to point.
 */
export async function findCandidateFarms(
  db: Pick<Prisma.TransactionClient, '$queryRaw'>,
  query: CandidateQuery,
): Promise<CandidateFarm[]> {
  const [a, b, c] = [query.largestPartMm.x, query.largestPartMm.y, query.largestPartMm.z].sort(
    (p, q) => p - q,
  );
  const rows = await db.$queryRaw<CandidateRow[]>`
    SELECT f.id, f.display_name AS "displayName", f.city, f.state,
           earth_distance(ll_to_earth(f.latitude, f.longitude), ll_to_earth(${query.latitude}, ${query.longitude}))
             / ${METERS_PER_MILE} AS "distanceMiles",
           f.available_capacity AS "availableCapacity", f.queued_parts AS "queuedParts",
           f.rating::text AS rating, f.total_jobs AS "totalJobs", f.routed_jobs AS "routedJobs",
           f.declined_jobs AS "declinedJobs", f.shipped_jobs AS "shippedJobs", f.on_time_jobs AS "onTimeJobs",
           r.price_basis, r.material_rate::text, r.machine_hour_rate::text, r.setup_fee::text,
           r.minimum_order::text, r.lead_time_days
    FROM print_farms f
    LEFT JOIN farm_rates r
      ON r.farm_id = f.id AND r.technology = ${query.technology} AND r.material = ${query.material}
    WHERE f.latitude IS NOT NULL AND f.longitude IS NOT NULL
      AND f.is_active AND f.node_status = 'online' AND NOT f.is_paused AND f.available_capacity > 0
      AND NOT (f.id = ANY(${query.excludeFarmIds as string[]}::uuid[]))
      AND EXISTS (
        SELECT 1 FROM print_farm_capabilities cap
        CROSS JOIN LATERAL (
          SELECT array_agg(side ORDER BY side) AS sides
          FROM unnest(ARRAY[(cap.max_print_size->>'x')::float8, (cap.max_print_size->>'y')::float8,
                            (cap.max_print_size->>'z')::float8]) AS side
        ) AS build
        WHERE cap.farm_id = f.id AND cap.is_active
          AND cap.print_technology = ${query.technology} AND cap.material_type = ${query.material}
          AND build.sides[1] >= ${a} AND build.sides[2] >= ${b} AND build.sides[3] >= ${c}
      )
    ORDER BY ll_to_earth(f.latitude, f.longitude) <-> ll_to_earth(${query.latitude}, ${query.longitude})
    LIMIT ${query.limit ?? CANDIDATE_LIMIT}`;
  return rows.map(
    ({
      price_basis,
      material_rate,
      machine_hour_rate,
      setup_fee,
      minimum_order,
      lead_time_days,
      ...farm
    }) => ({
      ...farm,
      distanceMiles: Number(farm.distanceMiles),
      rate:
        price_basis !== null &&
        material_rate !== null &&
        machine_hour_rate !== null &&
        setup_fee !== null &&
        minimum_order !== null &&
        lead_time_days !== null
          ? {
              priceBasis: price_basis,
              materialRate: material_rate,
              machineHourRate: machine_hour_rate,
              setupFee: setup_fee,
              minimumOrder: minimum_order,
              leadTimeDays: lead_time_days,
            }
          : null,
    }),
  );
}

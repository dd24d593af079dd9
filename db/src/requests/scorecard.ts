// A farm's scorecard (routed, declined, shipped and on-time jobs, median answer time), kept on its row.
import type { Prisma } from '../generated/client.ts';

/**
 * Recomputes a farm's scorecard counts from its jobs. Called in the transaction that changed one of
 * them, so the farm row never disagrees with its jobs.
 */
export async function recomputeFarmScorecard(tx: Prisma.TransactionClient, farmId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE print_farms AS f SET
      routed_jobs = s.routed,
      declined_jobs = s.declined,
      shipped_jobs = s.shipped,
      on_time_jobs = s.on_time,
      median_response_minutes = s.median_minutes
    FROM (
      SELECT
        count(*) FILTER (WHERE responded_at IS NOT NULL OR state = 'expired')::int AS routed,
        count(*) FILTER (WHERE state IN ('declined', 'expired'))::int AS declined,
        count(*) FILTER (WHERE shipped_at IS NOT NULL)::int AS shipped,
        count(*) FILTER (WHERE shipped_at IS NOT NULL
                          AND (shipped_at AT TIME ZONE 'UTC')::date <= ready_by)::int AS on_time,
        round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM responded_at - offered_at) / 60)
              FILTER (WHERE responded_at IS NOT NULL))::int AS median_minutes
      FROM print_jobs WHERE farm_id = ${farmId}::uuid
    ) AS s
    WHERE f.id = ${farmId}::uuid`;
}

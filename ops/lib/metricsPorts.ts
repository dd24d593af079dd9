// The metrics ports of the development stack (`npm start`, `npm run dev`): the API and the workers each
// listen on a port of their own, both derived from the one METRICS_PORT a developer sets. Production
// config has no such default: there a process serves a metrics port only when METRICS_PORT is set.
import { portInUse } from './ports.ts';

/** The API's metrics port when METRICS_PORT is unset (the workers take the next one). */
export const DEV_METRICS_PORT = 9464;

export interface MetricsPorts {
  api: number;
  workers: number;
}

/** The API on METRICS_PORT (9464 when unset or empty), the workers on METRICS_PORT+1. */
export function metricsPorts(env: Record<string, string | undefined>): MetricsPorts {
  const given = env.METRICS_PORT ?? '';
  const api = given === '' ? DEV_METRICS_PORT : Number(given);
  if (!/^\d*$/.test(given) || api < 1 || api > 65534) {
    throw new Error(
      `METRICS_PORT must be a port from 1 to 65534 (the workers take METRICS_PORT+1), not '${given}'`,
    );
  }
  return { api, workers: api + 1 };
}

/** What stands in the way of listening on both ports at `host`, in one line, or null when nothing does. */
export async function metricsPortsProblem(ports: MetricsPorts, host: string): Promise<string | null> {
  const [apiTaken, workersTaken] = await Promise.all([
    portInUse(ports.api, host),
    portInUse(ports.workers, host),
  ]);
  if (!apiTaken && !workersTaken) return null;
  const taken = apiTaken ? `METRICS_PORT ${ports.api}` : `METRICS_PORT+1 ${ports.workers} (the workers')`;
  return `${taken} is already in use (set METRICS_PORT to a free port whose next one is free too)`;
}

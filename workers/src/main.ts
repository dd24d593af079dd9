// The worker process: every queue's worker and an outbox relay in one process (workers/src/process.ts),
// graceful shutdown on SIGTERM.
import { createLogger, prettyLogs } from '@printfarm/db/logger';
import { MetricsPortError } from '@printfarm/db/metrics';
import { ConfigError } from '@printfarm/domain/config';
import { loadWorkerConfig, type WorkerConfig } from './config.ts';
import { warmAnalysisThreads } from './geometry/thread.ts';
import { startWorkerProcess } from './process.ts';

function readConfig(): WorkerConfig {
  try {
    return loadWorkerConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`workers: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const log = createLogger({
  name: 'workers',
  level: config.LOG_LEVEL,
  pretty: prettyLogs(config.LOG_PRETTY),
});
const workers = startWorkerProcess(config, log);
await workers.metricsUrl.catch(async (error: unknown) => {
  if (!(error instanceof MetricsPortError)) throw error;
  // Closed first, so that the reason is the last line printed.
  await workers.close();
  console.error(`workers: ${error.message}`);
  process.exit(1);
});
// The first uploads after a start are analysed by threads that have compiled the analyser already.
warmAnalysisThreads({ maxHeapMb: config.ANALYSIS_MAX_HEAP_MB, threads: config.ANALYSIS_THREADS });
log.info({ queues: [...workers.runtime.workers.keys()] }, 'workers running');

let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  log.info({ signal }, 'workers shutting down');
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  await workers.close();
  log.info('workers stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

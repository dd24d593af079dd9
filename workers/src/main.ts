// The worker process: every queue's worker and an outbox relay in one process (workers/src/process.ts),
// graceful shutdown on SIGTERM.
import { MetricsPortError } from '@printfarm/db/metrics';
import { startProcess, stopOnSignals } from '@printfarm/db/process';
import { loadWorkerConfig } from './config.ts';
import { warmAnalysisThreads } from './geometry/thread.ts';
import { startWorkerProcess } from './process.ts';

const { config, log } = startProcess('workers', loadWorkerConfig);
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
stopOnSignals('workers', log, 30_000, () => workers.close());

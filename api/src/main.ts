// The API process: validated config, the API server (api/src/server.ts), graceful shutdown on SIGTERM.
import { MetricsPortError } from '@printfarm/db/metrics';
import { startProcess, stopOnSignals } from '@printfarm/db/process';
import { loadApiConfig } from './config.ts';
import { startApiServer } from './server.ts';

const { config, log } = startProcess('api', loadApiConfig);
const api = await startApiServer(config, log).catch((error: unknown) => {
  if (error instanceof MetricsPortError) {
    console.error(`api: ${error.message}`);
    process.exit(1);
  }
  throw error;
});
log.info({ port: config.PORT, url: config.PUBLIC_URL }, 'api listening');
stopOnSignals('api', log, config.SHUTDOWN_GRACE_MS, () => api.close({ graceful: true }));

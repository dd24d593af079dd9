// The API process: validated config, the API server (api/src/server.ts), graceful shutdown on SIGTERM.
import { createLogger, prettyLogs } from '@printfarm/db/logger';
import { MetricsPortError } from '@printfarm/db/metrics';
import { ConfigError } from '@printfarm/domain/config';
import { type ApiConfig, loadApiConfig } from './config.ts';
import { startApiServer } from './server.ts';

function readConfig(): ApiConfig {
  try {
    return loadApiConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`api: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const log = createLogger({
  name: 'api',
  level: config.LOG_LEVEL,
  pretty: prettyLogs(config.LOG_PRETTY),
});
const api = await startApiServer(config, log).catch((error: unknown) => {
  if (error instanceof MetricsPortError) {
    console.error(`api: ${error.message}`);
    process.exit(1);
  }
  throw error;
});
log.info({ port: config.PORT, url: config.PUBLIC_URL }, 'api listening');

let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  log.info({ signal }, 'api shutting down');
  const force = setTimeout(() => {
    log.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.SHUTDOWN_GRACE_MS);
  force.unref();
  await api.close({ graceful: true });
  log.info('api stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// What the API and the worker process each do around their work: read the environment (a bad one prints
// every problem and exits 1, with no stack), name their logger, and stop once on SIGTERM or SIGINT within
// a grace period.
import { ConfigError } from '@printfarm/domain/config';
import { createLogger, type Logger, prettyLogs } from './logger.ts';

interface LoggingConfig {
  LOG_LEVEL: string;
  LOG_PRETTY?: boolean | undefined;
}

export function startProcess<C extends LoggingConfig>(
  name: string,
  load: () => C,
): { config: C; log: Logger } {
  let config: C;
  try {
    config = load();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${name}: ${error.message}`);
    process.exit(1);
  }
  const log = createLogger({ name, level: config.LOG_LEVEL, pretty: prettyLogs(config.LOG_PRETTY) });
  return { config, log };
}

/** Closes once on the first SIGTERM or SIGINT; exits 1 when closing takes longer than `graceMs`. */
export function stopOnSignals(name: string, log: Logger, graceMs: number, close: () => Promise<void>): void {
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, `${name} shutting down`);
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs);
    force.unref();
    await close();
    log.info(`${name} stopped`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON lines in production and tests; readable lines when a developer watches a terminal. */
export function createLogger(options: { level: string; pretty: boolean; name: string }): Logger {
  return pino({
    name: options.name,
    level: options.level,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], remove: true },
    ...(options.pretty ? { transport: { target: 'pino-pretty', options: { singleLine: true } } } : {}),
  });
}

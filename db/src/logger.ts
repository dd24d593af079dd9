import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Readable lines (pino-pretty) when a person watches, i.e. stdout is a terminal; JSON lines for anything
 * that reads the output (log shippers, tests). LOG_PRETTY=true or false decides instead when set.
 */
export function prettyLogs(
  setting: boolean | undefined,
  stdout: { isTTY?: boolean } = process.stdout,
): boolean {
  return setting ?? stdout.isTTY === true;
}

/** JSON lines, or readable single lines with `pretty` (see prettyLogs). */
export function createLogger(options: { level: string; pretty: boolean; name: string }): Logger {
  return pino({
    name: options.name,
    level: options.level,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], remove: true },
    ...(options.pretty ? { transport: { target: 'pino-pretty', options: { singleLine: true } } } : {}),
  });
}

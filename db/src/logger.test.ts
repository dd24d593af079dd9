import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { prettyLogs } from './logger.ts';

describe('prettyLogs', () => {
  it('follows the terminal unless LOG_PRETTY says otherwise', () => {
    expect(prettyLogs(undefined, { isTTY: true })).toBe(true);
    expect(prettyLogs(undefined, {})).toBe(false);
    expect(prettyLogs(false, { isTTY: true })).toBe(false);
    expect(prettyLogs(true, {})).toBe(true);
  });

  it('reads pino-pretty, the transport createLogger names for a terminal', async () => {
    const { default: pretty } = await import('pino-pretty');
    let written = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        written += String(chunk);
        done();
      },
    });
    const log = pino(
      { name: 'api' },
      pretty({ destination: sink, colorize: false, singleLine: true, sync: true }),
    );
    log.info({ port: 8080 }, 'api listening');
    expect(written).toMatch(/INFO \(api\/\d+\): api listening \{"port":8080\}/);
  });
});

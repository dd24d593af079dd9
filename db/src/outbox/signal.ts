// Outbox events are published as soon as they commit, not at the relay's next poll: recordJob raises a
// NOTIFY in the writer's transaction (PostgreSQL delivers it at commit, once per transaction), and each
// relay LISTENs on a connection of its own. Polling stays as the safety net.
import pg from 'pg';
import type { Logger } from '../logger.ts';

export const OUTBOX_CHANNEL = 'outbox_events';

export interface OutboxListener {
  close(): Promise<void>;
}

/** Calls `onEvent` whenever a transaction that recorded outbox events commits; reconnects by itself. */
export function listenForOutbox(databaseUrl: string, onEvent: () => void, log: Logger): OutboxListener {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', () => onEvent());
    next.on('error', () => reconnect());
    next.on('end', () => reconnect());
    try {
      await next.connect();
      await next.query(`LISTEN ${OUTBOX_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      if (failures > 0) log.info('outbox listener reconnected');
      failures = 0;
    } catch (error) {
      failures += 1;
      if (failures === 1)
        log.warn({ err: error }, 'outbox listener cannot connect; the relay polls meanwhile');
      next.end().catch(() => {});
      reconnect();
    }
  };

  const reconnect = () => {
    if (closed || retry) return;
    client = undefined;
    retry = setTimeout(
      () => {
        retry = undefined;
        void connect();
      },
      Math.min(5_000, 250 * 2 ** failures),
    );
    retry.unref();
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

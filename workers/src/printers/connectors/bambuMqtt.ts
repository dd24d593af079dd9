// One MQTT session with a Bambu Lab printer in LAN mode: the printer is itself the broker (port
// 8883, TLS, user bblp, the access code as password). The session stays open between calls and
// reconnects by itself, since the printer accepts only a few clients; each request waits for the
// report that answers it, with a deadline.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { BambuConfig } from './bambuFtps.ts';
import { bambuTls } from './bambuFtps.ts';
import { type BambuPrint, readBambuReport } from './bambuReport.ts';
import { PrinterRefusedError } from './errors.ts';

/** CONNACK codes 4 and 5 (MQTT 3.1.1): bad user name or password, not authorised. */
const REFUSED_CODES = new Set([4, 5]);

export interface BambuSession {
  /** True once connected; false when the deadline passes first. Throws when the access code is refused. */
  connected(timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  /** The reason of the last failed connection, for an offline status. */
  lastFailure(): string;
  /**
   * Publishes `{[part]: {sequence_id, ...command}}` to the request topic and answers the first report
   * that satisfies `answered`, or null at the deadline.
   */
  request(
    part: 'pushing' | 'print',
    command: Record<string, unknown>,
    answered: (print: BambuPrint) => boolean,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<BambuPrint | null>;
  close(): Promise<void>;
}

export function bambuSession(config: BambuConfig): BambuSession {
  const reports = new EventEmitter<{ report: [BambuPrint] }>();
  let client: MqttClient | null = null;
  let failure = 'not connected yet';
  let refused: Error | null = null;
  let up = false;
  let sequence = 0;

  function open(): MqttClient {
    if (client) return client;
    const options: IClientOptions = {
      ...bambuTls(config),
      username: 'bblp',
      password: config.accessCode,
      clientId: `printfarm-${randomUUID()}`,
      reconnectPeriod: 1_000,
      connectTimeout: 5_000,
    };
    const opened = mqtt.connect(`mqtts://${config.host}:${config.mqttPort ?? 8883}`, options);
    opened.on('connect', () => {
      refused = null;
      failure = 'connected, but no report came in time';
      up = true;
      opened.subscribe(`device/${config.serial}/report`);
    });
    opened.on('error', (error) => {
      failure = error.message;
      const code = (error as Error & { code?: unknown }).code;
      if (typeof code === 'number' && REFUSED_CODES.has(code)) {
        refused = new PrinterRefusedError(
          `Bambu MQTT at ${config.host} refused the access code: ${error.message}`,
        );
      }
    });
    opened.on('close', () => {
      if (up) failure = `Bambu MQTT at ${config.host}:${config.mqttPort ?? 8883}: connection lost`;
      up = false;
    });
    opened.on('message', (_topic, payload) => {
      const print = readBambuReport(payload);
      if (print) reports.emit('report', print);
    });
    client = opened;
    return opened;
  }

  function until<T>(
    timeoutMs: number,
    signal: AbortSignal | undefined,
    watch: (done: (value: T) => void) => () => void,
    late: T,
  ) {
    return new Promise<T>((resolve, reject) => {
      const finish = (value: T) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', aborted);
        unwatch();
        resolve(value);
      };
      const aborted = () => {
        clearTimeout(timer);
        unwatch();
        reject(signal?.reason);
      };
      const timer = setTimeout(() => finish(late), timeoutMs);
      signal?.addEventListener('abort', aborted, { once: true });
      const unwatch = watch(finish);
    });
  }

  return {
    async connected(timeoutMs, signal) {
      signal?.throwIfAborted();
      const session = open();
      const ok =
        session.connected ||
        (await until(
          timeoutMs,
          signal,
          (done) => {
            const connected = () => done(true);
            const failed = () => refused && done(false);
            session.on('connect', connected);
            session.on('error', failed);
            return () => {
              session.off('connect', connected);
              session.off('error', failed);
            };
          },
          false,
        ));
      if (!ok && refused) {
        // Start afresh on the next call: each call tries the access code once, and reports the refusal.
        const refusal = refused;
        refused = null;
        client = null;
        await session.endAsync(true);
        throw refusal;
      }
      return ok;
    },
    lastFailure: () => failure,
    async request(part, command, answered, timeoutMs, signal) {
      const session = open();
      sequence += 1;
      const payload = { [part]: { sequence_id: String(sequence), ...command } };
      return until<BambuPrint | null>(
        timeoutMs,
        signal,
        (done) => {
          const heard = (print: BambuPrint) => answered(print) && done(print);
          // A connection lost while waiting ends the wait: no answer can come on it.
          const lost = () => done(null);
          reports.on('report', heard);
          session.once('close', lost);
          session.publish(`device/${config.serial}/request`, JSON.stringify(payload), { qos: 1 });
          return () => {
            reports.off('report', heard);
            session.off('close', lost);
          };
        },
        null,
      );
    },
    async close() {
      await client?.endAsync(true);
      client = null;
    },
  };
}

// Each connector against the simulator of its protocol (ops/simulators): real HTTP, MQTT over TLS and
// FTPS on loopback, prints that run in seconds. No database. Checks poll until a condition holds,
// with a deadline; nothing waits a fixed time in their place.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../ops/fixtures/apiClient.ts';
import { type Simulator, startSimulator } from '../../ops/simulators/index.ts';
import {
  type ConnectorConfig,
  type ConnectorKind,
  createConnector,
  type PrinterActivity,
  type PrinterConnector,
  PrinterRefusedError,
  type PrinterStatus,
} from '../../workers/src/printers/connectors/index.ts';

/** 60 times real time: the short file prints in 2 s, the long one in a minute. */
const SPEED = 60;
const SHORT = gcode('2m 0s');
const LONG = gcode('1h 0m 0s');

function gcode(estimate: string): Uint8Array {
  return new TextEncoder().encode(`; estimated printing time (normal mode) = ${estimate}\nG28\nG1 X10 Y10\n`);
}

interface ProtocolFacts {
  /** What the status reads after a cancel: OctoPrint keeps no such state and reads idle. */
  afterCancel: PrinterActivity;
  failure: RegExp;
  wrongCredentials(config: ConnectorConfig): ConnectorConfig;
}

const FACTS: Record<ConnectorKind, ProtocolFacts> = {
  octoprint: {
    afterCancel: 'idle',
    failure: /nozzle clogged/,
    wrongCredentials: (config) => ({ ...config, apiKey: 'wrong-key' }) as ConnectorConfig,
  },
  moonraker: {
    afterCancel: 'cancelled',
    failure: /nozzle clogged/,
    wrongCredentials: (config) => ({ ...config, apiKey: 'wrong-key' }) as ConnectorConfig,
  },
  bambu: {
    afterCancel: 'cancelled',
    // Bambu reports a numeric code, not words: the simulator's own failure code.
    failure: /print_error 0C00-8001/,
    wrongCredentials: (config) => ({ ...config, accessCode: '00000000' }) as ConnectorConfig,
  },
};

describe.each(['octoprint', 'moonraker', 'bambu'] as const)('%s connector against its simulator', (kind) => {
  const facts = FACTS[kind];
  let simulator: Simulator;
  let connector: PrinterConnector;
  const opened: PrinterConnector[] = [];

  function connect(config: ConnectorConfig): PrinterConnector {
    const made = createConnector(config);
    opened.push(made);
    return made;
  }

  /** Polls the status until it satisfies the check. */
  function statusWhen(check: (status: PrinterStatus) => boolean, timeoutMs = 15_000): Promise<PrinterStatus> {
    return eventually(async () => {
      const status = await connector.status();
      return check(status) ? status : undefined;
    }, timeoutMs);
  }

  beforeEach(async () => {
    simulator = await startSimulator(kind, {
      speed: SPEED,
      ...(kind === 'moonraker' ? { apiKey: 'moon-key' } : {}),
    });
    connector = connect(simulator.config);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((one) => one.close()));
    await simulator.stop();
  });

  it('reads an idle printer', async () => {
    expect(await connector.status()).toEqual({
      activity: 'idle',
      fileName: null,
      progress: 0,
      message: null,
    });
  });

  it('starts a file once, reports rising progress to the end, and a retry finds the print it started', async () => {
    expect(await connector.dispatch('q_short.gcode', SHORT)).toEqual({ outcome: 'started' });
    const retry = await connector.dispatch('q_short.gcode', SHORT);
    expect(retry.outcome).toBe('already-running');

    const midway = await statusWhen((s) => s.activity === 'printing' && s.progress > 0);
    expect(midway.fileName).toBe('q_short.gcode');
    const later = await statusWhen((s) => s.progress > midway.progress);
    expect(later.fileName).toBe('q_short.gcode');
    const done = await statusWhen((s) => s.activity === 'finished');
    expect(done).toMatchObject({ fileName: 'q_short.gcode', progress: 1 });

    expect(await connector.dispatch('q_short.gcode', SHORT)).toMatchObject({ outcome: 'already-running' });
    expect(simulator.starts.get('q_short.gcode')).toBe(1);
    expect(simulator.uploads.get('q_short.gcode')).toBe(1);
  });

  it('answers busy while another file prints and sends nothing; cancel stops the print', async () => {
    await connector.dispatch('q_long.gcode', LONG);
    const busy = await connector.dispatch('q_other.gcode', SHORT);
    expect(busy).toMatchObject({
      outcome: 'busy',
      status: { activity: 'printing', fileName: 'q_long.gcode' },
    });
    expect(simulator.uploads.has('q_other.gcode')).toBe(false);

    await connector.cancel();
    await statusWhen((s) => s.activity === facts.afterCancel);
    expect(simulator.printer.snapshot().state).toBe('cancelled');
    await connector.cancel();
    expect(simulator.printer.cancels).toBe(1);
    expect(simulator.starts).toEqual(new Map([['q_long.gcode', 1]]));
  });

  it("reads a failed print with the printer's words", async () => {
    await connector.dispatch('q_long.gcode', LONG);
    simulator.failPrint('nozzle clogged');
    const failed = await statusWhen((s) => s.activity === 'failed');
    expect(failed.fileName).toBe('q_long.gcode');
    expect(failed.message).toMatch(facts.failure);
  });

  it('reads an unreachable printer as offline, sends it nothing, and finds the print going on when it returns', async () => {
    await connector.dispatch('q_long.gcode', LONG);
    const before = await statusWhen((s) => s.activity === 'printing' && s.progress > 0);
    await simulator.goOffline();

    const offline = await statusWhen((s) => s.activity === 'offline');
    expect(offline.message).toBeTruthy();
    expect(await connector.dispatch('q_other.gcode', SHORT)).toMatchObject({
      outcome: 'busy',
      status: { activity: 'offline' },
    });

    await simulator.comeOnline();
    const back = await statusWhen((s) => s.activity === 'printing');
    expect(back.fileName).toBe('q_long.gcode');
    expect(back.progress).toBeGreaterThan(before.progress);
    expect(await connector.dispatch('q_long.gcode', LONG)).toMatchObject({ outcome: 'already-running' });
    expect(simulator.starts).toEqual(new Map([['q_long.gcode', 1]]));
    expect(simulator.uploads.has('q_other.gcode')).toBe(false);
  });

  it('reads a printer restarted mid-print as idle, its print lost, and starts nothing by itself', async () => {
    await connector.dispatch('q_long.gcode', LONG);
    await statusWhen((s) => s.activity === 'printing' && s.progress > 0);
    await simulator.restart();

    expect(await statusWhen((s) => s.activity === 'idle')).toMatchObject({ fileName: null, progress: 0 });
    expect(simulator.printer.lostPrints).toEqual(['q_long.gcode']);
    expect(simulator.starts).toEqual(new Map([['q_long.gcode', 1]]));
  });

  it('refuses wrong credentials with a clear error', async () => {
    const refused = connect(facts.wrongCredentials(simulator.config));
    await expect(refused.status()).rejects.toThrow(PrinterRefusedError);
    await expect(refused.dispatch('q_short.gcode', SHORT)).rejects.toThrow(
      /refused the (API key|access code)/,
    );
    expect(simulator.uploads.size).toBe(0);
  });
});

describe('bambu broker restarted mid-print', () => {
  it('reconnects, finds the print still running, and a retried dispatch starts nothing', async () => {
    const simulator = await startSimulator('bambu', { speed: SPEED });
    const connector = createConnector(simulator.config);
    try {
      await connector.dispatch('q_long.gcode', LONG);
      await simulator.restartBroker();
      const status = await eventually(async () => {
        const now = await connector.status();
        return now.activity === 'printing' ? now : undefined;
      });
      expect(status.fileName).toBe('q_long.gcode');
      expect(await connector.dispatch('q_long.gcode', LONG)).toMatchObject({ outcome: 'already-running' });
      expect(simulator.starts).toEqual(new Map([['q_long.gcode', 1]]));
    } finally {
      await connector.close();
      await simulator.stop();
    }
  });
});

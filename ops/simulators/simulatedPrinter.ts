// The printer behind every protocol simulator: files on its storage, at most one print at a time, and
// progress that advances with the clock. A print lasts what its G-code says (PrusaSlicer's estimate,
// else 50 ms a line) divided by the simulator's speed, so a test prints an hour's file in seconds.
import { EventEmitter } from 'node:events';

export type SimulatedState = 'idle' | 'printing' | 'finished' | 'failed' | 'cancelled';

export interface PrintSnapshot {
  state: SimulatedState;
  fileName: string | null;
  /** 0..1 */
  progress: number;
  /** Why the print failed, when it did. */
  message: string | null;
  durationMs: number;
  elapsedMs: number;
}

/** A command the printer turns down, with the words a real one would use. */
export class PrinterRefusal extends Error {
  override readonly name = 'PrinterRefusal';
}

const SECONDS_PER_LINE = 0.05;
const ESTIMATE = /^; estimated printing time \(normal mode\) = (?:(\d+)d )?(?:(\d+)h )?(?:(\d+)m )?(\d+)s/m;

/** How long the G-code prints at the given speed (1 = real time). */
export function printDurationMs(gcode: Uint8Array, speed: number): number {
  const text = Buffer.from(gcode).toString('utf8');
  const estimate = ESTIMATE.exec(text);
  const seconds = estimate
    ? Number(estimate[1] ?? 0) * 86_400 +
      Number(estimate[2] ?? 0) * 3600 +
      Number(estimate[3] ?? 0) * 60 +
      Number(estimate[4])
    : text.split('\n').filter((line) => line.trim() && !line.startsWith(';')).length * SECONDS_PER_LINE;
  return Math.max(1, Math.round((seconds * 1000) / speed));
}

interface Job {
  fileName: string;
  startedAt: number;
  durationMs: number;
  /** Set when the print stopped before its end: the state it stopped in, when, and why. */
  stopped: { state: 'failed' | 'cancelled'; at: number; message: string | null } | null;
}

export class SimulatedPrinter {
  readonly files = new Map<string, Uint8Array>();
  /** What the printer was asked, so a test can prove that nothing started twice. */
  readonly uploads = new Map<string, number>();
  readonly starts = new Map<string, number>();
  cancels = 0;
  /** Prints that a power cycle cut short, in order. */
  readonly lostPrints: string[] = [];
  /** 'change' after every start, stop, failure and power cycle. */
  readonly events = new EventEmitter<{ change: [] }>();
  private job: Job | null = null;
  private readonly speed: number;

  constructor(speed: number) {
    this.speed = speed;
  }

  store(fileName: string, gcode: Uint8Array): void {
    if (this.job?.fileName === fileName && this.snapshot().state === 'printing') {
      throw new PrinterRefusal(`${fileName} is being printed and cannot be overwritten`);
    }
    this.files.set(fileName, gcode);
    this.uploads.set(fileName, (this.uploads.get(fileName) ?? 0) + 1);
  }

  start(fileName: string): void {
    const gcode = this.files.get(fileName);
    if (!gcode) throw new PrinterRefusal(`${fileName} is not on the printer`);
    if (this.snapshot().state === 'printing') throw new PrinterRefusal('the printer is already printing');
    this.job = {
      fileName,
      startedAt: Date.now(),
      durationMs: printDurationMs(gcode, this.speed),
      stopped: null,
    };
    this.starts.set(fileName, (this.starts.get(fileName) ?? 0) + 1);
    this.events.emit('change');
  }

  snapshot(now = Date.now()): PrintSnapshot {
    const job = this.job;
    if (!job)
      return { state: 'idle', fileName: null, progress: 0, message: null, durationMs: 0, elapsedMs: 0 };
    const elapsedMs = Math.min((job.stopped?.at ?? now) - job.startedAt, job.durationMs);
    const progress = elapsedMs / job.durationMs;
    const state = job.stopped?.state ?? (progress >= 1 ? 'finished' : 'printing');
    return {
      state,
      fileName: job.fileName,
      progress,
      message: job.stopped?.message ?? null,
      durationMs: job.durationMs,
      elapsedMs,
    };
  }

  /** Fails the current print, as a clogged nozzle or a thermal runaway would. */
  fail(reason: string): void {
    this.stop('failed', reason);
  }

  cancel(): void {
    this.cancels += 1;
    this.stop('cancelled', null);
  }

  /** Power off and on: the print in progress is lost (no recovery), the files stay on the storage. */
  powerCycle(): void {
    const running = this.snapshot();
    if (running.state === 'printing' && running.fileName) this.lostPrints.push(running.fileName);
    this.job = null;
    this.events.emit('change');
  }

  private stop(state: 'failed' | 'cancelled', message: string | null): void {
    if (!this.job || this.snapshot().state !== 'printing')
      throw new PrinterRefusal('the printer is not printing');
    this.job.stopped = { state, at: Date.now(), message };
    this.events.emit('change');
  }
}

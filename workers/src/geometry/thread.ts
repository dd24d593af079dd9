// Runs analyses in worker threads with a heap limit and a deadline. Threads are kept warm between
// jobs (starting one costs module loading) and replaced after a timeout, a crash, a STEP file (its
// WebAssembly memory never shrinks) or a number of jobs. Once warmAnalysisThreads has been called (the
// workers process does at start), the pool keeps that many threads ready, each having analysed a model
// of its own (warmUp.ts), so no upload pays for compiling the analyser.
import { Worker } from 'node:worker_threads';
import type { MeshInspection, Rotation3 } from '@printfarm/domain/inspection';
import { modelFormatFromName } from '@printfarm/domain/upload';
import type { AnalysisOutcome } from './analyze.ts';
import type { SliceableCopy } from './inspect/sliceable.ts';

export interface AnalysisRequest {
  filePath: string;
  uploadDir: string;
  fileName: string;
}

/** The slicer's copy of a stored model: turned, scaled to mm and triangulated (inspect/sliceable.ts). */
export interface CopyRequest extends AnalysisRequest {
  rotation: Rotation3;
  /** Millimetres per file unit. */
  scale: number;
  outPath: string;
}

/** What a thread is asked: analyse and inspect a stored model, or write its copy for the slicer. */
export type ThreadTask = ({ task: 'analyze' } & AnalysisRequest) | ({ task: 'copy' } & CopyRequest);

export type ThreadReply =
  | {
      kind: 'outcome';
      outcome: AnalysisOutcome;
      /** The printability inspection of a ready mesh; null for G-code, or when inspecting failed. */
      inspection?: MeshInspection | null;
      /** Why inspecting failed, for the log (the analysis stands without it). */
      inspectionError?: string;
    }
  | { kind: 'copy'; copy: SliceableCopy }
  | { kind: 'missing' }
  | { kind: 'error'; message: string };

export interface AnalysisLimits {
  maxHeapMb: number;
  timeoutMs: number;
  /** Analyses running at once in this process; more wait their turn (default 2). */
  threads?: number;
}

const JOBS_PER_THREAD = 50;

interface PooledThread {
  worker: Worker;
  maxHeapMb: number;
  jobs: number;
}

const idle: PooledThread[] = [];
let running = 0;
const waiting: Array<() => void> = [];
/** The threads kept ready, warmed, by warmAnalysisThreads; none before it is called. */
let ready: { threads: number; maxHeapMb: number } | undefined;

async function acquire(threads: number): Promise<void> {
  while (running >= threads) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
}

function release(): void {
  running--;
  waiting.shift()?.();
  refill();
}

/** Starts warmed threads until the pool holds as many as warmAnalysisThreads asked for. */
function refill(): void {
  if (!ready) return;
  while (idle.length + running < ready.threads) idle.unshift(spawn(ready.maxHeapMb, true));
}

/**
 * Keeps `threads` analysis threads ready, each warmed by analysing a model of its own before its first
 * upload, and replaces a thread that retires with a warmed one.
 */
export function warmAnalysisThreads({ maxHeapMb, threads = 2 }: Omit<AnalysisLimits, 'timeoutMs'>): void {
  ready = { threads, maxHeapMb };
  refill();
}

/** Threads idle in the pool (tests). */
export function idleAnalysisThreads(): number {
  return idle.length;
}

function spawn(maxHeapMb: number, warmUp = false): PooledThread {
  const worker = new Worker(new URL('./analysisThread.ts', import.meta.url), {
    workerData: { warmUp },
    resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    stdout: true, // occt-import-js prints OpenCascade's messages; keep them out of the worker's log
  });
  worker.stdout.resume();
  worker.unref();
  const thread = { worker, maxHeapMb, jobs: 0 };
  // Errors are handled per analysis; a thread that dies while idle just leaves the pool.
  worker.on('error', () => {});
  worker.once('exit', () => {
    const at = idle.indexOf(thread);
    if (at !== -1) idle.splice(at, 1);
  });
  return thread;
}

function take(maxHeapMb: number): PooledThread {
  for (;;) {
    const thread = idle.pop();
    if (!thread) return spawn(maxHeapMb);
    if (thread.maxHeapMb === maxHeapMb) return thread;
    void thread.worker.terminate();
  }
}

/**
 * Analyses and inspects a stored model. Resolves with the thread's reply; rejects only when the thread
 * itself failed (worth a retry).
 */
export function analyzeInThread(request: AnalysisRequest, limits: AnalysisLimits): Promise<ThreadReply> {
  return inThread({ task: 'analyze', ...request }, limits);
}

/** Writes the slicer's copy of a stored model, in a thread as the analysis runs (a parse is CPU work). */
export function writeCopyInThread(request: CopyRequest, limits: AnalysisLimits): Promise<ThreadReply> {
  return inThread({ task: 'copy', ...request }, limits);
}

async function inThread(task: ThreadTask, limits: AnalysisLimits): Promise<ThreadReply> {
  await acquire(limits.threads ?? 2);
  try {
    return await runInThread(task, limits);
  } finally {
    release();
  }
}

function runInThread(request: ThreadTask, limits: AnalysisLimits): Promise<ThreadReply> {
  const format = modelFormatFromName(request.fileName) ?? 'unknown';
  const thread = take(limits.maxHeapMb);
  const { worker } = thread;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (keep: boolean, action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      thread.jobs++;
      if (keep && thread.jobs < JOBS_PER_THREAD && format !== 'step') idle.push(thread);
      else void worker.terminate();
      action();
    };
    const rejected = (reason: string): ThreadReply => ({
      kind: 'outcome',
      outcome: { status: 'rejected', format, reason },
    });
    const timer = setTimeout(() => {
      const seconds = Math.round(limits.timeoutMs / 1000);
      finish(false, () => resolve(rejected(`Refused: the model took longer than ${seconds} s to analyse`)));
    }, limits.timeoutMs);
    const onMessage = (reply: ThreadReply) => {
      // A sniffed STEP file named otherwise also leaves the WebAssembly heap behind.
      const usedOcct =
        reply.kind === 'outcome' &&
        reply.outcome.status === 'ready' &&
        reply.outcome.analysis.format === 'step';
      finish(reply.kind !== 'error' && !usedOcct, () => resolve(reply));
    };
    const onError = (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        finish(false, () =>
          resolve(rejected(`Refused: the model needs more than ${limits.maxHeapMb} MB of memory to analyse`)),
        );
      } else {
        finish(false, () => reject(error));
      }
    };
    const onExit = (code: number) =>
      finish(false, () => reject(new Error(`analysis thread exited with code ${code}`)));
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(request);
  });
}

/** Stops the warm threads (tests and shutdown); running analyses finish or time out on their own. */
export async function closeAnalysisThreads(): Promise<void> {
  ready = undefined;
  await Promise.all(idle.splice(0).map((thread) => thread.worker.terminate()));
}

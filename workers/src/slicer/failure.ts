// Turns a slicer run that did not succeed into one short sentence a customer or staff member can read.
import path from 'node:path';
import type { RunOutcome } from './run.ts';

/** What a process says when RLIMIT_AS stops it: the loader cannot map a library, malloc or a thread fails. */
const OUT_OF_MEMORY =
  /failed to map segment|bad_alloc|cannot allocate memory|out of memory|pthread_create|resource temporarily unavailable/i;

/**
 * A run that failed for the machine, not the model: the slicer is missing or cannot run
 * ('unavailable'), or this run could not start or was stopped by its deadline or its memory
 * ('interrupted'). It says nothing of the model, so slicing it again later may succeed.
 */
export interface RunFailure {
  reason: string;
  cause: 'unavailable' | 'interrupted';
}

const unavailable = (reason: string): RunFailure => ({ reason, cause: 'unavailable' });
const interrupted = (reason: string): RunFailure => ({ reason, cause: 'interrupted' });

/** Failures that do not depend on the model: missing programs, the deadline and memory. */
export function runFailure(outcome: RunOutcome, timeoutMs: number): RunFailure | undefined {
  if (outcome.kind === 'timed-out')
    return interrupted(`Slicing took longer than ${readableDuration(timeoutMs)}`);
  if (outcome.kind === 'not-started') {
    return outcome.error.path === 'prlimit'
      ? unavailable('prlimit (util-linux) not installed')
      : interrupted(`The slicer could not start: ${outcome.error.message}`);
  }
  // prlimit execs the slicer; when that fails it says so and exits with 127 (missing) or 126.
  const notRun = /^prlimit: failed to execute .*: (.+)$/m.exec(outcome.stderr);
  if (notRun) {
    return unavailable(
      notRun[1] === 'No such file or directory' ? 'Slicer not installed' : `Slicer cannot run: ${notRun[1]}`,
    );
  }
  // A SIGKILL we did not send comes from the kernel's OOM killer.
  if (OUT_OF_MEMORY.test(`${outcome.stderr}\n${outcome.stdout}`) || outcome.signal === 'SIGKILL') {
    return interrupted('Slicer ran out of memory');
  }
  return undefined;
}

export function sliceFailure(outcome: RunOutcome, timeoutMs: number, modelPath: string): string {
  return runFailure(outcome, timeoutMs)?.reason ?? modelFailure(outcome, modelPath);
}

/** The slicer's refusal of the model itself, in its own words where it gave any. */
export function modelFailure(outcome: RunOutcome, modelPath: string): string {
  if (outcome.kind !== 'exited') return 'The slicer failed';
  const line = firstMeaningfulLine(outcome.stderr, modelPath);
  const stopped = outcome.signal ? `it stopped on ${outcome.signal}` : `exit code ${outcome.code}`;
  return line
    ? `The slicer could not slice this model: ${line}`
    : `The slicer could not slice this model (${stopped})`;
}

/**
 * PrusaSlicer prints "error: <message>" or "<model path>: <message>", and on a late error aborts with
 * "terminate called after throwing…" then "what():  <message>". The server's paths stay out of it.
 */
function firstMeaningfulLine(stderr: string, modelPath: string): string | undefined {
  for (const raw of stderr.split('\n')) {
    let line = raw
      .trim()
      .replace(/^what\(\):\s*/, '')
      .replace(/^error:\s*/i, '');
    if (line.startsWith(`${modelPath}: `)) line = line.slice(modelPath.length + 2);
    line = line.replaceAll(modelPath, path.basename(modelPath));
    if (line === '' || line.startsWith('terminate called') || /^\[\d{4}-\d\d-\d\d /.test(line)) continue;
    return line.length > 200 ? `${line.slice(0, 199)}…` : line;
  }
  return undefined;
}

/** 60000 → "60 s", 1500 → "1.5 s", 1 → "1 ms". */
function readableDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(1))} s`;
}

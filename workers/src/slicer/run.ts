// Runs a command in a child process of its own group, under an address-space cap and a deadline.
// The cap comes from prlimit (util-linux, essential on Debian): it sets RLIMIT_AS and execs the command,
// so the limit applies to the command itself and the pid we kill is the command's own.
import { spawn } from 'node:child_process';

export interface LimitedRun {
  timeoutMs: number;
  memoryMb: number;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export type RunOutcome =
  | { kind: 'exited'; code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }
  | { kind: 'timed-out' }
  | { kind: 'not-started'; error: NodeJS.ErrnoException };

/** Output kept per stream: errors come first, and progress chatter must not grow without bound. */
const MAX_OUTPUT_CHARS = 64 * 1024;

export function runLimited(command: string, args: string[], limits: LimitedRun): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const child = spawn('prlimit', [`--as=${limits.memoryMb * 1024 * 1024}`, '--', command, ...args], {
      cwd: limits.cwd,
      env: limits.env,
      // A group of its own, so the deadline kills the slicer and anything it started, all at once.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = { stdout: '', stderr: '' };
    for (const stream of ['stdout', 'stderr'] as const) {
      child[stream].setEncoding('utf8');
      child[stream].on('data', (chunk: string) => {
        if (output[stream].length < MAX_OUTPUT_CHARS) output[stream] += chunk.slice(0, MAX_OUTPUT_CHARS);
      });
    }
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, limits.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ kind: 'not-started', error });
    });
    // 'close' comes after the exit and after the pipes drain: the process is reaped, no zombie is left.
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve(timedOut ? { kind: 'timed-out' } : { kind: 'exited', code, signal, ...output });
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

// The real PrusaSlicer behind a wrapper that logs the slices a test cares about and makes the first of
// them slow: a slice cut off by its time limit once, as on a loaded machine, then sliced as usual.
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface SlowSlicer {
  /** The wrapper's path, for SLICER_PATH. */
  path: string;
  /** How many of the matching slices have run. */
  slicesRun(): Promise<number>;
}

/**
 * Writes the wrapper in `dir`. `match` is a shell case pattern over the arguments (the default, every
 * G-code export); the first matching slice sleeps `seconds` before PrusaSlicer runs.
 */
export function slowOnceSlicer(dir: string, seconds: number, match = '*--export-gcode*'): SlowSlicer {
  const slicer = path.join(dir, 'prusa-slicer');
  const sliceLog = path.join(dir, 'slices.log');
  const slowedOnce = path.join(dir, 'slowed-once');
  writeFileSync(
    slicer,
    `#!/bin/sh
case "$*" in ${match})
  echo slice >> '${sliceLog}'
  if [ ! -e '${slowedOnce}' ]; then touch '${slowedOnce}'; sleep ${seconds}; fi ;;
esac
exec /usr/bin/prusa-slicer "$@"
`,
    { mode: 0o755 },
  );
  return {
    path: slicer,
    slicesRun: async () =>
      (await readFile(sliceLog, 'utf8').catch(() => '')).split('\n').filter(Boolean).length,
  };
}

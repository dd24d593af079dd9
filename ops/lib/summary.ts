// One line per performance target, which `npm run bench` gathers from every benchmark it runs and
// prints as one table at the end (BENCH_SUMMARY names the file the lines go to; run alone, a benchmark
// just prints them).
import { appendFileSync } from 'node:fs';

export interface TargetLine {
  what: string;
  /** The figure measured now, with its unit ('812 MB/s', '31 KB'). */
  now: string;
  /** The baseline measured in the same run, with its unit. */
  baseline: string;
  target: string;
  met: boolean;
}

export function reportTarget(line: TargetLine): void {
  const file = process.env.BENCH_SUMMARY;
  if (file) appendFileSync(file, `${JSON.stringify(line)}\n`);
  console.log(
    `${line.met ? '✓' : '✗'} ${line.what}: ${line.now} (baseline ${line.baseline}; target ${line.target})`,
  );
}

// `npm run bench`: runs every benchmark under ops/bench one after another and prints their numbers.
// `npm run bench -- geometry checkout` runs only the named ones. Each runs with NODE_ENV=production, as
// the API and the workers run in production: libraries such as React otherwise run their development
// builds (the servers' own settings are the benchmark's, NODE_ENV=test among them).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { TargetLine } from '../lib/summary.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.startsWith('_'))
  .map((file) => file.replace(/\.ts$/, ''))
  .filter((name) => wanted.length === 0 || wanted.includes(name));

const summary = path.join(tmpdir(), `printfarm-bench-${process.pid}.jsonl`);
let failed = 0;
for (const name of benches) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, [path.join(here, `${name}.ts`)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', BENCH_SUMMARY: summary },
  });
  if (result.status !== 0) {
    failed += 1;
    console.error(`${name} failed (exit ${result.status})`);
  }
}
if (existsSync(summary)) {
  const lines = readFileSync(summary, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as TargetLine);
  rmSync(summary);
  console.log('\n=== targets ===');
  console.table(
    lines.map((line) => ({
      what: line.what,
      now: line.now,
      'baseline (same run)': line.baseline,
      target: line.target,
      met: line.met ? '✓' : '✗',
    })),
  );
}
process.exit(failed > 0 ? 1 : 0);

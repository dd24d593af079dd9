// `npm run bench`: runs every benchmark under ops/bench one after another and prints their numbers.
// `npm run bench -- geometry checkout` runs only the named ones.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.startsWith('_'))
  .map((file) => file.replace(/\.ts$/, ''))
  .filter((name) => wanted.length === 0 || wanted.includes(name));

let failed = 0;
for (const name of benches) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, [path.join(here, `${name}.ts`)], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed += 1;
    console.error(`${name} failed (exit ${result.status})`);
  }
}
process.exit(failed > 0 ? 1 : 0);

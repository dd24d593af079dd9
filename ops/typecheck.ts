// Type-checks every workspace; exits non-zero on the first project with errors.
import { spawnSync } from 'node:child_process';

const projects = ['domain', 'db', 'mail', 'map', 'api', 'workers', 'pwa', '.'];
let failed = false;
for (const project of projects) {
  const result = spawnSync('tsc', ['-p', project], { stdio: 'inherit', shell: false });
  if (result.status !== 0) {
    console.error(`typecheck failed in ${project}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);

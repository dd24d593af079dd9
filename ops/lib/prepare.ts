// The build-and-migrate steps shared by `npm start` and `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, cwd = repoRoot): void {
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} failed`);
}

/** A fingerprint of the files a step depends on, so unchanged inputs skip the step. */
function fingerprint(paths: string[]): string {
  const hash = createHash('sha256');
  const visit = (target: string) => {
    if (!existsSync(target)) return;
    const stat = statSync(target);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(target).sort()) {
        if (entry === 'node_modules' || entry.startsWith('dist') || entry === 'generated') continue;
        visit(path.join(target, entry));
      }
    } else {
      hash.update(target).update(readFileSync(target));
    }
  };
  for (const p of paths) visit(path.join(repoRoot, p));
  return hash.digest('hex');
}

function upToDate(stampFile: string, print: string): boolean {
  return existsSync(stampFile) && readFileSync(stampFile, 'utf8') === print;
}

export function generatePrismaClient(): void {
  const stamp = path.join(repoRoot, 'db/src/generated/.fingerprint');
  const print = fingerprint(['prisma/schema.prisma', 'package-lock.json']);
  if (upToDate(stamp, print)) return;
  // Generate needs no schema engine, but the CLI tries to download one unless this is set.
  run(bin('prisma'), ['generate'], {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: '/bin/true',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  });
  writeFileSync(stamp, print);
}

/** dbmate's driver insists on TLS unless told otherwise; loopback servers here have none. */
function dbmateUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const loopback = ['127.0.0.1', 'localhost', '[::1]', ''].includes(url.hostname);
  if (loopback && !url.searchParams.has('sslmode')) url.searchParams.set('sslmode', 'disable');
  return url.toString();
}

export function migrate(databaseUrl: string): void {
  run(bin('dbmate'), [
    '--url',
    dbmateUrl(databaseUrl),
    '--migrations-dir',
    path.join(repoRoot, 'prisma/migrations'),
    '--no-dump-schema',
    '--wait',
    'up',
  ]);
}

export function buildPwa(): void {
  const dist = path.join(repoRoot, 'pwa/dist');
  const stamp = path.join(dist, '.fingerprint');
  const print = fingerprint(['pwa', 'domain/src', 'map/src', 'package-lock.json']);
  if (upToDate(stamp, print)) return;
  // Build beside the live folder and swap, so a server (or a parallel test run) never sees half a build.
  const staging = `${dist}.staging-${process.pid}`;
  run(
    process.execPath,
    ['scripts/build.ts', '--outDir', staging],
    { ...process.env, NODE_ENV: 'production' },
    path.join(repoRoot, 'pwa'),
  );
  writeFileSync(path.join(staging, '.fingerprint'), print);
  const retired = `${dist}.old-${process.pid}`;
  if (existsSync(dist)) renameSync(dist, retired);
  renameSync(staging, dist);
  rmSync(retired, { recursive: true, force: true });
}

/** Installs the Debian packages whose binary is missing; the script only warns when it cannot. */
export function installSystemPackages(packages: string[]): void {
  const result = spawnSync('sh', [path.join(repoRoot, 'ops/system-packages.sh'), ...packages], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.warn(`⚠ ops/system-packages.sh ${packages.join(' ')} did not finish; continuing`);
  }
}

export function seed(env: NodeJS.ProcessEnv): void {
  run(bin('node'), [path.join(repoRoot, 'prisma/seed.ts')], env);
}

export interface MailDevProcess {
  smtpPort: number;
  webPort: number;
  stop(): Promise<void>;
}

/** MailDev (SMTP + web UI + REST API) as a child process on the given loopback ports. */
export async function startMaildev(smtpPort: number, webPort: number): Promise<MailDevProcess> {
  const child = spawn(
    bin('maildev'),
    [
      '--smtp',
      String(smtpPort),
      '--web',
      String(webPort),
      '--ip',
      '127.0.0.1',
      '--web-ip',
      '127.0.0.1',
      '--silent',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`MailDev exited: ${stderr}`);
    try {
      const response = await fetch(`http://127.0.0.1:${webPort}/email`);
      if (response.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`MailDev did not start on ${webPort}: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return {
    smtpPort,
    webPort,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

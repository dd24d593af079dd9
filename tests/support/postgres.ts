// A private PostgreSQL cluster in a temporary folder, on its own port, for tests that stop and restart
// the database under load without touching the machine's shared server. Run as root (as here and in
// CI), the cluster belongs to the postgres user, since PostgreSQL refuses to run as root.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../ops/lib/ports.ts';

export interface PrivatePostgres {
  /** postgresql://postgres@127.0.0.1:<port>/postgres */
  serverUrl: string;
  stop(): void;
  start(): void;
  /** Stops the server and deletes the cluster. */
  destroy(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(path.join(root, version, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const version = versions[0];
  if (!version) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) are not installed');
  return path.join(root, version, 'bin');
}

function ownerOf(): { uid: number; gid: number; user: string } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g'), user: 'postgres' };
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const owner = ownerOf();
  const folder = mkdtempSync(path.join(tmpdir(), 'private-pg-'));
  const data = path.join(folder, 'data');
  const port = await freePort();
  if (owner) {
    chownSync(folder, owner.uid, owner.gid);
    chmodSync(folder, 0o700);
  }

  const run = (command: string, args: string[]) => {
    const [file, argv] = owner
      ? ['runuser', ['-u', owner.user, '--', path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: 'utf8', cwd: folder });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };

  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const handle: PrivatePostgres = {
    serverUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(folder, 'log'), '-w', 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    destroy() {
      try {
        handle.stop();
      } catch {
        // already stopped
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
  handle.start();
  return handle;
}

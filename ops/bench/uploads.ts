// Resumable upload throughput: a 100 MB design sent over tus to the real API (in this process, on a
// fresh database of its own) next to a plain HTTP PUT streamed to disk by node:http (also in this
// process) in the same run; the client streams the file from a process of its own. fs.copyFile of the
// same file is printed for scale. The methods take turns, round by round; the ratio tus / PUT comes last.
//   node ops/bench/uploads.ts        BENCH_MB=100 BENCH_ROUNDS=5 DATABASE_URL=... REDIS_URL=...
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../../db/src/password.ts';
import { cookieHeaderFrom } from '../fixtures/auth.ts';
import { runClient, withBenchApi } from '../lib/bench.ts';
import { step } from '../lib/log.ts';
import { reportTarget } from '../lib/summary.ts';
import type { UploadJob } from '../lib/uploadClient.ts';

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.BENCH_MB ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

interface Row {
  method: string;
  seconds: number[];
  peakRssMb: number;
}

/** A binary STL of random triangles whose header count matches its length. */
function randomStl(bytes: number): Buffer {
  const triangles = Math.floor((bytes - 84) / 50);
  const buffer = Buffer.concat([Buffer.alloc(84), randomBytes(triangles * 50)]);
  buffer.write('upload benchmark', 0, 'latin1');
  buffer.writeUInt32LE(triangles, 80);
  return buffer;
}

const uploadClient = path.join(path.dirname(fileURLToPath(import.meta.url)), '../lib/uploadClient.ts');

/** One upload from the client process, in the seconds the client itself measured (its start-up not counted). */
async function clientUpload(job: UploadJob): Promise<number> {
  return (await runClient<{ seconds: number }>(uploadClient, job)).seconds;
}

/** The baseline: a node:http server that streams a PUT body straight to a file. */
async function startPutServer(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    pipeline(request, createWriteStream(target)).then(
      () => response.writeHead(201).end(),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/put`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface Method {
  name: string;
  /** One transfer; resolves with the seconds it took by its own clock (the client's, for uploads). */
  run(): Promise<number>;
}

/**
 * ROUNDS of every method, interleaved (A B C, A B C, …) so that a busy moment on a shared machine falls
 * on all of them alike instead of on whichever ran then.
 */
async function measureInterleaved(methods: Method[]): Promise<Row[]> {
  const rows = methods.map((method): Row => ({ method: method.name, seconds: [], peakRssMb: 0 }));
  // process.memoryUsage.rss() reads the resident size alone; the full memoryUsage() walks the heap, which
  // cost this process (it is also the server under test) about a second of CPU per run.
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      step(`round ${round + 1} of ${ROUNDS}`);
      for (const [index, method] of methods.entries()) {
        rows[index]?.seconds.push(await method.run());
      }
    }
  } finally {
    clearInterval(sampler);
  }
  // One process holds the server and the copies, so its peak is shared by every method.
  for (const row of rows) row.peakRssMb = Math.max(peak, process.memoryUsage.rss()) / MB;
  return rows;
}

function report(rows: Row[], sizeBytes: number): void {
  const mb = sizeBytes / MB;
  const best = (row: Row) => Math.min(...row.seconds);
  const median = (row: Row) =>
    [...row.seconds].sort((a, b) => a - b)[Math.floor(row.seconds.length / 2)] ?? 0;
  console.table(
    rows.map((row) => ({
      method: row.method,
      'MB/s (median)': (mb / median(row)).toFixed(1),
      'MB/s (best)': (mb / best(row)).toFixed(1),
      'median s': median(row).toFixed(2),
      'peak RSS MB': row.peakRssMb.toFixed(0),
      rounds: row.seconds.length,
    })),
  );
  const put = rows.find((row) => row.method.startsWith('plain PUT'));
  if (put) {
    for (const row of rows.filter((r) => r.method.startsWith('tus'))) {
      console.log(
        `${row.method}: ${((median(put) / median(row)) * 100).toFixed(1)}% of the plain PUT's speed`,
      );
    }
    const single = rows.find((row) => row.method.startsWith('tus, one PATCH'));
    if (single) {
      reportTarget({
        what: `tus upload ${Math.round(mb)} MB, MB/s`,
        now: `${(mb / median(single)).toFixed(0)} MB/s (${((median(put) / median(single)) * 100).toFixed(0)} % of PUT)`,
        baseline: `node:http PUT to disk ${(mb / median(put)).toFixed(0)} MB/s`,
        target: '≥ 50 % of the PUT',
        met: median(put) / median(single) >= 0.5,
      });
    }
  }
}

const workDir = await mkdtemp(path.join(tmpdir(), 'bench-uploads-'));
const uploadDir = path.join(workDir, 'uploads');
step(`uploads in ${uploadDir}`);
try {
  // No relay: the model.analyze events stay in the outbox, so only the upload path is measured.
  await withBenchApi(
    'uploads',
    async ({ url, prisma, suffix }) => {
      const email = `bench-${suffix}@example.test`;
      const password = 'bench-password-123456';
      await prisma.user.create({
        data: { email, firstName: 'Bench', passwordHash: await hashPassword(password) },
      });
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
      const cookie = cookieHeaderFrom(login);

      step(`writing a ${SIZE_MB} MB binary STL`);
      const data = randomStl(SIZE_MB * MB);
      const source = path.join(workDir, 'source.stl');
      await writeFile(source, data);
      const expected = createHash('sha256').update(data).digest('hex');

      const target = path.join(workDir, 'copy.stl');
      const putServer = await startPutServer(target);
      const tus = (chunkBytes: number) => async () => {
        const before = await prisma.projectFile.count();
        const seconds = await clientUpload({
          mode: 'tus',
          url: `${url}/api/uploads`,
          file: source,
          cookie,
          chunkBytes,
        });
        const file = await prisma.projectFile.findFirst({ orderBy: { uploadedAt: 'desc' } });
        if ((await prisma.projectFile.count()) !== before + 1 || file?.sha256 !== expected) {
          throw new Error('stored file does not match the original');
        }
        return seconds;
      };
      const rows = await measureInterleaved([
        {
          name: 'fs.copyFile (same disk, for scale)',
          async run() {
            const started = performance.now();
            await copyFile(source, target);
            const seconds = (performance.now() - started) / 1_000;
            await rm(target);
            return seconds;
          },
        },
        {
          name: 'plain PUT, node:http → disk',
          async run() {
            const seconds = await clientUpload({ mode: 'put', url: putServer.url, file: source });
            await rm(target);
            return seconds;
          },
        },
        { name: 'tus, one PATCH (Uppy default)', run: tus(Number.POSITIVE_INFINITY) },
        { name: 'tus, 8 MB PATCH chunks', run: tus(8 * MB) },
      ]);
      await putServer.close();
      report(rows, data.length);
      const stored = await prisma.projectFile.findFirstOrThrow({ orderBy: { uploadedAt: 'desc' } });
      const bytes = await readFile(path.join(uploadDir, stored.filePath));
      console.log(
        `last stored file SHA-256 matches: ${createHash('sha256').update(bytes).digest('hex') === expected}`,
      );
    },
    { env: { UPLOAD_DIR: uploadDir, DATABASE_POOL_SIZE: '5' } },
  );
} finally {
  await rm(workDir, { recursive: true, force: true });
}

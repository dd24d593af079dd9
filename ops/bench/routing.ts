// Routing latency: a customer accepts an offer → the chosen farm's operator has the new-job e-mail in
// MailDev (accept → request.route → job row + e-mail event → email.send → SMTP), over BENCH_RUNS runs,
// next to a plain e-mail's way from the outbox to MailDev in the same run. The API (with its outbox
// relay) and the workers run as child processes, as in production; this process only makes the calls
// and watches MailDev. Also exports that stack for ops/bench/offers.ts.
//   node ops/bench/routing.ts     BENCH_RUNS=20 DATABASE_URL=... REDIS_URL=...
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { farmCapabilities } from '@printfarm/domain/farmCapabilities';
import type { PrinterInventoryEntry } from '@printfarm/domain/farmSignup';
import type { PrintRequestView } from '../../api/src/presenters/printRequest.ts';
import { createPrisma, type Prisma, type PrismaClient } from '../../db/src/index.ts';
import { recordJob } from '../../db/src/outbox/index.ts';
import { hashPassword } from '../../db/src/password.ts';
import { workersProcessEnv } from '../../workers/src/processEnv.ts';
import { call, offersOf, submitAndQuote, uploadedRequest } from '../fixtures/apiClient.ts';
import { cookieHeaderFrom } from '../fixtures/auth.ts';
import { binaryStlCube } from '../fixtures/tus.ts';
import { latencyRow, percentile } from '../lib/bench.ts';
import { step } from '../lib/log.ts';
import { freePort } from '../lib/ports.ts';
import { generatePrismaClient, migrate, repoRoot, startMaildev } from '../lib/prepare.ts';
import {
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  deleteRedisPrefix,
  dropDatabase,
  ensureDatabase,
} from '../lib/services.ts';

export interface MarketplaceStack {
  apiUrl: string;
  maildevUrl: string;
  /** This process's own client of the bench database (for fixtures and reading results). */
  prisma: PrismaClient;
  databaseUrl: string;
  uploadDir: string;
}

/** Polls until `check` answers something, every `everyMs`; fails after `timeoutMs`. */
export async function pollFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  { everyMs = 25, timeoutMs = 60_000 } = {},
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

function startChild(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(repoRoot, entry)], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    // Its log is read only until the line saying it is ready; the rest is drained unread.
    let seen: string | null = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      if (seen === null) return;
      seen = (seen + chunk.toString()).slice(-10_000);
      if (ready.test(seen)) {
        seen = null;
        resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it was ready`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * A fresh migrated database, MailDev, the API (with its relay) and the workers as child processes on
 * it; `bench` runs against them, then everything is stopped and removed.
 */
export async function withMarketplaceStack(
  name: string,
  bench: (stack: MarketplaceStack) => Promise<void>,
  options: { env?: Record<string, string> } = {},
): Promise<void> {
  const suffix = randomBytes(4).toString('hex');
  const database = new URL(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
  database.pathname = `/bench_${name}_${suffix}`;
  const databaseUrl = database.toString();
  const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const queuePrefix = `bench-${name}-${suffix}`;
  const uploadDir = await mkdtemp(path.join(tmpdir(), `bench-${name}-`));
  const cleanups: (() => Promise<void>)[] = [
    () => rm(uploadDir, { recursive: true, force: true }),
    () => deleteRedisPrefix(redisUrl, queuePrefix),
    () => dropDatabase(databaseUrl),
  ];
  const cleanUp = async () => {
    step('cleaning up');
    for (const cleanup of cleanups) await cleanup().catch((error) => console.error(error));
  };
  try {
    step(`fresh database ${database.pathname.slice(1)}`);
    generatePrismaClient();
    await ensureDatabase(databaseUrl);
    migrate(databaseUrl);
    const maildev = await startMaildev(await freePort(), await freePort());
    cleanups.unshift(() => maildev.stop());
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: queuePrefix,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(maildev.smtpPort),
      UPLOAD_DIR: uploadDir,
      RATE_LIMIT_DISABLED: 'true',
      LOG_LEVEL: 'info',
      ...options.env,
    };
    step('starting the API and the workers (child processes)');
    const [api, workers] = await Promise.all([
      startChild('api', 'api/src/main.ts', env, /"msg":"api listening"/),
      startChild('workers', 'workers/src/main.ts', workersProcessEnv(env), /"msg":"workers running"/),
    ]);
    cleanups.unshift(
      () => stopChild(api),
      () => stopChild(workers),
    );
    const prisma = createPrisma(databaseUrl, { maxConnections: 5 });
    cleanups.unshift(() => prisma.$disconnect());
    await bench({
      apiUrl: `http://127.0.0.1:${port}`,
      maildevUrl: `http://127.0.0.1:${maildev.webPort}`,
      prisma,
      databaseUrl,
      uploadDir,
    });
  } finally {
    await cleanUp();
  }
}

/** A customer account, signed in over the API: the Cookie header to send. */
export async function signedInCustomer(stack: MarketplaceStack): Promise<string> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.test`;
  const password = 'bench-password-123456';
  await stack.prisma.user.create({
    data: { email, firstName: 'Bench', passwordHash: await hashPassword(password) },
  });
  const login = await fetch(`${stack.apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  return cookieHeaderFrom(login);
}

export interface BenchFarm {
  latitude: number;
  longitude: number;
  inventory: PrinterInventoryEntry[];
  isActive?: boolean;
  isPaused?: boolean;
  full?: boolean;
  /** Its own FDM/PLA rate (dollars); the network default applies otherwise. */
  plaMinimumOrder?: string;
}

/** Inserts farms with their capability rows and rates in batches; answers their ids. */
export async function insertFarms(prisma: PrismaClient, farms: readonly BenchFarm[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < farms.length; start += 1_000) {
    const batch = farms.slice(start, start + 1_000).map((farm) => ({ id: randomUUID(), farm }));
    const rows: Prisma.PrintFarmCreateManyInput[] = [];
    const capabilities: Prisma.PrintFarmCapabilityCreateManyInput[] = [];
    const rates: Prisma.FarmRateCreateManyInput[] = [];
    for (const { id, farm } of batch) {
      const { capacity, capabilities: summary, rows: capabilityRows } = farmCapabilities(farm.inventory);
      const printers = farm.inventory.reduce((sum, entry) => sum + entry.count, 0);
      const tag = id.slice(0, 8);
      rows.push({
        id,
        farmName: `bench-${tag}`,
        displayName: `Bench Farm ${tag}`,
        companyKey: `bench-${tag}`,
        location: 'Benchville, US',
        contactName: 'Bench Operator',
        contactEmail: `farm-${tag}@example.test`,
        contactPhone: '512-555-0100',
        fullStreetAddress: '1 Main St',
        streetName: 'Main St',
        city: 'Benchville',
        state: 'TX',
        zipCode: '78701',
        latitude: farm.latitude,
        longitude: farm.longitude,
        geocodeStatus: 'located',
        totalPrinterCount: printers,
        printerCount: printers,
        printerInventory: farm.inventory as unknown as Prisma.InputJsonValue,
        printerTypes: [...new Set(farm.inventory.map((entry) => entry.technology))],
        capacity,
        availableCapacity: farm.full ? 0 : capacity,
        capabilities: summary as unknown as Prisma.InputJsonValue,
        isActive: farm.isActive ?? true,
        nodeStatus: 'online',
        isPaused: farm.isPaused ?? false,
      });
      for (const row of capabilityRows) {
        capabilities.push({ ...row, farmId: id, maxPrintSize: row.maxPrintSize as Prisma.InputJsonValue });
      }
      if (farm.plaMinimumOrder) {
        rates.push({
          farmId: id,
          technology: 'FFF/FDM',
          material: 'PLA',
          priceBasis: 'cm3',
          materialRate: '0.18',
          machineHourRate: '2.50',
          setupFee: '3.00',
          minimumOrder: farm.plaMinimumOrder,
          leadTimeDays: 2,
        });
      }
    }
    await prisma.printFarm.createMany({ data: rows });
    await prisma.printFarmCapability.createMany({ data: capabilities });
    if (rates.length > 0) await prisma.farmRate.createMany({ data: rates });
    ids.push(...batch.map(({ id }) => id));
  }
  return ids;
}

interface MaildevEmail {
  subject: string;
  to: { address: string }[];
}

/** The e-mail to `address` with this subject, once MailDev has it (polled every 10 ms). */
export function mailArrived(
  stack: MarketplaceStack,
  address: string,
  subject: string,
): Promise<MaildevEmail> {
  return pollFor(
    `e-mail "${subject}" to ${address}`,
    async () => {
      const all = (await (await fetch(`${stack.maildevUrl}/email`)).json()) as MaildevEmail[];
      return all.find((mail) => mail.subject === subject && mail.to.some((to) => to.address === address));
    },
    { everyMs: 10 },
  );
}

/** A pause of 0-300 ms: longer than the relay's 250 ms poll (OUTBOX_POLL_MS). */
const dephase = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 300));

async function routingBench(): Promise<void> {
  const RUNS = Number(process.env.BENCH_RUNS ?? 20);
  const X1: PrinterInventoryEntry = {
    technology: 'FFF/FDM',
    brand: 'Bambu Lab',
    model: 'X1 Carbon',
    count: 6,
  };
  // Slicing is not what this measures: without a slicer the offers stay estimates.
  await withMarketplaceStack(
    'routing',
    async (stack) => {
      const farmIds = await insertFarms(stack.prisma, [
        { latitude: 30.2713, longitude: -97.7426, inventory: [X1], plaMinimumOrder: '10.00' },
        { latitude: 30.2672, longitude: -97.7431, inventory: [X1], plaMinimumOrder: '20.00' },
        { latitude: 29.4241, longitude: -98.4936, inventory: [X1], plaMinimumOrder: '30.00' },
      ]);
      const cookie = await signedInCustomer(stack);
      step(`quoting ${RUNS} requests (real uploads of a 20 mm cube)`);
      const requests: PrintRequestView[] = [];
      for (let start = 0; start < RUNS; start += 5) {
        const batch = Array.from({ length: Math.min(5, RUNS - start) }, async (_, i) => {
          const cube = binaryStlCube(20);
          const draft = await uploadedRequest(
            stack.apiUrl,
            cookie,
            cube,
            `routing-${start + i}.stl`,
            '78701',
          );
          return submitAndQuote(stack.apiUrl, cookie, draft.id);
        });
        requests.push(...(await Promise.all(batch)));
      }
      const operators = await stack.prisma.printFarm.findMany({
        where: { id: { in: farmIds } },
        select: { id: true, contactEmail: true },
      });
      const operatorOf = new Map(operators.map((farm) => [farm.id, farm.contactEmail]));

      step(`${RUNS} × (accept → the operator's e-mail) and (outbox e-mail → MailDev), interleaved`);
      const routed: number[] = [];
      const plain: number[] = [];
      for (const [run, request] of requests.entries()) {
        const [best] = await offersOf(stack.apiUrl, cookie, request.id);
        if (!best) throw new Error(`no offer for ${request.title}`);
        const operator = operatorOf.get(best.farmId) ?? '';

        // Each measurement starts at a random point of the relay's poll, as a customer's click would:
        // right after the previous e-mail arrived the relay has just gone to sleep.
        await dephase();
        let started = performance.now();
        const accepted = await call(
          `${stack.apiUrl}/api/print-requests/${request.id}/offers/${best.id}/accept`,
          cookie,
          'POST',
        );
        if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}`);
        await mailArrived(stack, operator, `New print job: ${request.title}`);
        routed.push(performance.now() - started);

        const subject = `Baseline e-mail ${run} ${randomBytes(3).toString('hex')}`;
        await dephase();
        started = performance.now();
        await stack.prisma.$transaction((tx) =>
          recordJob(tx, 'email.send', {
            messageKey: `bench-baseline:${subject}`,
            to: 'baseline@example.test',
            subject,
            text: 'A plain e-mail through the outbox.',
          }),
        );
        await mailArrived(stack, 'baseline@example.test', subject);
        plain.push(performance.now() - started);
      }
      console.table([
        latencyRow('outbox e-mail → MailDev (baseline)', plain),
        latencyRow('accept → operator e-mail in MailDev', routed),
      ]);
      const ratio =
        percentile(
          [...routed].sort((a, b) => a - b),
          50,
        ) /
        percentile(
          [...plain].sort((a, b) => a - b),
          50,
        );
      console.log(
        `accept → e-mail takes ${ratio.toFixed(2)}× a plain e-mail (p50): two outbox hops (request.route, then email.send) instead of one; each is published at commit (NOTIFY wakes the relay), not at the next poll`,
      );
      const jobs = await stack.prisma.printJob.count({
        where: { requestId: { in: requests.map((r) => r.id) } },
      });
      console.log(`print jobs made: ${jobs} for ${RUNS} accepted requests`);
    },
    { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } },
  );
}

if (import.meta.main) await routingBench();

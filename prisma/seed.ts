// `npm start` runs this on every start; it fills only an empty database, so it never overwrites real
// data. In development it also (re)creates the demo accounts printed by `npm start`.
import path from 'node:path';
import { createPrisma } from '@printfarm/db';
import { seedApplications } from './seed/applications.ts';
import { seedDemoAccounts } from './seed/demoAccounts.ts';
import { seedFarms } from './seed/farms.ts';
import { seedPrinters } from './seed/printers.ts';
import { seedPrintRequests } from './seed/printRequests.ts';
import { seedFarmRates } from './seed/rates.ts';
import { seedStores } from './seed/stores.ts';

const databaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/printfarm';
const production = process.env.NODE_ENV === 'production';
const prisma = createPrisma(databaseUrl, { maxConnections: 2 });

try {
  const demo = production
    ? null
    : await seedDemoAccounts(prisma, process.env.SEED_DEMO_PASSWORD ?? 'printfarm-demo');
  if ((await prisma.printFarm.count()) > 0) {
    console.log('  seed: the database already has data; left as it is');
  } else {
    // Stores need an owner: the demo operator in development, else a dedicated platform account.
    const storeOwner =
      demo?.operator ??
      (
        await prisma.user.upsert({
          where: { email: 'stores@printfarm.local' },
          update: {},
          create: {
            email: 'stores@printfarm.local',
            firstName: 'PrintFarm',
            lastName: 'Stores',
            role: 'operator',
          },
          select: { id: true },
        })
      ).id;
    const farms = await seedFarms(prisma, demo ? { operatorId: demo.operator } : {});
    const rates = await seedFarmRates(
      prisma,
      farms.map((f) => f.id),
    );
    await seedStores(prisma, { ownerId: storeOwner });
    await seedApplications(prisma);
    if (demo) {
      await seedPrintRequests(prisma, { customerId: demo.customer, farmIds: farms.map((f) => f.id) });
      const demoFarm = farms[0];
      if (demoFarm) {
        const uploadDir = process.env.UPLOAD_DIR ?? path.join(import.meta.dirname, '../var/uploads');
        await seedPrinters(prisma, { farmId: demoFarm.id, uploadDir });
      }
    }
    console.log(`  seed: ${farms.length} print farms with ${rates} rates, 3 stores, sample applications`);
  }
} finally {
  await prisma.$disconnect();
}

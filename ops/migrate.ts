// `npm run db:migrate`: applies prisma/migrations (SQL, dbmate) to DATABASE_URL, creating the database if needed.
import { step } from './lib/log.ts';
import { migrate } from './lib/prepare.ts';
import { DEFAULT_DATABASE_URL, ensureDatabase } from './lib/services.ts';

const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
if (await ensureDatabase(databaseUrl)) step('Created the database');
migrate(databaseUrl);

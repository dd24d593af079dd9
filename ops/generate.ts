// `npm run db:generate`: regenerates the Prisma client after a change to prisma/schema.prisma.
import { generatePrismaClient } from './lib/prepare.ts';

generatePrismaClient();

import { defineConfig } from 'prisma/config';

// Migrations are plain SQL applied by dbmate (prisma/migrations), so only the schema and the URL live here.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  datasource: {
    url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/printfarm',
  },
});

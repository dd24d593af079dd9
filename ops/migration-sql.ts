// `npm run db:diff [-- <git-ref>]`: prints the SQL that turns the schema.prisma of a git ref
// (default HEAD; 'empty' for a blank database) into the working copy's, using Prisma's own schema
// engine compiled to WebAssembly (the native engine cannot be downloaded here). Paste the output
// into a new dbmate migration under prisma/migrations/ and review it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from './lib/prepare.ts';
import { DEFAULT_DATABASE_URL } from './lib/services.ts';

const require = createRequire(path.join(repoRoot, 'package.json'));
// biome-ignore lint/suspicious/noExplicitAny: the wasm-bindgen glue ships without types
const runtime: any = await import(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
const wasmPath = require
  .resolve('@prisma/schema-engine-wasm')
  .replace('schema_engine.js', 'schema_engine_bg.wasm');
// biome-ignore lint/suspicious/noExplicitAny: Node's types here do not declare the WebAssembly global
const wasm: any = (globalThis as any).WebAssembly;
const instance = new wasm.Instance(new wasm.Module(readFileSync(wasmPath)), {
  './schema_engine_bg.js': runtime,
});
runtime.__wbg_set_wasm(instance.exports);
(instance.exports.__wbindgen_start as () => void)();

const { PrismaPg } = await import('@prisma/adapter-pg');
const { bindMigrationAwareSqlAdapterFactory } = await import(require.resolve('@prisma/driver-adapter-utils'));

const ref = process.argv[2] ?? 'HEAD';
const schemaPath = path.join(repoRoot, 'prisma/schema.prisma');
const current = readFileSync(schemaPath, 'utf8');
const factory = bindMigrationAwareSqlAdapterFactory(
  // The engine wants a live connection even for a file-to-file diff; the server's own database will do.
  new PrismaPg({
    connectionString: process.env.DIFF_DATABASE_URL ?? DEFAULT_DATABASE_URL.replace(/\/[^/]*$/, '/postgres'),
  }),
);
const engine = await runtime.SchemaEngine.new(
  { datamodels: [['schema.prisma', current]] },
  () => {},
  factory,
);
const from =
  ref === 'empty'
    ? { tag: 'empty' }
    : {
        tag: 'schemaDatamodel',
        files: [
          {
            path: 'schema.prisma',
            content: execFileSync('git', ['show', `${ref}:prisma/schema.prisma`], {
              cwd: repoRoot,
              encoding: 'utf8',
            }),
          },
        ],
      };
const result = await engine.diff({
  from,
  to: { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: current }] },
  script: true,
  exitCode: true,
  filters: { externalTables: [], externalEnums: [] },
});
process.stdout.write(result.stdout);
process.exit(0);

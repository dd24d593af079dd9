// Every table's row count and a digest of its rows, so a test can tell that nothing at all was written:
// no row added or removed, and none changed.
import type { PrismaClient } from '../../db/src/index.ts';

export type TableDigests = Record<string, { rows: number; digest: string }>;

export async function tableDigests(prisma: PrismaClient): Promise<TableDigests> {
  const tables = await prisma.$queryRaw<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations'
    ORDER BY table_name`;
  const digests: TableDigests = {};
  for (const { name } of tables) {
    // The names come from the catalogue, quoted as identifiers.
    const [row] = await prisma.$queryRawUnsafe<{ rows: number; digest: string }[]>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest
       FROM "${name.replaceAll('"', '""')}" t`,
    );
    if (row) digests[name] = row;
  }
  return digests;
}

/** 'orders: 3 → 4 rows' or 'users: rows changed' for each table that differs. */
export function tableChanges(before: TableDigests, after: TableDigests): string[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names.flatMap((name) => {
    const was = before[name];
    const now = after[name];
    if (was?.digest === now?.digest && was?.rows === now?.rows) return [];
    if (was?.rows !== now?.rows)
      return [`${name}: ${was?.rows ?? 'no table'} → ${now?.rows ?? 'no table'} rows`];
    return [`${name}: rows changed`];
  });
}

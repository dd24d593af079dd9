// What a database error means, however Prisma wrapped it: the API and the workers read codes here only.

/** PostgreSQL's SQLSTATE behind an error, however Prisma wrapped it (raw queries too), else its own code. */
export function databaseErrorCode(error: unknown): string | undefined {
  const e = error as {
    code?: unknown;
    meta?: { code?: unknown; driverAdapterError?: { cause?: { originalCode?: unknown } } };
    cause?: { code?: unknown; originalCode?: unknown };
  };
  const code =
    e?.meta?.driverAdapterError?.cause?.originalCode ??
    e?.cause?.originalCode ??
    e?.cause?.code ??
    (e?.code === 'P2010' ? e?.meta?.code : undefined) ??
    e?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A unique constraint refused the write (Prisma P2002, PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return code === 'P2002' || code === '23505';
}

/** A foreign key refused the write (Prisma P2003, PostgreSQL 23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return code === 'P2003' || code === '23503';
}

// The two ways a printer can fail us before it says anything about the print: it cannot be reached
// (the queue keeps the item and tries later), or it refuses our credentials (an operator must fix the
// printer's settings; retrying would only repeat the refusal).

export class PrinterUnreachableError extends Error {
  override readonly name = 'PrinterUnreachableError';
}

export class PrinterRefusedError extends Error {
  override readonly name = 'PrinterRefusedError';
}

/** The message of an error, with the network's code (ECONNREFUSED, ETIMEDOUT…) when it has one. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : null;
  const code = (cause ?? error) as Error & { code?: unknown };
  const detail = cause ? `: ${cause.message}` : '';
  return typeof code.code === 'string'
    ? `${code.code} (${error.message}${detail})`
    : `${error.message}${detail}`;
}

// What the printability findings of a file are judged against, read from the database: the printers
// the network's farms have, and the slicer's verdicts. The API shows the findings; the quote job refuses
// to quote a file whose findings block. Both read them here, so they never disagree.
import type { MeshInspection } from '@printfarm/domain/inspection';
import { type Finding, type NetworkPrinter, printabilityFindings } from '@printfarm/domain/printability';
import { isTechnology } from '@printfarm/domain/printerCatalogue';
import { isUnits } from '@printfarm/domain/units';
import type { FileAnalysis, Prisma } from './generated/client.ts';

type Db = Pick<Prisma.TransactionClient, '$queryRaw' | 'sliceResult'>;

export interface PrintabilityContext {
  network: readonly NetworkPrinter[];
  /** The slicer's reason by `${sha256}:${units}` for files it found nothing printable in. */
  unprintable: ReadonlyMap<string, string>;
}

export const NO_PRINTABILITY_CONTEXT: PrintabilityContext = { network: [], unprintable: new Map() };

/**
 * The distinct largest printers of each technology at the farms in the network (switched on, whatever
 * their node's state today), with how many farms have each: a handful of rows, however many farms.
 */
export async function loadNetworkPrinters(
  db: Pick<Prisma.TransactionClient, '$queryRaw'>,
): Promise<NetworkPrinter[]> {
  const rows = await db.$queryRaw<{ technology: string; x: number; y: number; z: number; farms: number }[]>`
    SELECT cap.print_technology AS technology,
           (cap.max_print_size->>'x')::float8 AS x, (cap.max_print_size->>'y')::float8 AS y,
           (cap.max_print_size->>'z')::float8 AS z, count(DISTINCT cap.farm_id)::int AS farms
    FROM print_farm_capabilities cap JOIN print_farms f ON f.id = cap.farm_id
    WHERE f.is_active AND cap.is_active
    GROUP BY 1, 2, 3, 4`;
  return rows.flatMap((row) =>
    isTechnology(row.technology) && row.x > 0 && row.y > 0 && row.z > 0
      ? [{ technology: row.technology, size: { x: row.x, y: row.y, z: row.z }, farms: row.farms }]
      : [],
  );
}

/** How long the API reuses the network's printers (they change when a farm signs up or edits its printers). */
export const NETWORK_PRINTERS_TTL_MS = 30_000;

/**
 * The network's printers, read at most once per `ttlMs` (at 10,000 farms the query takes ~50 ms, and
 * a request's page asks for its findings every second while it is quoting).
 */
export function rememberedNetworkPrinters(
  db: Pick<Prisma.TransactionClient, '$queryRaw'>,
  ttlMs = NETWORK_PRINTERS_TTL_MS,
): () => Promise<NetworkPrinter[]> {
  let kept: { until: number; printers: Promise<NetworkPrinter[]> } | undefined;
  return () => {
    const now = Date.now();
    if (!kept || kept.until <= now) {
      const printers = loadNetworkPrinters(db);
      kept = { until: now + ttlMs, printers };
      // A failed read is not kept: the next call reads again.
      printers.catch(() => {
        if (kept?.printers === printers) kept = undefined;
      });
    }
    return kept.printers;
  };
}

const verdictKey = (sha256: string, units: string) => `${sha256}:${units}`;

export interface JudgedFile {
  originalFileName: string;
  sha256: string | null;
  analysis: FileAnalysis | null;
}

/** The network's printers (read fresh unless `networkPrinters` remembers them) and the slicer's verdicts. */
export async function printabilityContext(
  db: Db,
  files: readonly JudgedFile[],
  networkPrinters: () => Promise<NetworkPrinter[]> = () => loadNetworkPrinters(db),
): Promise<PrintabilityContext> {
  const judged = files.filter((file) => file.sha256 && file.analysis?.bboxXMm != null);
  if (judged.length === 0) return NO_PRINTABILITY_CONTEXT;
  const [network, verdicts] = await Promise.all([
    networkPrinters(),
    db.sliceResult.findMany({
      where: { status: 'unprintable', sha256: { in: judged.map((file) => file.sha256 ?? '') } },
      select: { sha256: true, units: true, reason: true },
      orderBy: { createdAt: 'asc' },
    }),
  ]);
  const unprintable = new Map(
    verdicts.map((verdict) => [
      verdictKey(verdict.sha256, verdict.units),
      verdict.reason ?? 'The print is empty',
    ]),
  );
  return { network, unprintable };
}

/** The file's findings for the request's technology (null before it is chosen); none until measured. */
export function findingsOf(
  file: JudgedFile,
  technology: string | null,
  context: PrintabilityContext,
): Finding[] {
  const a = file.analysis;
  if (!a || a.bboxXMm === null || a.bboxYMm === null || a.bboxZMm === null) return [];
  const units = isUnits(a.units) ? a.units : 'mm';
  return printabilityFindings({
    fileName: file.originalFileName,
    units,
    technology: isTechnology(technology) ? technology : null,
    metrics: {
      bbox: { x: a.bboxXMm, y: a.bboxYMm, z: a.bboxZMm },
      volumeCm3: a.volumeCm3,
      surfaceAreaCm2: a.surfaceAreaCm2,
      openEdgeCount: a.openEdgeCount,
      nonManifoldEdgeCount: a.nonManifoldEdgeCount,
      shellCount: a.shellCount,
      invertedNormals: a.invertedNormals,
    },
    inspection: inspectionOf(a),
    network: context.network,
    unprintableReason: file.sha256 ? (context.unprintable.get(verdictKey(file.sha256, units)) ?? null) : null,
  });
}

/** The stored inspection, when it is one this code reads (the column holds what the workers wrote). */
export function inspectionOf(analysis: Pick<FileAnalysis, 'inspection'>): MeshInspection | null {
  const stored = analysis.inspection as { version?: unknown } | null;
  return stored?.version === 1 ? (stored as unknown as MeshInspection) : null;
}

/** What stops these files from being quoted: their blocking findings (each sentence names its file). */
export async function blockingFindings(
  db: Db,
  files: readonly JudgedFile[],
  technology: string | null,
): Promise<Finding[]> {
  const context = await printabilityContext(db, files);
  return files.flatMap((file) =>
    findingsOf(file, technology, context).filter((finding) => finding.severity === 'blocks'),
  );
}

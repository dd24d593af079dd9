// Analyses one uploaded design: pending → analyzing → ready (with metrics) or rejected (with a reason
// the customer can act on). A malformed file is an outcome, not a failure, so it is never retried.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Prisma } from '@printfarm/db';
import { type AnalysisOutcome, type ModelAnalysis, NO_MESH_METRICS } from '../geometry/analyze.ts';
import { formatFromName } from '../geometry/sniff.ts';
import { analyzeInThread, type ThreadReply } from '../geometry/thread.ts';
import { createUploadBucket, type UploadBucket } from '../storage/s3.ts';
import type { JobHandler } from './types.ts';

function analysisColumns(analysis: Omit<ModelAnalysis, 'format'> & { format: string }) {
  return {
    format: analysis.format,
    triangleCount: analysis.triangleCount,
    bboxXMm: analysis.bbox?.x ?? null,
    bboxYMm: analysis.bbox?.y ?? null,
    bboxZMm: analysis.bbox?.z ?? null,
    volumeCm3: analysis.volumeCm3,
    surfaceAreaCm2: analysis.surfaceAreaCm2,
    shellCount: analysis.shellCount,
    openEdgeCount: analysis.openEdgeCount,
    nonManifoldEdgeCount: analysis.nonManifoldEdgeCount,
    watertight: analysis.watertight,
    invertedNormals: analysis.invertedNormals,
    fitsBuildVolume: analysis.fitsBuildVolume ?? Prisma.DbNull,
    metadata: analysis.metadata as Prisma.InputJsonValue,
    rejectReason: null,
  };
}

/** A parser fault (not a bad file) is retried a couple of times, then recorded so the file never hangs. */
const ATTEMPTS_BEFORE_GIVING_UP = 3;

type WorkerConfig = Parameters<JobHandler<'model.analyze'>>[1]['config'];
const buckets = new WeakMap<WorkerConfig, UploadBucket | null>();

/**
 * The parsers read local files. On local disk that is the upload itself; with S3 the object is first
 * fetched into a temporary folder, removed again once the analysis is done.
 */
async function withLocalCopy(
  config: WorkerConfig,
  filePath: string,
  analyse: (local: { filePath: string; uploadDir: string }) => Promise<ThreadReply>,
): Promise<ThreadReply> {
  if (!buckets.has(config)) buckets.set(config, createUploadBucket(config));
  const bucket = buckets.get(config);
  if (!bucket) return analyse({ filePath, uploadDir: config.UPLOAD_DIR });
  const folder = await mkdtemp(path.join(tmpdir(), 'printfarm-analysis-'));
  try {
    if (!(await bucket.download(filePath, path.join(folder, 'model')))) return { kind: 'missing' };
    return await analyse({ filePath: 'model', uploadDir: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export const modelAnalyze: JobHandler<'model.analyze'> = async (
  { fileId },
  { prisma, config, log, attempt },
) => {
  const file = await prisma.projectFile.findUnique({
    where: { id: fileId },
    select: {
      id: true,
      filePath: true,
      originalFileName: true,
      deletedAt: true,
      analysisStatus: true,
      analysis: { select: { id: true } },
    },
  });
  if (!file || file.deletedAt) return 'skipped';
  if ((file.analysisStatus === 'ready' || file.analysisStatus === 'rejected') && file.analysis)
    return 'skipped';

  await prisma.projectFile.update({ where: { id: fileId }, data: { analysisStatus: 'analyzing' } });
  const started = performance.now();
  let reply: ThreadReply;
  try {
    reply = await withLocalCopy(config, file.filePath, (local) =>
      analyzeInThread(
        { ...local, fileName: file.originalFileName },
        {
          maxHeapMb: config.ANALYSIS_MAX_HEAP_MB,
          timeoutMs: config.ANALYSIS_TIMEOUT_MS,
          threads: config.ANALYSIS_THREADS,
        },
      ),
    );
  } catch (error) {
    reply = { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  if (reply.kind === 'error') {
    log.error({ fileId, attempt, error: reply.message }, 'model analysis crashed');
    if (attempt < ATTEMPTS_BEFORE_GIVING_UP)
      throw new Error(`model analysis crashed: ${reply.message.split('\n')[0]}`);
  }
  const outcome: AnalysisOutcome =
    reply.kind === 'outcome'
      ? reply.outcome
      : {
          status: 'rejected',
          format: formatFromName(file.originalFileName) ?? 'unknown',
          reason:
            reply.kind === 'missing'
              ? 'The uploaded file is missing from storage; please upload it again'
              : 'We could not analyse this file: our analyser failed on it. Please try another export or contact support',
        };
  const durationMs = Math.round(performance.now() - started);

  const columns =
    outcome.status === 'ready'
      ? analysisColumns(outcome.analysis)
      : {
          ...analysisColumns({
            format: outcome.format,
            ...NO_MESH_METRICS,
            bbox: null,
            fitsBuildVolume: null,
            metadata: {},
          }),
          rejectReason: outcome.reason,
        };
  const data = { ...columns, durationMs, analyzedAt: new Date() };
  await prisma.$transaction([
    prisma.fileAnalysis.upsert({ where: { fileId }, create: { fileId, ...data }, update: data }),
    prisma.projectFile.update({ where: { id: fileId }, data: { analysisStatus: outcome.status } }),
  ]);
  log.info({ fileId, status: outcome.status, format: columns.format, durationMs }, 'model analysed');
  return 'done';
};

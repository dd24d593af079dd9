// Analyses one uploaded design: pending → analyzing → ready (with metrics) or rejected (with a reason
// the customer can act on). A malformed file is an outcome, not a failure, so it is never retried.
import { Prisma } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { lockPrintRequest } from '@printfarm/db/requests/transition';
import { modelFormatFromName } from '@printfarm/domain/upload';
import { type AnalysisOutcome, type ModelAnalysis, NO_MESH_METRICS } from '../geometry/analyze.ts';
import { analyzeInThread, type ThreadReply } from '../geometry/thread.ts';
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
    overhangAreaCm2: analysis.overhangAreaCm2,
    supportVolumeCm3: analysis.supportVolumeCm3,
    fitsBuildVolume: analysis.fitsBuildVolume ?? Prisma.DbNull,
    metadata: analysis.metadata as Prisma.InputJsonValue,
    rejectReason: null,
  };
}

/** A parser fault (not a bad file) is retried a couple of times, then recorded so the file never hangs. */
const ATTEMPTS_BEFORE_GIVING_UP = 3;

export const modelAnalyze: JobHandler<'model.analyze'> = async (
  { fileId },
  { prisma, config, log, attempt, files, metrics },
) => {
  const file = await prisma.projectFile.findUnique({
    where: { id: fileId },
    select: {
      id: true,
      filePath: true,
      originalFileName: true,
      printRequestId: true,
      deletedAt: true,
      fileSize: true,
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
    reply = await files.with(
      file.filePath,
      (local) =>
        analyzeInThread(
          { ...local, fileName: file.originalFileName },
          {
            maxHeapMb: config.ANALYSIS_MAX_HEAP_MB,
            timeoutMs: config.ANALYSIS_TIMEOUT_MS,
            threads: config.ANALYSIS_THREADS,
          },
        ),
      (): ThreadReply => ({ kind: 'missing' }),
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
          format: modelFormatFromName(file.originalFileName) ?? 'unknown',
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
  const inspection = reply.kind === 'outcome' ? (reply.inspection ?? null) : null;
  if (reply.kind === 'outcome' && reply.inspectionError) {
    log.error(
      { fileId, error: reply.inspectionError },
      'model inspection crashed; the analysis stands without it',
    );
  }
  const data = {
    ...columns,
    durationMs,
    analyzedAt: new Date(),
    inspection: inspection ? (inspection as unknown as Prisma.InputJsonValue) : Prisma.DbNull,
    inspectedAt: inspection ? new Date() : null,
  };
  await prisma.$transaction(async (tx) => {
    // The request is locked first, so of several files finishing at once exactly one sees the last done.
    const request = await lockPrintRequest(tx, file.printRequestId);
    await tx.fileAnalysis.upsert({ where: { fileId }, create: { fileId, ...data }, update: data });
    await tx.projectFile.update({ where: { id: fileId }, data: { analysisStatus: outcome.status } });
    if (request?.status !== 'quoting') return;
    const unfinished = await tx.projectFile.count({
      where: {
        printRequestId: request.id,
        deletedAt: null,
        analysisStatus: { in: ['pending', 'analyzing'] },
      },
    });
    // The customer asked for quotes while files were still being checked: now they can be made.
    if (unfinished === 0)
      await recordJob(tx, 'request.quote', { requestId: request.id, round: request.quoteRound });
  });
  if (reply.kind === 'outcome') {
    metrics.analysisDuration.observe({ format: columns.format }, durationMs / 1_000);
    metrics.analysisBytes.inc({ format: columns.format }, file.fileSize);
  }
  log.info(
    {
      fileId,
      status: outcome.status,
      format: columns.format,
      durationMs,
      inspectionMs: inspection?.durationMs,
    },
    'model analysed',
  );
  return 'done';
};

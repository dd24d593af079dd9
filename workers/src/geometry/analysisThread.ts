// Runs inside a worker thread: analyses stored uploads one message at a time and posts each outcome
// back. Keeping parsers in their own thread bounds their heap and means a parser that blows up
// cannot take the worker process down.
import { parentPort, workerData } from 'node:worker_threads';
import { openUpload, type StoredUpload, UploadMissingError } from '../storage/uploads.ts';
import { analyzeModel } from './analyze.ts';
import { inspectModel } from './inspect/inspect.ts';
import { writeSliceableStl } from './inspect/sliceable.ts';
import { ModelRejection } from './reject.ts';
import type { ThreadReply, ThreadTask } from './thread.ts';
import { warmUpAnalysis } from './warmUp.ts';

/** The analysis, and for a ready mesh its inspection, which never costs the file its analysis. */
async function analyzeAndInspect(upload: StoredUpload, fileName: string): Promise<ThreadReply> {
  const outcome = await analyzeModel(upload, fileName);
  if (outcome.status !== 'ready' || outcome.analysis.triangleCount === null)
    return { kind: 'outcome', outcome };
  try {
    return { kind: 'outcome', outcome, inspection: await inspectModel(upload, fileName) };
  } catch (error) {
    const inspectionError = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return { kind: 'outcome', outcome, inspection: null, inspectionError };
  }
}

async function run(request: ThreadTask): Promise<ThreadReply> {
  try {
    const upload = await openUpload(request.filePath, { uploadDir: request.uploadDir });
    if (request.task === 'analyze') return await analyzeAndInspect(upload, request.fileName);
    return { kind: 'copy', copy: await writeSliceableStl(upload, request.fileName, request) };
  } catch (error) {
    if (error instanceof UploadMissingError) return { kind: 'missing' };
    if (error instanceof ModelRejection) return { kind: 'error', message: error.message };
    return {
      kind: 'error',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
}

// A thread the pool keeps ready analyses a model of its own first: a request posted meanwhile waits
// in the port's queue, and then runs on compiled code.
if ((workerData as { warmUp?: boolean } | null)?.warmUp) await warmUpAnalysis();

parentPort?.on('message', async (request: ThreadTask) => {
  parentPort?.postMessage(await run(request));
});

// Runs inside a worker thread: analyses stored uploads one message at a time and posts each outcome
// back. Keeping parsers in their own thread bounds their heap and means a parser that blows up
// cannot take the worker process down.
import { parentPort, workerData } from 'node:worker_threads';
import { openUpload, UploadMissingError } from '../storage/uploads.ts';
import { analyzeModel } from './analyze.ts';
import type { AnalysisRequest, ThreadReply } from './thread.ts';
import { warmUpAnalysis } from './warmUp.ts';

async function run(request: AnalysisRequest): Promise<ThreadReply> {
  try {
    const upload = await openUpload(request.filePath, { uploadDir: request.uploadDir });
    return { kind: 'outcome', outcome: await analyzeModel(upload, request.fileName) };
  } catch (error) {
    if (error instanceof UploadMissingError) return { kind: 'missing' };
    return {
      kind: 'error',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
}

// A thread the pool keeps ready analyses a model of its own first: a request posted meanwhile waits
// in the port's queue, and then runs on compiled code.
if ((workerData as { warmUp?: boolean } | null)?.warmUp) await warmUpAnalysis();

parentPort?.on('message', async (request: AnalysisRequest) => {
  parentPort?.postMessage(await run(request));
});

// After the bytes arrive, the server checks each design (under a second or two): a file it cannot
// print must not be announced as 'Upload Successful'. This waits for those checks on the requests the
// files went into, and says which files were refused and why. A check still running at the deadline
// (a very large file) counts as uploaded; its request page shows the outcome.
import type { QueryClient } from '@tanstack/react-query';
import { type PrintRequestDetail, printRequestQueries } from '../../api/printRequests.ts';
import type { UploadedFile } from './UppyUploader.tsx';

export interface RefusedDesign {
  fileName: string;
  reason: string;
}

const CHECKING = new Set(['pending', 'analyzing']);

export async function refusedDesigns(
  queryClient: QueryClient,
  uploaded: readonly UploadedFile[],
  { timeoutMs = 15_000, intervalMs = 400 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<RefusedDesign[]> {
  const fileIds = new Set(uploaded.flatMap((file) => (file.fileId ? [file.fileId] : [])));
  const requestIds = [
    ...new Set(uploaded.flatMap((file) => (file.printRequestId ? [file.printRequestId] : []))),
  ];
  if (fileIds.size === 0 || requestIds.length === 0) return [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let requests: PrintRequestDetail[];
    try {
      requests = await Promise.all(
        requestIds.map((id) => queryClient.fetchQuery({ ...printRequestQueries.detail(id), staleTime: 0 })),
      );
    } catch {
      // Out of reach (offline, a hiccup): the upload itself did succeed; the request page tells the rest.
      return [];
    }
    const files = requests.flatMap((request) => request.files).filter((file) => fileIds.has(file.id));
    if (!files.some((file) => CHECKING.has(file.analysisStatus)) || Date.now() > deadline) {
      return files
        .filter((file) => file.analysisStatus === 'rejected')
        .map((file) => ({
          fileName: file.fileName,
          reason: file.analysis?.rejectReason ?? 'It could not be read as a printable part.',
        }));
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

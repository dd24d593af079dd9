// The signed-in user's uploaded design files: the list (polled while analyses run), delete, and
// the raw bytes for the 3-D preview.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectFileView, UploadEndpointView } from '../../../api/src/views/index.ts';
import { printRequestKeys } from './printRequests.ts';
import { apiJson, apiRequest, type Outcome } from './request.ts';

export type ProjectFile = ProjectFileView;
export type AnalysisStatus = ProjectFile['analysisStatus'];
export type FileAnalysisView = NonNullable<ProjectFile['analysis']>;

export const projectFileKeys = {
  list: ['/api/project-files'] as const,
};

const isBusy = (file: ProjectFile) =>
  file.analysisStatus === 'pending' || file.analysisStatus === 'analyzing';

export const projectFileQueries = {
  /** Re-reads every second while any file is still being analysed, so results appear within seconds. */
  list: () =>
    queryOptions<ProjectFile[]>({
      queryKey: projectFileKeys.list,
      refetchInterval: (query) => ((query.state.data ?? []).some(isBusy) ? 1_000 : false),
    }),
};

/** The stored bytes of a file (for the 3-D preview), through the owner-only download route. */
export async function fetchFileBytes(file: Pick<ProjectFile, 'downloadUrl'>, signal?: AbortSignal) {
  const response = await fetch(file.downloadUrl, { credentials: 'include', signal });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return response.arrayBuffer();
}

export function useDeleteProjectFile(outcome: Outcome<ProjectFile> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: ProjectFile) => {
      await apiRequest('DELETE', `/api/project-files/${file.id}`);
      return file;
    },
    onSuccess: (file) => {
      void queryClient.invalidateQueries({ queryKey: projectFileKeys.list });
      void queryClient.invalidateQueries({ queryKey: printRequestKeys.all });
      outcome.onSuccess?.(file);
    },
    onError: (error) => outcome.onError?.(error),
  });
}

/** After uploads finish: re-read the file list and the requests they landed in. */
export function invalidateUploads(queryClient: ReturnType<typeof useQueryClient>): void {
  void queryClient.invalidateQueries({ queryKey: projectFileKeys.list });
  void queryClient.invalidateQueries({ queryKey: printRequestKeys.all });
}

/** POST /api/objects/upload: the tus endpoint the uploader sends files to. */
export async function fetchUploadEndpoint(): Promise<string> {
  const answer = await apiJson<UploadEndpointView>('POST', '/api/objects/upload');
  // The PWA and the API share one origin (first-party cookies, CSP 'self'); PUBLIC_URL may name another
  // host for the same server (a proxy, 127.0.0.1 vs localhost), so keep the path on this origin.
  return new URL(answer.uploadURL, window.location.origin).pathname;
}

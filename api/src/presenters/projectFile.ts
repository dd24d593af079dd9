// A project file as its owner sees it: the upload, its analysis status and the measured metrics.
import type { FileAnalysis, ProjectFile } from '@printfarm/db';

export type ProjectFileWithAnalysis = ProjectFile & { analysis: FileAnalysis | null };

function presentAnalysis(analysis: FileAnalysis) {
  return {
    format: analysis.format,
    triangleCount: analysis.triangleCount,
    boundingBoxMm:
      analysis.bboxXMm === null || analysis.bboxYMm === null || analysis.bboxZMm === null
        ? null
        : { x: analysis.bboxXMm, y: analysis.bboxYMm, z: analysis.bboxZMm },
    volumeCm3: analysis.volumeCm3,
    surfaceAreaCm2: analysis.surfaceAreaCm2,
    shellCount: analysis.shellCount,
    openEdgeCount: analysis.openEdgeCount,
    nonManifoldEdgeCount: analysis.nonManifoldEdgeCount,
    watertight: analysis.watertight,
    invertedNormals: analysis.invertedNormals,
    fitsBuildVolume: analysis.fitsBuildVolume,
    metadata: analysis.metadata,
    rejectReason: analysis.rejectReason,
    durationMs: analysis.durationMs,
    analyzedAt: analysis.analyzedAt.toISOString(),
  };
}

export function presentProjectFile(file: ProjectFileWithAnalysis) {
  return {
    id: file.id,
    printRequestId: file.printRequestId,
    fileName: file.fileName,
    originalFileName: file.originalFileName,
    fileType: file.fileType,
    fileSize: file.fileSize,
    sha256: file.sha256,
    isMainFile: file.isMainFile,
    analysisStatus: file.analysisStatus,
    uploadedAt: file.uploadedAt.toISOString(),
    downloadUrl: `/api/project-files/${file.id}/download`,
    analysis: file.analysis ? presentAnalysis(file.analysis) : null,
  };
}

export type ProjectFileView = ReturnType<typeof presentProjectFile>;

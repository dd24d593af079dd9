// A project file as its owner sees it: the upload, its analysis status and the measured metrics, in
// real millimetres for the unit the customer confirmed (the stored numbers are as parsed).
import type { FileAnalysis, ProjectFile } from '@printfarm/db';
import { TECHNOLOGIES, technologiesThatFit } from '@printfarm/domain/printerCatalogue';
import { familiarSize, isUnits, scaleMetrics, suggestUnits } from '@printfarm/domain/units';

export type ProjectFileWithAnalysis = ProjectFile & { analysis: FileAnalysis | null };

function rawBox(analysis: FileAnalysis) {
  return analysis.bboxXMm === null || analysis.bboxYMm === null || analysis.bboxZMm === null
    ? null
    : { x: analysis.bboxXMm, y: analysis.bboxYMm, z: analysis.bboxZMm };
}

function presentAnalysis(analysis: FileAnalysis) {
  const units = isUnits(analysis.units) ? analysis.units : 'mm';
  const raw = {
    bbox: rawBox(analysis),
    volumeCm3: analysis.volumeCm3,
    surfaceAreaCm2: analysis.surfaceAreaCm2,
    overhangAreaCm2: analysis.overhangAreaCm2,
    supportVolumeCm3: analysis.supportVolumeCm3,
  };
  const real = scaleMetrics(raw, units);
  const fitting = real.bbox ? new Set(technologiesThatFit(real.bbox)) : null;
  return {
    format: analysis.format,
    units,
    suggestedUnits: suggestUnits(raw.bbox, units),
    triangleCount: analysis.triangleCount,
    boundingBoxMm: real.bbox,
    familiarSize: real.bbox ? familiarSize(real.bbox) : null,
    volumeCm3: real.volumeCm3,
    surfaceAreaCm2: real.surfaceAreaCm2,
    overhangAreaCm2: real.overhangAreaCm2,
    supportVolumeCm3: real.supportVolumeCm3,
    shellCount: analysis.shellCount,
    openEdgeCount: analysis.openEdgeCount,
    nonManifoldEdgeCount: analysis.nonManifoldEdgeCount,
    watertight: analysis.watertight,
    invertedNormals: analysis.invertedNormals,
    fitsBuildVolume: fitting
      ? Object.fromEntries(TECHNOLOGIES.map((technology) => [technology, fitting.has(technology)]))
      : analysis.fitsBuildVolume,
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
    quantity: file.quantity,
    analysisStatus: file.analysisStatus,
    uploadedAt: file.uploadedAt.toISOString(),
    downloadUrl: `/api/project-files/${file.id}/download`,
    analysis: file.analysis ? presentAnalysis(file.analysis) : null,
  };
}

export type ProjectFileView = ReturnType<typeof presentProjectFile>;

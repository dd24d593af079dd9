// A project file as its owner sees it: the upload, its analysis status and the measured metrics, in
// real millimetres for the unit the customer confirmed (the stored numbers are as parsed).

import type { FileAnalysis } from '@printfarm/db';
import { findingsOf, inspectionOf, type PrintabilityContext } from '@printfarm/db/printability';
import { chooseOrientation } from '@printfarm/domain/orientation';
import { type Finding, unitEvidence } from '@printfarm/domain/printability';
import { largestBuildVolume, TECHNOLOGIES, technologiesThatFit } from '@printfarm/domain/printerCatalogue';
import { familiarSize, isUnits, scaleMetrics, suggestUnits, type Units } from '@printfarm/domain/units';
import type { ProjectFileWithAnalysis } from '../services/projectFiles.ts';

/** What a file's findings are judged against: its request's technology and the network. */
export interface FileJudgement {
  technology: string | null;
  context: PrintabilityContext;
}

/** The orientation the part is printed (and previewed) in: least support on the network's largest printer. */
function printOrientation(analysis: FileAnalysis, units: Units, { technology, context }: FileJudgement) {
  const printers = context.network.filter((printer) => printer.technology === (technology ?? 'FFF/FDM'));
  const bed = largestBuildVolume(printers.map((printer) => printer.size));
  const chosen = chooseOrientation(inspectionOf(analysis), units, bed);
  return chosen ? { key: chosen.key, rotation: chosen.rotation, boundingBoxMm: chosen.bboxMm } : null;
}

function rawBox(analysis: FileAnalysis) {
  return analysis.bboxXMm === null || analysis.bboxYMm === null || analysis.bboxZMm === null
    ? null
    : { x: analysis.bboxXMm, y: analysis.bboxYMm, z: analysis.bboxZMm };
}

function presentAnalysis(analysis: FileAnalysis, findings: Finding[], judgement: FileJudgement) {
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
    suggestedUnits: suggestUnits(raw.bbox, units, unitEvidence(analysis.volumeCm3, inspectionOf(analysis))),
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
    /** What the customer must know before ordering, blocking ones first (domain/printability.ts). */
    findings,
    printOrientation: printOrientation(analysis, units, judgement),
    inspected: analysis.inspectedAt !== null,
    rejectReason: analysis.rejectReason,
    durationMs: analysis.durationMs,
    analyzedAt: analysis.analyzedAt.toISOString(),
  };
}

export function presentProjectFile(file: ProjectFileWithAnalysis, judgement: FileJudgement) {
  const findings = findingsOf(file, judgement.technology, judgement.context);
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
    /** The customer chose to print it as it is despite its warnings. */
    printAsIs: file.printAsIsAt !== null,
    analysisStatus: file.analysisStatus,
    uploadedAt: file.uploadedAt.toISOString(),
    downloadUrl: `/api/project-files/${file.id}/download`,
    analysis: file.analysis ? presentAnalysis(file.analysis, findings, judgement) : null,
  };
}

export type ProjectFileView = ReturnType<typeof presentProjectFile>;

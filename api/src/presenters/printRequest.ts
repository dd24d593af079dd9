// Print requests as the customer dashboard shows them; money as decimal strings.
import type { RequestStatusHistory } from '@printfarm/db';
import type { PrintRequestDetailRow, PrintRequestListRow } from '../services/printRequests.ts';
import { presentProjectFile } from './projectFile.ts';

function presentStatusChange(change: RequestStatusHistory) {
  return {
    id: change.id,
    fromStatus: change.fromStatus,
    toStatus: change.toStatus,
    note: change.note,
    createdAt: change.createdAt.toISOString(),
  };
}

function presentRequestFields(request: PrintRequestListRow | PrintRequestDetailRow) {
  return {
    id: request.id,
    title: request.title,
    description: request.description,
    status: request.status,
    priority: request.priority,
    quantity: request.quantity,
    budget: request.budget?.toFixed(2) ?? null,
    deadline: request.deadline?.toISOString() ?? null,
    quotedPrice: request.quotedPrice?.toFixed(2) ?? null,
    finalPrice: request.finalPrice?.toFixed(2) ?? null,
    estimatedCompletionTime: request.estimatedCompletionTime,
    assignedFarmId: request.assignedFarmId,
    progress: progressOf(request.specifications),
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    statusHistory: request.statusHistory.map(presentStatusChange),
  };
}

/** Print progress (0-100) a farm reports into the request's specifications while printing. */
function progressOf(specifications: unknown): number | null {
  if (typeof specifications !== 'object' || specifications === null) return null;
  const progress = (specifications as { progress?: unknown }).progress;
  return typeof progress === 'number' && progress >= 0 && progress <= 100 ? Math.round(progress) : null;
}

export function presentPrintRequestSummary(request: PrintRequestListRow) {
  return { ...presentRequestFields(request), fileCount: request._count.files };
}

export function presentPrintRequest(request: PrintRequestDetailRow) {
  return {
    ...presentRequestFields(request),
    fileCount: request.files.length,
    notes: request.notes,
    files: request.files.map(presentProjectFile),
  };
}

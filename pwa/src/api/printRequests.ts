// The signed-in customer's print requests (drafts included) and one request with its files.
import { queryOptions } from '@tanstack/react-query';
import type { ProjectFile } from './projectFiles.ts';

export interface StatusChange {
  id: string;
  fromStatus: string | null;
  toStatus: string;
  note: string | null;
  createdAt: string;
}

export interface PrintRequestSummary {
  id: string;
  title: string;
  description: string | null;
  status: string;
  priority: string;
  quantity: number;
  budget: string | null;
  deadline: string | null;
  quotedPrice: string | null;
  finalPrice: string | null;
  estimatedCompletionTime: number | null;
  assignedFarmId: string | null;
  progress: number | null;
  createdAt: string;
  updatedAt: string;
  fileCount: number;
  statusHistory: StatusChange[];
}

export interface PrintRequestDetail extends PrintRequestSummary {
  notes: string | null;
  files: ProjectFile[];
}

export const printRequestKeys = {
  all: ['/api/print-requests'] as const,
  detail: (id: string) => ['/api/print-requests', id] as const,
};

export const printRequestQueries = {
  list: () => queryOptions<PrintRequestSummary[]>({ queryKey: printRequestKeys.all }),
  detail: (id: string) => queryOptions<PrintRequestDetail>({ queryKey: printRequestKeys.detail(id) }),
};

export const CLOSED_STATUSES = ['completed', 'cancelled'] as const;

export function isClosed(status: string): boolean {
  return (CLOSED_STATUSES as readonly string[]).includes(status);
}

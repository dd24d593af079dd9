// Small display helpers for project files: sizes, analysis status badges, metric formatting.
import type { AnalysisStatus } from '../../api/projectFiles.ts';
import { Badge, type BadgeVariant } from '../ui/badge.tsx';

export { formatBytes } from '@printfarm/domain/upload';

const BADGES: Record<AnalysisStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'yellow' },
  analyzing: { label: 'Analyzing', variant: 'blue' },
  ready: { label: 'Ready', variant: 'green' },
  rejected: { label: 'Rejected', variant: 'red' },
};

export function AnalysisBadge({ status }: { status: AnalysisStatus }) {
  const badge = BADGES[status];
  return (
    <Badge variant={badge.variant} className="analysis-badge" data-status={status}>
      {badge.label}
    </Badge>
  );
}

const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const integer = new Intl.NumberFormat();

export function formatNumber(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined) return '—';
  return digits === 0 ? integer.format(value) : number.format(Number(value.toFixed(digits)));
}

// Small pieces the inbox and the job screen both show: the state badge and the one-line facts.
import type { JobState } from '@printfarm/domain/printJob';
import type { OperatorJob } from '../../api/operator.ts';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';
import { parts } from './format.ts';

const STATE_BADGES: Record<JobState, BadgeVariant> = {
  offered: 'default',
  countered: 'purple',
  accepted: 'blue',
  printing: 'yellow',
  shipped: 'green',
  delivered: 'green',
  declined: 'secondary',
  expired: 'secondary',
  refused: 'secondary',
  cancelled: 'red',
};

export function JobStateBadge({ job }: { job: Pick<OperatorJob, 'state' | 'stateLabel'> }) {
  return (
    <Badge variant={STATE_BADGES[job.state as JobState] ?? 'secondary'} className="op-state-badge">
      {job.stateLabel}
    </Badge>
  );
}

/** 'FFF/FDM · PETG · Black · 4 parts'. */
export function jobChoices(job: OperatorJob): string {
  return [job.technology, job.material, job.color, parts(job.parts)].filter(Boolean).join(' · ');
}

/** 'Austin, TX 78701'. */
export function shipToText(job: OperatorJob): string {
  const { city, state, zip } = job.shipTo;
  const place = [city, state].filter(Boolean).join(', ');
  return [place, zip].filter(Boolean).join(' ') || '—';
}

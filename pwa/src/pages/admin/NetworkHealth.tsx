// Two cards under the Admin Dashboard's farm table: every farm's scorecard in one compact table, and
// how far the stage-1 estimator drifts from PrusaSlicer. A refused or failed load shows nothing here:
// the page above already says what went wrong.
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  adminNetworkQueries,
  type EstimatorAccuracy as EstimatorAccuracyView,
  type ManufacturingNode,
  type SliceComparison,
} from '../../api/adminNetwork.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cx } from '../../lib/cx.ts';
import { duration, percent } from '../operator/format.ts';
import { PROBATION_LABEL, ratingText } from '../operator/Scorecard.tsx';
import './networkHealth.css';
import { TitledCard } from '../../components/ui/card.tsx';

const FIRST_ROWS = 5;
const whenFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** The desk's tables: a caption (for screen readers, unless shown), column headings, then the rows. */
function HealthTable({
  caption,
  captionShown = false,
  columns,
  className,
  children,
}: {
  caption: string;
  captionShown?: boolean;
  columns: readonly string[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="health-table-wrap">
      <table className={cx('health-table', className)}>
        <caption className={captionShown ? 'health-table__caption' : 'sr-only'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the headings are fixed, and two may read the same (Error).
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Busiest first: the farms whose record matters most right now. */
function byRecentJobs(a: ManufacturingNode, b: ManufacturingNode): number {
  return (
    (b.scorecard.jobsLast90Days ?? 0) - (a.scorecard.jobsLast90Days ?? 0) || a.name.localeCompare(b.name)
  );
}

/** A farm with something to show: ratings, routed jobs or recent jobs. */
function hasRecord(node: ManufacturingNode): boolean {
  const card = node.scorecard;
  return card.ratingCount > 0 || card.routedJobs > 0 || (card.jobsLast90Days ?? 0) > 0;
}

export function FarmScorecards() {
  const nodes = useQuery(adminNetworkQueries.nodes());
  const [showAll, setShowAll] = useState(false);
  if (!nodes.data || nodes.data.length === 0) return null;
  const sorted = nodes.data.filter(hasRecord).sort(byRecentJobs);
  const withoutRecord = nodes.data.length - sorted.length;
  const shown = showAll ? sorted : sorted.slice(0, FIRST_ROWS);
  return (
    <TitledCard
      title="Farm scorecards"
      description={
        <>
          Busiest farms first. Offers rank farms by this record; each farm’s card is on{' '}
          <Link to="/admin/nodes">Nodes</Link>.
          {withoutRecord > 0 &&
            ` ${withoutRecord} new ${withoutRecord === 1 ? 'farm has' : 'farms have'} no record yet.`}
        </>
      }
    >
      {sorted.length === 0 ? (
        <p className="health-table__muted">
          No farm has a record yet: scorecards fill in as farms answer, ship and get rated.
        </p>
      ) : (
        <HealthTable
          caption="Farm scorecards"
          columns={['Farm', 'Rating', 'On time', 'Declined', 'Response', 'Jobs (90 d)']}
        >
          {shown.map((node) => (
            <tr key={node.id}>
              <th scope="row">
                <span className="health-table__name">{node.name}</span>
                <span className="health-table__muted">
                  {node.location}, {node.state}
                  {node.scorecard.onProbation && <> · {PROBATION_LABEL}</>}
                </span>
              </th>
              <td data-label="Rating">
                {ratingText(node.scorecard)}
                {node.scorecard.rating !== null && (
                  <span className="health-table__muted"> ({node.scorecard.ratingCount})</span>
                )}
              </td>
              <td data-label="On time">{percent(node.scorecard.onTimeRate)}</td>
              <td data-label="Declined">{percent(node.scorecard.declineRate)}</td>
              <td data-label="Response">{duration(node.scorecard.medianResponseMinutes)}</td>
              <td data-label="Jobs (90 d)">{node.scorecard.jobsLast90Days ?? '—'}</td>
            </tr>
          ))}
        </HealthTable>
      )}
      {sorted.length > FIRST_ROWS && (
        <Button variant="outline" size="sm" className="health-more" onClick={() => setShowAll(!showAll)}>
          {showAll ? 'Show fewer' : `Show all ${sorted.length} farms`}
        </Button>
      )}
    </TitledCard>
  );
}

/** '+12.3%' (estimate above the slicer) or '−4.0%'. */
function signedPercent(value: number | null): string {
  if (value === null) return '—';
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(1)}%`;
}

function ErrorCell({ value, label }: { value: number | null; label: string }) {
  const size = value === null ? 0 : Math.abs(value);
  return (
    <td data-label={label} className={cx('health-table__error', size >= 25 && 'health-table__error--far')}>
      {signedPercent(value)}
    </td>
  );
}

/** 5025 → '1 h 24 min'. */
function printTime(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function SliceRow({ slice }: { slice: SliceComparison }) {
  const ok = slice.status === 'ok';
  return (
    <tr>
      <th scope="row">
        <span className="health-table__name health-table__mono">{slice.file}</span>
        <span className="health-table__muted">
          {slice.profileKey} · {slice.units} · {whenFormat.format(new Date(slice.createdAt))}
        </span>
      </th>
      {ok ? (
        <>
          <td data-label="Print time">
            {printTime(slice.printSeconds)}
            <span className="health-table__muted"> est. {printTime(slice.estimatedSeconds)}</span>
          </td>
          <ErrorCell value={slice.timeErrorPercent} label="Time error" />
          <td data-label="Filament">
            {slice.filamentCm3 === null ? '—' : `${slice.filamentCm3.toFixed(1)} cm³`}
            <span className="health-table__muted">
              {' '}
              est. {slice.estimatedCm3 === null ? '—' : `${slice.estimatedCm3.toFixed(1)} cm³`}
            </span>
          </td>
          <ErrorCell value={slice.materialErrorPercent} label="Material error" />
        </>
      ) : (
        <td colSpan={4} data-label="Result">
          <Badge variant="red">{slice.status}</Badge>{' '}
          <span className="health-table__muted">{slice.reason ?? 'No reason recorded'}</span>
        </td>
      )}
    </tr>
  );
}

export function EstimatorAccuracy() {
  const estimator = useQuery(adminNetworkQueries.estimator());
  if (!estimator.data) return null;
  const { summary, slices, models } = estimator.data;
  const stats = [
    ['Median time error', percentOrDash(summary.medianTimeErrorPercent)],
    ['Median material error', percentOrDash(summary.medianMaterialErrorPercent)],
    ['Files sliced', String(summary.sliced)],
    ['Slices failed', String(summary.failed)],
  ];
  return (
    <TitledCard
      title="Estimator accuracy"
      description={
        <>
          How far the first, geometry-only estimates of print time and filament drift from PrusaSlicer on the
          same files, over the latest slices. A + means the estimate was high; 25 % or more is shown in red.
        </>
      }
      contentClassName="health-estimator"
    >
      <dl className="health-stats">
        {stats.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <EstimatorModels models={models} />
      {slices.length === 0 ? (
        <p className="health-table__muted">
          No files sliced yet: slices appear when customers ask for quotes on FDM parts.
        </p>
      ) : (
        <HealthTable caption="Recent slices" columns={['File', 'Print time', 'Error', 'Filament', 'Error']}>
          {slices.slice(0, FIRST_ROWS).map((slice) => (
            <SliceRow key={slice.id} slice={slice} />
          ))}
        </HealthTable>
      )}
    </TitledCard>
  );
}

type EstimatorModelRow = EstimatorAccuracyView['models'][number];

/** Each slicing profile's model: the network's own fit or the committed defaults, and its held-out error. */
function EstimatorModels({ models }: { models: readonly EstimatorModelRow[] }) {
  return (
    <HealthTable
      className="health-table--models"
      caption="The model each profile is estimated with, and how far off it is on parts it was not fitted on"
      captionShown
      columns={['Profile', 'Fitted on', 'Hours, median', 'Hours, worst', 'Filament, median']}
    >
      {models.map((model) => (
        <tr key={model.profileKey}>
          <th scope="row">{model.profileKey}</th>
          <td data-label="Fitted on">
            {model.source === 'network' ? 'Network slices' : 'Built-in'}{' '}
            <span className="health-table__muted">({model.parts} parts)</span>
          </td>
          <td data-label="Hours, median">{percentOrDash(model.heldOutHoursMedianPercent)}</td>
          <td data-label="Hours, worst">{percentOrDash(model.heldOutHoursWorstPercent)}</td>
          <td data-label="Filament, median">{percentOrDash(model.heldOutFilamentMedianPercent)}</td>
        </tr>
      ))}
    </HealthTable>
  );
}

function percentOrDash(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)}%`;
}

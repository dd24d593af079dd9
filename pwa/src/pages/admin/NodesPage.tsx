// /admin/nodes, 'Activate Manufacturing Nodes': every farm as a compact row with a switch that persists
// and its details (operator, jobs, scorecard, status) a tap away; search and filters narrow the list.
import { canActivateNode, NODE_STATUSES, type NodeStatus } from '@printfarm/domain/network';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminNetworkQueries, type ManufacturingNode, useUpdateNode } from '../../api/adminNetwork.ts';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { LabelledInput } from '../../components/ui/labelledControl.tsx';
import { LabelledSelect } from '../../components/ui/labelledSelect.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { ProbationBadge, ScorecardFacts } from '../operator/Scorecard.tsx';
import { filterNodes, NO_NODE_FILTERS, type NodeActivity, type NodeFilters } from './nodeFilters.ts';
import { StaffScreen, staffPage } from './StaffScreen.tsx';
import './staff.css';

const STATUS_BADGE: Record<NodeStatus, BadgeVariant> = {
  online: 'green',
  offline: 'red',
  maintenance: 'yellow',
  setup: 'blue',
};
const STATUS_OPTIONS = NODE_STATUSES.map((status) => ({
  value: status,
  label: status.charAt(0).toUpperCase() + status.slice(1),
}));

function Summary({ nodes }: { nodes: ManufacturingNode[] }) {
  const active = nodes.filter((node) => node.isActive);
  const printers = nodes.reduce((sum, node) => sum + node.printerCount, 0);
  const activePrinters = active.reduce((sum, node) => sum + node.printerCount, 0);
  const jobs = nodes.reduce((sum, node) => sum + node.currentJobs, 0);
  const utilization = nodes.length
    ? Math.round(nodes.reduce((sum, node) => sum + node.utilizationRate, 0) / nodes.length)
    : 0;
  const cards = [
    ['Active Nodes', String(active.length)],
    ['Active Printers', `${activePrinters}/${printers}`],
    ['Active Jobs', String(jobs)],
    ['Avg Utilization', `${utilization}%`],
  ];
  return (
    <div className="staff-stats">
      {cards.map(([label, value]) => (
        <Card key={label}>
          <CardContent>
            <p className="staff-stats__label">{label}</p>
            <p className="staff-stats__value">{value}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** One node as a compact row: name, state and the switch up front, the rest behind 'Details'. */
function NodeRow({ node }: { node: ManufacturingNode }) {
  const updateNode = useUpdateNode();
  const switchable = canActivateNode(node.status);
  const save = (update: Parameters<typeof updateNode.mutate>[0]['update'], done: string) =>
    updateNode.mutate(
      { id: node.id, update },
      {
        onSuccess: () => toast({ title: 'Node updated', description: done }),
        ...toastOnFailure('Error'),
      },
    );
  const switchId = `node-active-${node.id}`;
  return (
    <li className={node.isActive ? 'node-row node-row--active' : 'node-row'} aria-label={node.name}>
      <div className="node-row__title">
        <h2 className="node-row__name">{node.name}</h2>
        <Badge variant={STATUS_BADGE[node.status]}>{node.status}</Badge>
      </div>
      <div className="node-row__switch">
        <label htmlFor={switchId}>{node.isActive ? 'Active' : 'Inactive'}</label>
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          className="switch"
          checked={node.isActive}
          disabled={!switchable || updateNode.isPending}
          aria-checked={node.isActive}
          onChange={(event) =>
            save(
              { isActive: event.target.checked },
              `${node.name} is ${event.target.checked ? 'now accepting orders' : 'no longer accepting orders'}.`,
            )
          }
        />
      </div>
      <p className="node-row__facts">
        {node.location}, {node.state} · {node.printerCount} printers · {node.currentJobs} jobs ·{' '}
        {node.utilizationRate}% used
        {node.scorecard.onProbation && <span className="node-row__probation"> · on probation</span>}
      </p>
      {node.isActive && (
        <p className="node-row__routing">
          Accepting geographic orders · Orders within {node.coverageRadius} miles will be routed to this node
        </p>
      )}
      <details className="node-row__details">
        <summary>Details</summary>
        <dl className="node-card__facts">
          <dt>Operator</dt>
          <dd>
            {node.operatorName} · <a href={`mailto:${node.operatorEmail}`}>{node.operatorEmail}</a>
          </dd>
          <dt>Jobs</dt>
          <dd>
            {node.currentJobs} current · {node.completedJobs} completed
          </dd>
          <dt>Avg print time</dt>
          <dd>{node.avgPrintTime === null ? '—' : `${node.avgPrintTime} h`}</dd>
          <dt>Monthly capacity</dt>
          <dd>{node.monthlyCapacity.toLocaleString()} parts</dd>
          <dt>Last online</dt>
          <dd>{new Date(node.lastOnline).toLocaleString()}</dd>
        </dl>
        <section className="node-card__scorecard" aria-label={`${node.name} scorecard`}>
          <div className="node-row__subhead">
            <h3>Scorecard</h3>
            <ProbationBadge scorecard={node.scorecard} />
          </div>
          <ScorecardFacts scorecard={node.scorecard} compact />
        </section>
        <label className="node-card__status" htmlFor={`node-status-${node.id}`}>
          Status
          <Select
            id={`node-status-${node.id}`}
            value={node.status}
            options={STATUS_OPTIONS}
            disabled={updateNode.isPending}
            onChange={(event) =>
              save({ status: event.target.value as NodeStatus }, `${node.name} is now ${event.target.value}.`)
            }
          />
        </label>
      </details>
    </li>
  );
}

const ACTIVITY_OPTIONS: { value: NodeActivity; label: string }[] = [
  { value: 'all', label: 'All nodes' },
  { value: 'active', label: 'Accepting orders' },
  { value: 'inactive', label: 'Not accepting orders' },
  { value: 'probation', label: 'On probation' },
];
const FILTERS = [
  { key: 'status', label: 'Status', options: [{ value: 'all', label: 'Any status' }, ...STATUS_OPTIONS] },
  { key: 'activity', label: 'Show', options: ACTIVITY_OPTIONS },
] as const;

/** Search and filters above the list, with how many nodes they leave. */
function NodeToolbar({
  filters,
  onChange,
  shown,
  total,
}: {
  filters: NodeFilters;
  onChange: (filters: NodeFilters) => void;
  shown: number;
  total: number;
}) {
  return (
    <div className="node-toolbar">
      <LabelledInput
        className="node-toolbar__search"
        label="Search nodes"
        type="search"
        placeholder="Name, city, state or operator"
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.target.value })}
      />
      {FILTERS.map((filter) => (
        <LabelledSelect
          key={filter.key}
          className="node-toolbar__filter"
          label={filter.label}
          value={filters[filter.key]}
          options={filter.options}
          // The options are the filter's own values.
          onChange={(event) => onChange({ ...filters, [filter.key]: event.target.value } as NodeFilters)}
        />
      ))}
      <p className="node-toolbar__count" aria-live="polite">
        {shown === total ? `${total} nodes` : `${shown} of ${total} nodes`}
      </p>
    </div>
  );
}

function NodesScreen() {
  const nodes = useQuery(adminNetworkQueries.nodes());
  const [filters, setFilters] = useState(NO_NODE_FILTERS);
  const list = nodes.data ?? [];
  const shown = filterNodes(list, filters);
  return (
    <StaffScreen
      title="Activate Manufacturing Nodes"
      aside={
        nodes.data && (
          <p className="staff-page__counter">
            {list.filter((node) => node.isActive).length} of {list.length} nodes active
          </p>
        )
      }
      error={nodes.error}
      errorText="Error loading nodes"
    >
      {nodes.isPending ? (
        <div className="staff-stats">
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} className="staff-skeleton" />
          ))}
        </div>
      ) : (
        nodes.isSuccess && (
          <>
            <Summary nodes={list} />
            {list.length === 0 ? (
              <p className="staff-page__empty">No nodes yet: print farms appear here once they register.</p>
            ) : (
              <>
                <NodeToolbar
                  filters={filters}
                  onChange={setFilters}
                  shown={shown.length}
                  total={list.length}
                />
                {shown.length === 0 ? (
                  <p className="staff-page__empty">
                    No node matches.{' '}
                    <Button variant="link" onClick={() => setFilters(NO_NODE_FILTERS)}>
                      Clear the filters
                    </Button>
                  </p>
                ) : (
                  <ul className="node-list" aria-label="Nodes">
                    {shown.map((node) => (
                      <NodeRow key={node.id} node={node} />
                    ))}
                  </ul>
                )}
              </>
            )}
          </>
        )
      )}
    </StaffScreen>
  );
}

export default staffPage(NodesScreen);

// /admin/nodes, 'Activate Manufacturing Nodes': every farm as a node with its scorecard, and a switch
// that persists.
import { canActivateNode, NODE_STATUSES, type NodeStatus } from '@printfarm/domain/network';
import { useQuery } from '@tanstack/react-query';
import { adminNetworkQueries, type ManufacturingNode, useUpdateNode } from '../../api/adminNetwork.ts';
import { errorMessage } from '../../api/request.ts';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Container } from '../../components/ui/layout.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { isUnauthorized, useRedirectOnUnauthorized } from '../../lib/useRedirectOnUnauthorized.ts';
import { ProbationBadge, ScorecardFacts } from '../operator/Scorecard.tsx';
import { SiteLayout } from '../SiteLayout.tsx';
import { StaffNav } from './StaffNav.tsx';
import { StaffOnly } from './StaffOnly.tsx';
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

function NodeCard({ node }: { node: ManufacturingNode }) {
  const updateNode = useUpdateNode();
  const switchable = canActivateNode(node.status);
  const save = (update: Parameters<typeof updateNode.mutate>[0]['update'], done: string) =>
    updateNode.mutate(
      { id: node.id, update },
      {
        onSuccess: () => toast({ title: 'Node updated', description: done }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to update node'),
            variant: 'destructive',
          }),
      },
    );
  const switchId = `node-active-${node.id}`;
  return (
    <Card className={node.isActive ? 'node-card node-card--active' : 'node-card'}>
      <CardHeader>
        <div className="node-card__title">
          <CardTitle>{node.name}</CardTitle>
          <Badge variant={STATUS_BADGE[node.status]}>{node.status}</Badge>
        </div>
        <p className="node-card__place">
          {node.location}, {node.state}
        </p>
      </CardHeader>
      <CardContent>
        <div className="node-card__switch">
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
        {node.isActive && (
          <div className="node-card__routing">
            <p>Accepting geographic orders</p>
            <p>Orders within {node.coverageRadius} miles will be routed to this node</p>
          </div>
        )}
        <dl className="node-card__facts">
          <dt>Operator</dt>
          <dd>
            {node.operatorName} · <a href={`mailto:${node.operatorEmail}`}>{node.operatorEmail}</a>
          </dd>
          <dt>Printers</dt>
          <dd>{node.printerCount}</dd>
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
          <div className="node-card__scorecard-head">
            <h3>Scorecard</h3>
            <ProbationBadge scorecard={node.scorecard} />
          </div>
          <ScorecardFacts scorecard={node.scorecard} compact />
        </section>
        <progress className="node-card__utilization" max={100} value={node.utilizationRate}>
          {node.utilizationRate}%
        </progress>
        <p className="node-card__utilization-label">{node.utilizationRate}% utilized</p>
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
      </CardContent>
    </Card>
  );
}

export default function NodesPage() {
  return <StaffOnly>{() => <NodesScreen />}</StaffOnly>;
}

function NodesScreen() {
  const nodes = useQuery(adminNetworkQueries.nodes());
  useRedirectOnUnauthorized(nodes.error);
  const list = nodes.data ?? [];
  return (
    <SiteLayout>
      <Container className="staff-page">
        <StaffNav />
        <header className="staff-page__header">
          <h1>Activate Manufacturing Nodes</h1>
          {nodes.data && (
            <p className="staff-page__counter">
              {list.filter((node) => node.isActive).length} of {list.length} nodes active
            </p>
          )}
        </header>
        {nodes.isPending ? (
          <div className="staff-stats">
            {[1, 2, 3, 4].map((n) => (
              <Skeleton key={n} className="staff-skeleton" />
            ))}
          </div>
        ) : nodes.isError ? (
          !isUnauthorized(nodes.error) && (
            <p className="staff-page__error">{errorMessage(nodes.error, 'Error loading nodes')}</p>
          )
        ) : (
          <>
            <Summary nodes={list} />
            {list.length === 0 ? (
              <p className="staff-page__empty">No nodes yet: print farms appear here once they register.</p>
            ) : (
              <div className="node-grid">
                {list.map((node) => (
                  <NodeCard key={node.id} node={node} />
                ))}
              </div>
            )}
          </>
        )}
      </Container>
    </SiteLayout>
  );
}

// What staff narrow the nodes list by: words in the farm's name, place or operator, its status, whether
// it takes orders, and whether it is on probation.
import type { NodeStatus } from '@printfarm/domain/network';
import type { ManufacturingNode } from '../../api/adminNetwork.ts';
import { hasEveryWord } from './farmTable.ts';

export type NodeActivity = 'all' | 'active' | 'inactive' | 'probation';

export interface NodeFilters {
  search: string;
  status: NodeStatus | 'all';
  activity: NodeActivity;
}

export const NO_NODE_FILTERS: NodeFilters = { search: '', status: 'all', activity: 'all' };

type FilteredNode = Pick<
  ManufacturingNode,
  'name' | 'location' | 'state' | 'operatorName' | 'operatorEmail' | 'status' | 'isActive'
> & { scorecard: Pick<ManufacturingNode['scorecard'], 'onProbation'> };

/** The nodes that contain every word searched and match the status and activity chosen. */
export function filterNodes<N extends FilteredNode>(nodes: readonly N[], filters: NodeFilters): N[] {
  return nodes.filter((node) => {
    if (filters.status !== 'all' && node.status !== filters.status) return false;
    if (filters.activity === 'active' && !node.isActive) return false;
    if (filters.activity === 'inactive' && node.isActive) return false;
    if (filters.activity === 'probation' && !node.scorecard.onProbation) return false;
    return hasEveryWord(
      [node.name, node.location, node.state, node.operatorName, node.operatorEmail],
      filters.search,
    );
  });
}

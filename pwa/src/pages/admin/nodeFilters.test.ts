import { describe, expect, it } from 'vitest';
import { filterNodes, NO_NODE_FILTERS } from './nodeFilters.ts';

const node = (name: string, extra: Partial<Parameters<typeof filterNodes>[0][number]> = {}) => ({
  name,
  location: 'Austin',
  state: 'TX',
  operatorName: 'Pat Operator',
  operatorEmail: 'pat@example.test',
  status: 'online' as const,
  isActive: true,
  scorecard: { onProbation: false },
  ...extra,
});

describe('filterNodes', () => {
  const nodes = [
    node('Lone Star Layers'),
    node('Denver Depot', { location: 'Denver', state: 'CO', status: 'maintenance', isActive: false }),
    node('Slow Prints', { scorecard: { onProbation: true }, operatorEmail: 'slow@prints.test' }),
  ];
  const names = (filters: Partial<typeof NO_NODE_FILTERS>) =>
    filterNodes(nodes, { ...NO_NODE_FILTERS, ...filters }).map((each) => each.name);

  it('keeps every node without filters', () => {
    expect(names({})).toEqual(['Lone Star Layers', 'Denver Depot', 'Slow Prints']);
  });

  it('needs every word searched in the name, place or operator', () => {
    expect(names({ search: 'denver co' })).toEqual(['Denver Depot']);
    expect(names({ search: 'SLOW@' })).toEqual(['Slow Prints']);
    expect(names({ search: 'austin depot' })).toEqual([]);
  });

  it('narrows by status and by whether the node takes orders or is on probation', () => {
    expect(names({ status: 'maintenance' })).toEqual(['Denver Depot']);
    expect(names({ activity: 'inactive' })).toEqual(['Denver Depot']);
    expect(names({ activity: 'active' })).toEqual(['Lone Star Layers', 'Slow Prints']);
    expect(names({ activity: 'probation', search: 'prints' })).toEqual(['Slow Prints']);
  });
});

import { describe, expect, it } from 'vitest';
import { buildClusterIndex, CLUSTER_RADIUS_PX, type FarmPoint } from './clusters.ts';
import { markerTitle, printerCountLabel, toMapFarm } from './farmView.ts';

const farm = (id: string) => toMapFarm({ id, displayName: `Farm ${id}` });

describe('map farm view', () => {
  it('fills the spec defaults and falls back from printerCount to capacity to 0', () => {
    expect(toMapFarm({ id: 'a', displayName: 'Acme' })).toMatchObject({
      companyName: 'Acme',
      streetName: 'Unknown Street',
      city: 'Unknown City',
      state: 'Unknown State',
      zipCode: '00000',
      printerCount: 0,
      printerTypes: [],
      website: null,
      wantsOrderingLink: false,
      coordinates: null,
    });
    expect(toMapFarm({ id: 'b', displayName: 'B', capacity: 7 }).printerCount).toBe(7);
    expect(toMapFarm({ id: 'c', displayName: 'C', capacity: 7, printerCount: 2 }).printerCount).toBe(2);
    expect(
      toMapFarm({ id: 'd', displayName: 'D', coordinates: { lat: 30.27, lng: -97.74 } }).coordinates,
    ).toEqual({
      lat: 30.27,
      lng: -97.74,
    });
  });

  it('words titles and printer counts as the spec does', () => {
    expect(markerTitle(toMapFarm({ id: 'a', displayName: 'Acme', city: 'Austin', state: 'TX' }))).toBe(
      'Acme, Austin, TX',
    );
    expect(printerCountLabel(1)).toBe('1 printer');
    expect(printerCountLabel(0)).toBe('0 printers');
    expect(printerCountLabel(12)).toBe('12 printers');
  });
});

describe('offline cluster index', () => {
  // Two farms 10 px apart at scale 1, a third far away.
  const points: FarmPoint[] = [
    { farm: farm('a'), x: 100, y: 100 },
    { farm: farm('b'), x: 110, y: 100 },
    { farm: farm('c'), x: 600, y: 400 },
  ];
  const index = buildClusterIndex(points, { plane: true });
  const everywhere = [0, 0, 1024, 1024] as const;

  it('groups farms closer than the radius in screen pixels and keeps the others single', () => {
    const items = index.query(everywhere, 0);
    const cluster = items.find((item) => item.kind === 'cluster');
    expect(cluster).toMatchObject({ kind: 'cluster', count: 2 });
    expect(cluster?.x).toBeCloseTo(105, 0);
    expect(cluster?.y).toBeCloseTo(100, 0);
    expect(
      items.filter((item) => item.kind === 'farm').map((item) => item.kind === 'farm' && item.farm.id),
    ).toEqual(['c']);
    if (cluster?.kind !== 'cluster') throw new Error('no cluster');
    expect(
      index
        .leaves(cluster.id)
        .map((leaf) => leaf.id)
        .sort(),
    ).toEqual(['a', 'b']);
    // Zoomed in so that 10 plane units exceed the radius in pixels, they split.
    expect(2 ** index.expansionZoom(cluster.id) * 10).toBeGreaterThan(CLUSTER_RADIUS_PX / 2);
  });

  it('splits the cluster once zoomed in and returns only what is inside the box', () => {
    const zoomed = index.query(everywhere, 4);
    expect(zoomed.filter((item) => item.kind === 'farm')).toHaveLength(3);
    const inBox = index.query([50, 50, 150, 150], 4);
    expect(inBox.map((item) => item.kind === 'farm' && item.farm.id).sort()).toEqual(['a', 'b']);
    const farA = inBox.find((item) => item.kind === 'farm' && item.farm.id === 'a');
    expect(farA).toMatchObject({ x: 100, y: 100 });
  });
});

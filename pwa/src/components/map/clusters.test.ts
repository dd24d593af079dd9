import { buildClusterIndex, CLUSTER_RADIUS_PX, type FarmPoint } from '@printfarm/map/clusters';
import type { FarmMarker } from '@printfarm/map/markerFeed';
import { describe, expect, it } from 'vitest';
import { printerCountLabel, toMapFarm } from './farmView.ts';

const marker = (markerId: number, printers = 3): FarmMarker => ({
  markerId,
  name: `Farm ${markerId}`,
  place: 'Austin, TX',
  printers,
  lat: 30,
  lng: -97,
});

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

  it('words printer counts as the spec does', () => {
    expect(printerCountLabel(1)).toBe('1 printer');
    expect(printerCountLabel(0)).toBe('0 printers');
    expect(printerCountLabel(12)).toBe('12 printers');
  });
});

describe('offline cluster index', () => {
  // Two farms 10 frame units apart, a third far away; zoom is log2 of screen pixels per frame unit.
  const points: FarmPoint[] = [
    { marker: marker(1, 2), x: 100, y: 100 },
    { marker: marker(2, 5), x: 110, y: 100 },
    { marker: marker(3), x: 600, y: 400 },
  ];
  const index = buildClusterIndex(points, { plane: true });
  const everywhere = [0, 0, 975, 610] as const;
  const ids = (items: ReturnType<typeof index.query>) =>
    items.flatMap((item) => (item.kind === 'farm' ? [item.marker.markerId] : [])).sort();

  it('groups farms closer than the radius on screen, with their printers, and keeps the others single', () => {
    const items = index.query(everywhere, 0);
    const cluster = items.find((item) => item.kind === 'cluster');
    expect(cluster).toMatchObject({ kind: 'cluster', count: 2, printers: 7 });
    expect(cluster?.x).toBeCloseTo(105, 0);
    expect(cluster?.y).toBeCloseTo(100, 0);
    expect(ids(items)).toEqual([3]);
    if (cluster?.kind !== 'cluster') throw new Error('no cluster');
    expect(
      index
        .leaves(cluster.id, 10)
        .map((leaf) => leaf.marker.markerId)
        .sort(),
    ).toEqual([1, 2]);
    // From its expansion zoom on, the 10 units between them are more than the radius in pixels.
    const split = index.expansionZoom(cluster.id);
    expect(2 ** split * 10).toBeGreaterThan(CLUSTER_RADIUS_PX / Math.SQRT2);
    expect(ids(index.query(everywhere, split + 0.01))).toEqual([1, 2, 3]);
    expect(ids(index.query(everywhere, split - 0.6))).toEqual([3]);
  });

  it('keeps clustering at the scales below 1 a phone shows the whole US at', () => {
    // At 0.35 px per unit, 80 units are 28 px: markers 32 px wide would overlap, so they are grouped.
    const phone = buildClusterIndex(
      [
        { marker: marker(1), x: 100, y: 100 },
        { marker: marker(2), x: 180, y: 100 },
      ],
      { plane: true },
    );
    expect(phone.query(everywhere, Math.log2(0.35)).map((item) => item.kind)).toEqual(['cluster']);
    // At 1 px per unit they are 80 px apart: two markers.
    expect(phone.query(everywhere, 0).map((item) => item.kind)).toEqual(['farm', 'farm']);
  });

  it('groups markers that would overlap and never groups ones well apart, at every scale in between', () => {
    for (let zoom = -2; zoom <= 8; zoom += 0.1) {
      const scale = 2 ** zoom;
      const pair = (pixelsApart: number) =>
        buildClusterIndex(
          [
            { marker: marker(1), x: 400, y: 300 },
            { marker: marker(2), x: 400 + pixelsApart / scale, y: 300 },
          ],
          { plane: true },
        ).query(everywhere, zoom);
      // Markers are 32 px wide: closer than that they would overlap.
      expect(
        pair(32).map((item) => item.kind),
        `32 px apart at scale ${scale}`,
      ).toEqual(['cluster']);
      expect(
        pair(50).map((item) => item.kind),
        `50 px apart at scale ${scale}`,
      ).toEqual(['farm', 'farm']);
    }
  });

  it('returns only what is inside the box', () => {
    const inBox = index.query([50, 50, 150, 150], 4);
    expect(ids(inBox)).toEqual([1, 2]);
    expect(inBox.find((item) => item.kind === 'farm' && item.marker.markerId === 1)).toMatchObject({
      x: 100,
      y: 100,
    });
  });

  it('keeps farms at one address together at every zoom', () => {
    const sameSpot = buildClusterIndex(
      [
        { marker: marker(1), x: 300, y: 300 },
        { marker: marker(2), x: 300, y: 300 },
      ],
      { plane: true },
    );
    const [cluster] = sameSpot.query(everywhere, 12);
    expect(cluster).toMatchObject({ kind: 'cluster', count: 2 });
    if (cluster?.kind !== 'cluster') throw new Error('no cluster');
    // Past any zoom the map offers (16 at most, i.e. about 2^13 px per unit).
    expect(sameSpot.expansionZoom(cluster.id)).toBeGreaterThan(13);
  });
});

describe('Google cluster index (lng/lat, Google zoom)', () => {
  it('splits two farms 0.05° apart at a city zoom and keeps them together at the whole-US zoom', () => {
    const google = buildClusterIndex(
      [
        { marker: marker(1), x: -97.74, y: 30.27 },
        { marker: marker(2), x: -97.69, y: 30.27 },
      ],
      { plane: false },
    );
    const world = [-180, -85, 180, 85] as const;
    expect(google.query(world, 4).map((item) => item.kind)).toEqual(['cluster']);
    expect(google.query(world, 11).map((item) => item.kind)).toEqual(['farm', 'farm']);
  });
});

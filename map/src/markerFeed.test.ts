import { describe, expect, it } from 'vitest';
import { decodeMarkerFeed, markerTitle } from './markerFeed.ts';

describe('the marker feed', () => {
  it('reads markers back from the columns: ids from their differences, coordinates from the scale', () => {
    const { scale, markers } = decodeMarkerFeed({
      scale: 10_000,
      id: [3, 1, 5],
      lat: [302713, 476062, 397392],
      lng: [-977426, -1223321, -1049903],
      name: ['Lone Star Layers', 'Rain City Prints', 'Mile High Makers'],
      printers: [5, 1, 12],
      place: [0, 1, 2],
      places: ['Austin, TX', 'Seattle, WA', 'Denver, CO'],
    });
    expect(scale).toBe(10_000);
    expect(markers).toEqual([
      {
        markerId: 3,
        name: 'Lone Star Layers',
        place: 'Austin, TX',
        printers: 5,
        lat: 30.2713,
        lng: -97.7426,
      },
      {
        markerId: 4,
        name: 'Rain City Prints',
        place: 'Seattle, WA',
        printers: 1,
        lat: 47.6062,
        lng: -122.3321,
      },
      {
        markerId: 9,
        name: 'Mile High Makers',
        place: 'Denver, CO',
        printers: 12,
        lat: 39.7392,
        lng: -104.9903,
      },
    ]);
    expect(markerTitle(markers[0] as (typeof markers)[0])).toBe('Lone Star Layers, Austin, TX');
  });

  it('reads anything that is not a whole feed as no markers', () => {
    for (const answer of [null, [], 'nope', { scale: 10_000 }, { scale: 0, id: [], places: [] }]) {
      expect(decodeMarkerFeed(answer).markers).toEqual([]);
    }
    // Columns of different lengths are not a feed.
    expect(
      decodeMarkerFeed({
        scale: 1,
        id: [1, 1],
        lat: [1],
        lng: [1, 2],
        name: ['a', 'b'],
        printers: [1, 1],
        place: [0, 0],
        places: ['A, B'],
      }).markers,
    ).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { OUTLINE_TOLERANCE, simplifiedTopology, usMapPaths } from './usMapPaths.ts';

describe('the state shapes files', () => {
  const require = createRequire(import.meta.url);
  const atlas = JSON.parse(readFileSync(require.resolve('us-atlas/states-10m.json'), 'utf8'));
  const committed = (file: string) => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));

  it('are what pwa/scripts/make-us-map.ts makes from the installed us-atlas', () => {
    const made = usMapPaths(atlas);
    expect(made.land.length).toBeGreaterThan(50_000);
    expect(committed('./us-map.json')).toEqual(made);
    expect(committed('./us-map-outline.json')).toEqual(
      usMapPaths(simplifiedTopology(atlas, OUTLINE_TOLERANCE)),
    );
  });

  it("simplify the first frame's outline arc by arc, keeping every arc's ends, so states still meet", () => {
    const simplified = simplifiedTopology(atlas, OUTLINE_TOLERANCE);
    const ends = (arc: number[][]) => {
      let [x, y] = [0, 0];
      for (const [dx = 0, dy = 0] of arc) [x, y] = [x + dx, y + dy];
      return [arc[0], [x, y]];
    };
    const points = (arcs: number[][][]) => arcs.reduce((total, arc) => total + arc.length, 0);
    expect(simplified.arcs.map(ends)).toEqual(atlas.arcs.map(ends));
    expect(points(simplified.arcs)).toBeLessThan(points(atlas.arcs) * 0.6);
    expect(committed('./us-map-outline.json').land.length).toBeLessThan(usMapPaths(atlas).land.length / 2);
  });
});

// Training shapes extruded from a profile in the XZ plane (tests/fixtures/models/solids.ts), so their
// overhangs are exact: brackets lying and standing, an arm over nothing, a table, a channel, stairs.
import type { IndexedMesh } from '../fixtures/models/builders.ts';
import { extrudedProfile } from '../fixtures/models/solids.ts';
import { points } from './meshes.ts';

/** An L lying on its foot (no overhang), `length` × `height` with walls `thick`, `depth` deep. */
export function lBracket(length: number, height: number, thick: number, depth: number): IndexedMesh {
  const profile = points(0, 0, length, 0, length, thick, thick, thick, thick, height, 0, height);
  return extrudedProfile(profile, depth, [
    [0, 1, 2, 3],
    [0, 3, 4, 5],
  ]);
}

/** A Γ: a post with an arm reaching out at the top, whose whole underside needs support. */
export function gallows(reach: number, height: number, thick: number, depth: number): IndexedMesh {
  const under = height - thick;
  const profile = points(0, 0, thick, 0, thick, under, reach, under, reach, height, 0, height);
  return extrudedProfile(profile, depth, [
    [0, 1, 2, 5],
    [2, 3, 4, 5],
  ]);
}

/** A table: two legs under a top, a bridge with support beneath it. */
export function arch(span: number, height: number, thick: number, depth: number): IndexedMesh {
  const [w, inner, under] = [span + 2 * thick, span + thick, height - thick];
  const profile = points(0, 0, thick, 0, thick, under, inner, under, inner, 0, w, 0, w, height, 0, height);
  return extrudedProfile(profile, depth, [
    [0, 1, 2, 7],
    [2, 3, 6, 7],
    [3, 4, 5, 6],
  ]);
}

/** A U-channel lying on its back: two thin walls on a floor, open at both ends. */
export function channel(width: number, height: number, thick: number, length: number): IndexedMesh {
  const [w, t, h] = [width, thick, height];
  const profile = points(0, 0, w, 0, w, h, w - t, h, w - t, t, t, t, t, h, 0, h);
  return extrudedProfile(profile, length, [
    [0, 1, 4, 5],
    [1, 2, 3, 4],
    [0, 5, 6, 7],
  ]);
}

/** Stairs rising along x, no overhangs; closed by a fan from the bottom corner under the top step. */
export function stairs(steps: number, tread: number, rise: number, width: number): IndexedMesh {
  const profile = points(0, 0, steps * tread, 0, steps * tread, steps * rise);
  for (let k = steps - 1; k >= 1; k--) profile.push([k * tread, (k + 1) * rise], [k * tread, k * rise]);
  profile.push([0, rise]);
  const fan = profile.slice(2, -1).map((_, i) => [1, i + 2, i + 3]);
  return extrudedProfile(profile, width, [...fan, [1, profile.length - 1, 0]]);
}

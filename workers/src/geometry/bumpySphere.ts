// A generated closed solid: the analysis threads' warm-up model and the geometry benchmark's file.

/**
 * A closed, bumpy UV sphere (radius in mm, bumps a twenty-fifth of it high) as a binary STL of
 * 2 · segments · (rings − 1) facets in strips as exporters write them, so an analysis runs the paths
 * real files take (corners shared with the previous facet, cache misses). Also the benchmark's model.
 */
export function bumpySphereStl(segments: number, rings: number, radius: number): Uint8Array {
  const triangles = 2 * segments * (rings - 1);
  const bytes = new Uint8Array(84 + 50 * triangles);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, triangles, true);
  const point = (ring: number, segment: number): [number, number, number] => {
    if (ring === 0) return [0, 0, radius];
    if (ring === rings) return [0, 0, -radius];
    const theta = (Math.PI * ring) / rings;
    const phi = (2 * Math.PI * (segment % segments)) / segments;
    const r = radius + (radius / 25) * Math.sin(7 * phi) * Math.sin(5 * theta);
    return [r * Math.sin(theta) * Math.cos(phi), r * Math.sin(theta) * Math.sin(phi), r * Math.cos(theta)];
  };
  let at = 84;
  const put = (...corners: Array<[number, number, number]>) => {
    at += 12; // the normal stays zero, as many exporters leave it
    for (const corner of corners) {
      for (const value of corner) {
        view.setFloat32(at, value, true);
        at += 4;
      }
    }
    at += 2;
  };
  for (let ring = 0; ring < rings; ring++) {
    for (let s = 0; s < segments; s++) {
      const a = point(ring, s);
      const b = point(ring + 1, s);
      const c = point(ring + 1, s + 1);
      const d = point(ring, s + 1);
      // The first ring meets the north pole (a = d), the last the south pole (b = c).
      if (ring === 0) put(a, b, c);
      else if (ring === rings - 1) put(a, b, d);
      else {
        put(a, b, d);
        put(d, b, c);
      }
    }
  }
  return bytes;
}

// Shells: vertices joined by triangles, counted with union-find over vertex ids. A slot holds the
// parent's id + 1, or 0 for a root, so freshly grown (zeroed) storage needs no initialising.
export class Shells {
  private parent: Int32Array;

  constructor(expectedVertices = 0) {
    this.parent = new Int32Array(Math.max(1024, Math.ceil(expectedVertices * 1.02)));
  }

  /** Puts the vertices of one triangle in one shell. */
  join(a: number, b: number, c: number): void {
    const top = Math.max(a, b, c);
    if (top >= this.parent.length) this.grow(top);
    const ra = this.root(a);
    const rb = this.root(b);
    if (ra !== rb) this.parent[ra] = rb + 1;
    const rc = this.root(c);
    if (rb !== rc) this.parent[rc] = rb + 1;
  }

  /** Makes room for `vertices` in all. */
  reserve(vertices: number): void {
    if (vertices > this.parent.length) this.grow(vertices - 1);
  }

  /** Shells among vertices 0 … vertexCount − 1. */
  count(vertexCount: number): number {
    let shells = 0;
    for (let i = 0; i < vertexCount; i++) if (this.parent[i] === 0) shells++;
    return shells;
  }

  /** The root of i's shell, halving the path on the way. */
  private root(i: number): number {
    const parent = this.parent;
    let node = i;
    for (;;) {
      const up = parent[node]!;
      if (up === 0) return node;
      const grand = parent[up - 1]!;
      if (grand === 0) return up - 1;
      parent[node] = grand;
      node = grand - 1;
    }
  }

  private grow(top: number): void {
    const grown = new Int32Array(Math.max(top + 1, Math.ceil(this.parent.length * 1.5)));
    grown.set(this.parent);
    this.parent = grown;
  }
}

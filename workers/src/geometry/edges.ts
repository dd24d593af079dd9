// Edge uses, for open (used once) and non-manifold (used three times or more) edges. An edge is kept
// with its lower vertex id: each vertex has a bucket of four int32 slots, `higher id · 4 + uses`, and
// the rare vertex with more than four higher neighbours spills into an open-addressing table. Ids
// come in file order, so the buckets a triangle touches were mostly touched a moment ago.
const BUCKET = 4;

export class EdgeCounter {
  private buckets: Int32Array;
  /** Spilled edges as [low + 1, high · 4 + uses] pairs; low + 1 = 0 marks a free slot. */
  private spill = new Int32Array(2 * 1024);
  private spilled = 0;

  constructor(expectedVertices = 0) {
    this.buckets = new Int32Array(BUCKET * Math.max(1024, Math.ceil(expectedVertices * 1.02)));
  }

  /** Counts one use of the edge between vertices a and b (a ≠ b). */
  add(a: number, b: number): void {
    const low = Math.min(a, b);
    const key = (a ^ b ^ low) << 2;
    const at = low * BUCKET;
    if (at >= this.buckets.length) this.growBuckets(at);
    const buckets = this.buckets;
    for (let k = at; k < at + BUCKET; k++) {
      const value = buckets[k]!;
      if (value === 0) {
        buckets[k] = key | 1;
        return;
      }
      if ((value & ~3) === key) {
        if ((value & 3) < 3) buckets[k] = value + 1;
        return;
      }
    }
    this.addSpilled(low, key);
  }

  /** [edges used once, edges used three times or more]. */
  tally(): [open: number, nonManifold: number] {
    let open = 0;
    let nonManifold = 0;
    const buckets = this.buckets;
    for (let k = 0; k < buckets.length; k++) {
      const uses = buckets[k]! & 3;
      if (uses === 1) open++;
      else if (uses === 3) nonManifold++;
    }
    const spill = this.spill;
    for (let k = 0; k < spill.length; k += 2) {
      const uses = spill[k] === 0 ? 0 : spill[k + 1]! & 3;
      if (uses === 1) open++;
      else if (uses === 3) nonManifold++;
    }
    return [open, nonManifold];
  }

  /** Makes room for the buckets of `vertices` in all. */
  reserve(vertices: number): void {
    if (vertices * BUCKET > this.buckets.length) this.growBuckets((vertices - 1) * BUCKET);
  }

  /** Grows by half, in whole buckets, so that the bucket at `at` fits. */
  private growBuckets(at: number): void {
    const vertices = Math.max(at / BUCKET + 1, Math.ceil((this.buckets.length / BUCKET) * 1.5));
    const grown = new Int32Array(vertices * BUCKET);
    grown.set(this.buckets);
    this.buckets = grown;
  }

  private addSpilled(low: number, key: number): void {
    const spill = this.spill;
    const mask = (spill.length >> 1) - 1;
    let slot = spillHash(low, key) & mask;
    for (;;) {
      const k = slot * 2;
      const stored = spill[k]!;
      if (stored === 0) break;
      const value = spill[k + 1]!;
      if (stored === low + 1 && (value & ~3) === key) {
        if ((value & 3) < 3) spill[k + 1] = value + 1;
        return;
      }
      slot = (slot + 1) & mask;
    }
    spill[slot * 2] = low + 1;
    spill[slot * 2 + 1] = key | 1;
    if (++this.spilled * 2 > mask + 1) this.growSpill();
  }

  private growSpill(): void {
    const old = this.spill;
    this.spill = new Int32Array(old.length * 2);
    const mask = (this.spill.length >> 1) - 1;
    for (let k = 0; k < old.length; k += 2) {
      const low = old[k]! - 1;
      if (low < 0) continue;
      let slot = spillHash(low, old[k + 1]! & ~3) & mask;
      while (this.spill[slot * 2] !== 0) slot = (slot + 1) & mask;
      this.spill[slot * 2] = low + 1;
      this.spill[slot * 2 + 1] = old[k + 1]!;
    }
  }
}

function spillHash(low: number, key: number): number {
  const h = Math.imul(low, 0x9e3779b1) ^ Math.imul(key, 0x85ebca77);
  return h ^ (h >>> 15);
}

// Vertex welding: corners that round to the same 0.1 µm grid point get one id, handed out in the
// order points are first seen. An open-addressing table over the quantized position finds the id; a
// small cache over the float bit patterns in front of it answers most repeats of binary STL corners
// from L2 instead of a cache miss in the big table.
import { count, ModelRejection } from './reject.ts';

/** Vertices closer than this (mm) count as the same point when joining edges. */
const QUANTUM_PER_MM = 10_000;
/** Quantized coordinates are kept as int32: ±200 m at 0.1 µm, far beyond any printer. */
const MAX_QUANTUM = 200_000 * QUANTUM_PER_MM;
/** Ids must stay below 2^25: the edge buckets pack them with a use count into an int32. */
const MAX_VERTICES = 2 ** 25;
/** A table slot holds id + 1 in its low 26 bits and the hash's low 6 bits above, to skip most compares. */
const ID_BITS = 26;
const ID_MASK = (1 << ID_BITS) - 1;
/** Bit-pattern cache: 2^15 entries of [x bits, y bits, z bits, id + 1], 512 KB. */
const CACHE_BITS = 15;
/** No id: matches no corner (ids are below 2^25, pending vertices ~p above −2^11). */
const NONE = 1 << 30;
/** cornerId's answer for a corner that is not a number or out of reach. */
const REFUSED = -(1 << 30);
/** Facets welded per batch: their table slots (at most 3 × 512 cache lines) fit in L2. */
export const BATCH_FACETS = 512;

export class VertexWelder {
  /** Vertices so far; ids run from 0 to count − 1. */
  count = 0;
  private shift: number;
  private table: Int32Array;
  /** Quantized x, y, z per id: the table's keys, stored once in id order. */
  private positions: Int32Array;
  private readonly cache = new Int32Array(4 << CACHE_BITS);
  /** Vertices of a batch the cache did not know: [cache slot, qx, qy, qz]. */
  private readonly pending = new Int32Array(4 * 3 * BATCH_FACETS);
  /** Their ids, once looked up. */
  private readonly resolved = new Int32Array(3 * BATCH_FACETS);
  /** Pending vertices in the batch being welded. */
  private waiting = 0;
  /** Keeps the slot reads of weldStlFacets from being optimized away. */
  touched = 0;

  /** Sizes the table for `expected` vertices (it grows beyond that when needed). */
  constructor(expected = 0) {
    let bits = 12;
    while (1 << bits < expected * 2 && bits < 27) bits++;
    this.shift = 32 - bits;
    this.table = new Int32Array(1 << bits);
    this.positions = new Int32Array(3 * Math.max(1024, Math.ceil(expected * 1.02)));
  }

  /** The id of a binary STL corner by its float bits, its values at `at` in `corners`. */
  idOfBits(bitsX: number, bitsY: number, bitsZ: number, corners: Float64Array, at: number): number {
    const cache = this.cache;
    const slot = cacheSlot(bitsX, bitsY, bitsZ);
    if (cache[slot] === bitsX && cache[slot + 1] === bitsY && cache[slot + 2] === bitsZ) {
      const stored = cache[slot + 3]!;
      if (stored > 0) return stored - 1;
    }
    const id = this.id(corners, at);
    cache[slot] = bitsX;
    cache[slot + 1] = bitsY;
    cache[slot + 2] = bitsZ;
    cache[slot + 3] = id + 1;
    return id;
  }

  /**
   * Welds the corners of `records` binary STL facets from byte `at` of `view` (see addStlFacets) into
   * ids[3·facet + corner]. Facets in a file mostly come in strips, each sharing two corners with the
   * facet before it: a corner with the same bits as one of those takes its id with no lookup at all.
   * Any other corner is looked up in the bit cache (cornerId). A corner the bit cache does not know
   * becomes a pending vertex, and the cache entry points at it at once, so the same corner again in
   * this batch joins it instead of another trip to the big table; the pending vertices are then looked
   * up in the big table all together (lookUpPending). Returns false, having changed nothing but the
   * cache, when a corner is not a number or out of reach: the caller then adds the facets one by one
   * so that the first fault is reported as it always was.
   */
  weldStlFacets(view: DataView, at: number, records: number, ids: Int32Array): boolean {
    // Each pass is a function of its own, so the compiler optimizes each with what it has seen run
    // (compiled on the stack of the first pass, the later ones had not run yet and were thrown away).
    if (!this.assignCorners(view, at, records, ids)) {
      this.forgetPending();
      return false;
    }
    if (this.waiting > 0) {
      this.lookUpPending();
      this.resolveIds(ids, records * 3);
    }
    return true;
  }

  /** The first pass: ids from the previous facet and the bit cache, pending vertices for the rest. */
  private assignCorners(view: DataView, at: number, records: number, ids: Int32Array): boolean {
    this.waiting = 0;
    // The previous facet's corners: bits and ids (NONE before the first facet, so nothing matches).
    let ax = 0;
    let ay = 0;
    let az = 0;
    let bx = 0;
    let by = 0;
    let bz = 0;
    let cx = 0;
    let cy = 0;
    let cz = 0;
    let aId = NONE;
    let bId = NONE;
    let cId = NONE;
    for (let i = 0, k = at + 12, end = at + 12 + records * 50; k < end; k += 50, i += 3) {
      let nextA = NONE;
      let nextB = NONE;
      let nextC = NONE;
      for (let corner = 0; corner < 3; corner++) {
        const offset = k + corner * 12;
        const x = view.getInt32(offset, true);
        const y = view.getInt32(offset + 4, true);
        const z = view.getInt32(offset + 8, true);
        // Compared without short-circuits: fewer branches, and every operation has run (and told the
        // compiler its types) before the first batch is optimized.
        let id = NONE;
        if (((x ^ ax) | (y ^ ay) | (z ^ az)) === 0) id = aId;
        else if (((x ^ bx) | (y ^ by) | (z ^ bz)) === 0) id = bId;
        else if (((x ^ cx) | (y ^ cy) | (z ^ cz)) === 0) id = cId;
        if (id === NONE) {
          id = this.cornerId(x, y, z, view, offset);
          if (id === REFUSED) return false;
        }
        ids[i + corner] = id;
        if (corner === 0) nextA = id;
        else if (corner === 1) nextB = id;
        else nextC = id;
      }
      ax = view.getInt32(k, true);
      ay = view.getInt32(k + 4, true);
      az = view.getInt32(k + 8, true);
      bx = view.getInt32(k + 12, true);
      by = view.getInt32(k + 16, true);
      bz = view.getInt32(k + 20, true);
      cx = view.getInt32(k + 24, true);
      cy = view.getInt32(k + 28, true);
      cz = view.getInt32(k + 32, true);
      aId = nextA;
      bId = nextB;
      cId = nextC;
    }
    return true;
  }

  /**
   * Finds or enters the batch's pending vertices in the big table: first every one's table slot is
   * read in a tight loop, so the processor waits for those cache misses side by side instead of one
   * after another; then they are resolved in the order they were first seen.
   */
  private lookUpPending(): void {
    const waiting = this.waiting;
    const cache = this.cache;
    const pending = this.pending;
    const table = this.table;
    const shift = this.shift;
    let touched = 0;
    for (let p = 0; p < waiting * 4; p += 4) {
      touched ^= table[positionHash(pending[p + 1]!, pending[p + 2]!, pending[p + 3]!) >>> shift]!;
    }
    this.touched = touched;
    const resolved = this.resolved;
    for (let p = 0; p < waiting; p++) {
      const id = this.idOfQuantized(pending[p * 4 + 1]!, pending[p * 4 + 2]!, pending[p * 4 + 3]!);
      resolved[p] = id;
      // A later pending vertex may have taken the entry over; it then fills it in itself.
      const slot = pending[p * 4]!;
      if (cache[slot + 3] === ~p) cache[slot + 3] = id + 1;
    }
  }

  /** Replaces the pending vertices (~p) among the first `corners` ids with their ids. */
  private resolveIds(ids: Int32Array, corners: number): void {
    const resolved = this.resolved;
    for (let i = 0; i < corners; i++) {
      const id = ids[i]!;
      if (id < 0) ids[i] = resolved[~id]!;
    }
  }

  /**
   * The id of a corner by its bits (the float bits of x, y, z at byte `offset` of `view`): from the bit
   * cache when it knows them (a pending vertex's ~p while its batch is welded), else a new pending
   * vertex; REFUSED for a corner that is not a number or out of reach.
   */
  private cornerId(x: number, y: number, z: number, view: DataView, offset: number): number {
    const cache = this.cache;
    const slot = cacheSlot(x, y, z);
    // id + 1 when known, ~p for pending vertex p of this batch, 0 for an empty entry.
    const stored = cache[slot + 3]!;
    // Compared without short-circuits: every operation has run before the first batch is optimized.
    const empty = stored === 0 ? 1 : 0;
    if (((cache[slot]! ^ x) | (cache[slot + 1]! ^ y) | (cache[slot + 2]! ^ z) | empty) === 0) {
      return stored - (stored > 0 ? 1 : 0);
    }
    const qx = Math.round(view.getFloat32(offset, true) * QUANTUM_PER_MM);
    const qy = Math.round(view.getFloat32(offset + 4, true) * QUANTUM_PER_MM);
    const qz = Math.round(view.getFloat32(offset + 8, true) * QUANTUM_PER_MM);
    // Written so that NaN fails too.
    if (
      !(qx <= MAX_QUANTUM && qx >= -MAX_QUANTUM) ||
      !(qy <= MAX_QUANTUM && qy >= -MAX_QUANTUM) ||
      !(qz <= MAX_QUANTUM && qz >= -MAX_QUANTUM)
    ) {
      return REFUSED;
    }
    const waiting = this.waiting++;
    const p = waiting * 4;
    const pending = this.pending;
    pending[p] = slot;
    pending[p + 1] = qx | 0;
    pending[p + 2] = qy | 0;
    pending[p + 3] = qz | 0;
    cache[slot] = x;
    cache[slot + 1] = y;
    cache[slot + 2] = z;
    cache[slot + 3] = ~waiting;
    return ~waiting;
  }

  /** Empties the cache entries that still point at this batch's pending vertices. */
  private forgetPending(): void {
    for (let p = 0; p < this.waiting; p++) {
      const slot = this.pending[p * 4]!;
      if (this.cache[slot + 3] === ~p) this.cache[slot + 3] = 0;
    }
  }

  /**
   * The id of the point x, y, z (mm) at `at` in `corners`, a new one if no earlier point rounds to the
   * same place. (An array, not arguments: doubles passed to a call that is not inlined are boxed.)
   */
  id(corners: Float64Array, at: number): number {
    const qx = Math.round(corners[at]! * QUANTUM_PER_MM);
    const qy = Math.round(corners[at + 1]! * QUANTUM_PER_MM);
    const qz = Math.round(corners[at + 2]! * QUANTUM_PER_MM);
    if (
      qx > MAX_QUANTUM ||
      qx < -MAX_QUANTUM ||
      qy > MAX_QUANTUM ||
      qy < -MAX_QUANTUM ||
      qz > MAX_QUANTUM ||
      qz < -MAX_QUANTUM
    ) {
      throw new ModelRejection('Refused: the model reaches more than 200 m from its origin');
    }
    return this.idOfQuantized(qx | 0, qy | 0, qz | 0);
  }

  /** `| 0` above turns −0 into 0 and tells the compiler these are int32. */
  private idOfQuantized(qx: number, qy: number, qz: number): number {
    const hash = positionHash(qx, qy, qz);
    const fingerprint = hash << ID_BITS;
    const table = this.table;
    const positions = this.positions;
    const mask = table.length - 1;
    let slot = hash >>> this.shift;
    for (;;) {
      const stored = table[slot]!;
      if (stored === 0) break;
      if ((stored & ~ID_MASK) === fingerprint) {
        const id = (stored & ID_MASK) - 1;
        const k = id * 3;
        if (positions[k] === qx && positions[k + 1] === qy && positions[k + 2] === qz) return id;
      }
      slot = (slot + 1) & mask;
    }
    return this.insert(slot, fingerprint, qx, qy, qz);
  }

  private insert(slot: number, fingerprint: number, qx: number, qy: number, qz: number): number {
    const id = this.count++;
    if (id >= MAX_VERTICES)
      throw new ModelRejection(`Refused: the model has more than ${count(MAX_VERTICES)} vertices`);
    if ((id + 1) * 3 > this.positions.length) {
      const grown = new Int32Array(Math.ceil(this.positions.length * 1.5));
      grown.set(this.positions);
      this.positions = grown;
    }
    const k = id * 3;
    this.positions[k] = qx;
    this.positions[k + 1] = qy;
    this.positions[k + 2] = qz;
    this.table[slot] = fingerprint | (id + 1);
    if (this.count * 2 > this.table.length) this.grow();
    return id;
  }

  /** Makes room for `vertices` in all, so that no growing happens on the way there. */
  reserve(vertices: number): void {
    const wanted = Math.min(vertices, MAX_VERTICES);
    if (wanted * 3 > this.positions.length) {
      const grown = new Int32Array(wanted * 3);
      grown.set(this.positions);
      this.positions = grown;
    }
    let bits = 32 - this.shift;
    while (1 << bits < wanted * 2 && bits < 27) bits++;
    if (bits > 32 - this.shift) this.rehash(bits);
  }

  /** Doubles the table. */
  private grow(): void {
    this.rehash(33 - this.shift);
  }

  /** A table of 2^bits slots, every id entered again from the stored positions. */
  private rehash(bits: number): void {
    this.shift = 32 - bits;
    const table = new Int32Array(1 << bits);
    const mask = table.length - 1;
    const positions = this.positions;
    for (let id = 0; id < this.count; id++) {
      const hash = positionHash(positions[id * 3]!, positions[id * 3 + 1]!, positions[id * 3 + 2]!);
      let slot = hash >>> this.shift;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = (hash << ID_BITS) | (id + 1);
    }
    this.table = table;
  }
}

/** Where corner bits sit in the cache: index of the entry's first int. */
function cacheSlot(bitsX: number, bitsY: number, bitsZ: number): number {
  const h = Math.imul(bitsX, 0x9e3779b1) + Math.imul(bitsY, 0x85ebca77) + Math.imul(bitsZ, 0xc2b2ae3d);
  return (h >>> (32 - CACHE_BITS)) << 2;
}

/**
 * Hashes a quantized position. Each coordinate is mixed into the running hash before the next (a sum
 * or an XOR of one product per coordinate gave 168,016 collisions among the 999,700 vertices of a
 * symmetric sphere, where random hashes give about 116), then the bits are avalanched (MurmurHash3's
 * finaliser), since slots come from the top bits and fingerprints from the bottom ones.
 */
function positionHash(qx: number, qy: number, qz: number): number {
  let h = Math.imul(qx, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15) ^ qy, 0x85ebca77);
  h = Math.imul(h ^ (h >>> 15) ^ qz, 0xc2b2ae3d);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

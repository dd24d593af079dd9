;; The mesh kernel: mesh.ts's running figures (bounding box, volume, area, the facets that need
;; support), vertex welding, edge use counts and shells, triangle by triangle. assemble.ts turns this
;; text into a module when the analyser loads; kernel.ts instantiates it per mesh.
;;
;; Four memories, so each table grows on its own without moving the others:
;;   $main   the bit cache (after an unused first KB), one batch's pending vertices and ids, the
;;           block of binary STL facets being read, then one 32-byte record per vertex: its edge
;;           bucket (4 × i32), its shell parent + 1 (0 for a root) and its quantized x, y, z.
;;   $table  the open-addressing table from quantized positions to vertex ids.
;;   $spill  the edges of vertices with more than four higher neighbours: [low + 1, high · 4 + uses].
;;   $held   steep facets near the lowest point, [top z, n.z, corner z sum] as f64, until metrics().
;;
;; Welding, edges and shells are counts, so their order is free; the float sums are added in the order
;; and with the operations mesh.ts always used, so every figure comes out the same to the last bit.
(module
  (import "mesh" "main" (memory $main 1))
  (import "mesh" "table" (memory $table 1))
  (import "mesh" "spill" (memory $spill 1))
  (import "mesh" "held" (memory $held 1))

  ;; Layout of $main. The bit cache has 2^15 entries of [x bits, y bits, z bits, id + 1 or ~pending].
  (global $CACHE i32 (i32.const 1024))
  ;; A batch of up to 512 facets: its pending vertices [cache entry, qx, qy, qz, hash], their ids once
  ;; looked up, the corner ids of its facets (~p for pending vertex p until then, SAME + n for the
  ;; previous facet's corner n), and the list of corners that need the bit cache [id address, corner
  ;; address, cache entry].
  (global $PENDING i32 (i32.const 525312))
  (global $RESOLVED i32 (i32.const 556032))
  (global $IDS i32 (i32.const 562176))
  (global $CORNERS i32 (i32.const 568320))
  (global $BLOCK (export "BLOCK") i32 (i32.const 586752))
  (global $BLOCK_FACETS (export "BLOCK_FACETS") i32 (i32.const 20000))
  (global $RECORDS i32 (i32.const 1586752))
  ;; Above every id (ids stay below 2^25), below the out-of-reach mark 2^30.
  (global $SAME i32 (i32.const 0x20000000))

  (global $triangles (export "triangles") (mut i32) (i32.const 0))
  (global $vertices (export "vertices") (mut i32) (i32.const 0))
  ;; Records that fit in $main; the table has 2^tableBits slots, the spill table spillSlots.
  (global $capacity (mut i32) (i32.const 0))
  (global $tableBits (mut i32) (i32.const 14))
  (global $spillSlots (mut i32) (i32.const 8192))
  (global $spilled (mut i32) (i32.const 0))
  (global $waiting (mut i32) (i32.const 0))
  ;; Keeps the table reads that only warm the cache from being optimized away.
  (global $touched (mut i32) (i32.const 0))
  ;; What tally() counts.
  (global $openEdges (export "openEdges") (mut i32) (i32.const 0))
  (global $nonManifold (export "nonManifold") (mut i32) (i32.const 0))
  (global $shellCount (export "shellCount") (mut i32) (i32.const 0))

  (global $minX (export "minX") (mut f64) (f64.const inf))
  (global $minY (export "minY") (mut f64) (f64.const inf))
  (global $minZ (export "minZ") (mut f64) (f64.const inf))
  (global $maxX (export "maxX") (mut f64) (f64.const -inf))
  (global $maxY (export "maxY") (mut f64) (f64.const -inf))
  (global $maxZ (export "maxZ") (mut f64) (f64.const -inf))
  ;; Volume is summed relative to the first corner, which keeps precision far from the origin.
  (global $originSet (mut i32) (i32.const 0))
  (global $ox (export "ox") (mut f64) (f64.const 0))
  (global $oy (export "oy") (mut f64) (f64.const 0))
  (global $oz (export "oz") (mut f64) (f64.const 0))
  (global $sixVolume (export "sixVolume") (mut f64) (f64.const 0))
  (global $doubleArea (export "doubleArea") (mut f64) (f64.const 0))
  ;; Facets within 45° of vertical facing down, and up, by their winding: Σ |n.z| and Σ |n.z| · zSum.
  (global $downArea (export "downArea") (mut f64) (f64.const 0))
  (global $downMoment (export "downMoment") (mut f64) (f64.const 0))
  (global $upArea (export "upArea") (mut f64) (f64.const 0))
  (global $upMoment (export "upMoment") (mut f64) (f64.const 0))
  (global $heldCount (export "heldCount") (mut i32) (i32.const 0))
  (global $heldCapacity (mut i32) (i32.const 256))

  ;; ---- Memory ----------------------------------------------------------------------------------

  (func $fitMain (param $bytes i32)
    (local $pages i32)
    (local.set $pages (i32.shr_u (i32.add (local.get $bytes) (i32.const 65535)) (i32.const 16)))
    (if (i32.gt_u (local.get $pages) (memory.size $main))
      (then
        (if (i32.lt_s (memory.grow $main (i32.sub (local.get $pages) (memory.size $main))) (i32.const 0))
          (then unreachable)))))

  (func $fitTable (param $bytes i32)
    (local $pages i32)
    (local.set $pages (i32.shr_u (i32.add (local.get $bytes) (i32.const 65535)) (i32.const 16)))
    (if (i32.gt_u (local.get $pages) (memory.size $table))
      (then
        (if (i32.lt_s (memory.grow $table (i32.sub (local.get $pages) (memory.size $table))) (i32.const 0))
          (then unreachable)))))

  (func $fitSpill (param $bytes i32)
    (local $pages i32)
    (local.set $pages (i32.shr_u (i32.add (local.get $bytes) (i32.const 65535)) (i32.const 16)))
    (if (i32.gt_u (local.get $pages) (memory.size $spill))
      (then
        (if (i32.lt_s (memory.grow $spill (i32.sub (local.get $pages) (memory.size $spill))) (i32.const 0))
          (then unreachable)))))

  (func $fitHeld (param $bytes i32)
    (local $pages i32)
    (local.set $pages (i32.shr_u (i32.add (local.get $bytes) (i32.const 65535)) (i32.const 16)))
    (if (i32.gt_u (local.get $pages) (memory.size $held))
      (then
        (if (i32.lt_s (memory.grow $held (i32.sub (local.get $pages) (memory.size $held))) (i32.const 0))
          (then unreachable)))))

  ;; Room for `records` vertex records, growing by half at least.
  (func $ensureRecords (param $records i32)
    (local $want i32)
    (if (i32.le_u (local.get $records) (global.get $capacity)) (then (return)))
    (local.set $want (i32.add (global.get $capacity) (i32.shr_u (global.get $capacity) (i32.const 1))))
    (if (i32.gt_u (local.get $records) (local.get $want)) (then (local.set $want (local.get $records))))
    (call $fitMain (i32.add (global.get $RECORDS) (i32.shl (local.get $want) (i32.const 5))))
    (global.set $capacity
      (i32.shr_u (i32.sub (i32.shl (memory.size $main) (i32.const 16)) (global.get $RECORDS)) (i32.const 5))))

  ;; Sizes the tables for `vertices` vertices in all (2^25 at most), so nothing grows on the way there;
  ;; 2 % more records, as a closed mesh has a few more vertices than half its triangles.
  (func (export "reserve") (param $vertices i32)
    (local $bits i32) (local $from i32)
    (call $ensureRecords (i32.add (local.get $vertices) (i32.div_u (i32.add (local.get $vertices) (i32.const 49)) (i32.const 50))))
    (local.set $bits (global.get $tableBits))
    (block $sized
      (loop $wider
        (br_if $sized (i32.ge_u (i32.shl (i32.const 1) (local.get $bits)) (i32.shl (local.get $vertices) (i32.const 1))))
        (br_if $sized (i32.ge_u (local.get $bits) (i32.const 27)))
        (local.set $bits (i32.add (local.get $bits) (i32.const 1)))
        (br $wider)))
    (if (i32.gt_u (local.get $bits) (global.get $tableBits)) (then (call $rehash (local.get $bits))))
    ;; Fresh memory is handed over a page at a time on first touch, which the weld would do in hash
    ;; order; writing the unused records and an empty table's zeros in address order first costs less.
    (local.set $from (i32.add (global.get $RECORDS) (i32.shl (global.get $vertices) (i32.const 5))))
    (memory.fill $main (local.get $from) (i32.const 0)
      (i32.sub (i32.shl (memory.size $main) (i32.const 16)) (local.get $from)))
    (if (i32.eqz (global.get $vertices))
      (then (memory.fill $table (i32.const 0) (i32.const 0) (i32.shl (i32.const 4) (global.get $tableBits))))))

  ;; The setup of a new mesh: the fixed area, the first records and the cache.
  (func (export "init")
    (call $fitMain (global.get $RECORDS))
    (global.set $capacity (i32.const 0))
    (call $ensureRecords (i32.const 1024))
    (call $fitTable (i32.shl (i32.const 1) (i32.add (global.get $tableBits) (i32.const 2))))
    (call $fitSpill (i32.shl (global.get $spillSlots) (i32.const 3)))
    (call $fitHeld (i32.mul (global.get $heldCapacity) (i32.const 24))))

  ;; ---- Welding ---------------------------------------------------------------------------------
  ;; Corners that round to the same 0.1 µm grid point get one id, handed out in the order points are
  ;; first seen. A table slot holds id + 1 in its low 26 bits and the hash's low 6 bits above them.

  ;; Mixes each coordinate into the running hash before the next, then avalanches (MurmurHash3's
  ;; finaliser), since slots come from the top bits and fingerprints from the bottom ones.
  (func $positionHash (@inline) (param $x i32) (param $y i32) (param $z i32) (result i32)
    (local $h i32)
    (local.set $h (i32.mul (local.get $x) (i32.const 0x9e3779b1)))
    (local.set $h
      (i32.mul (i32.xor (i32.xor (local.get $h) (i32.shr_u (local.get $h) (i32.const 15))) (local.get $y))
        (i32.const 0x85ebca77)))
    (local.set $h
      (i32.mul (i32.xor (i32.xor (local.get $h) (i32.shr_u (local.get $h) (i32.const 15))) (local.get $z))
        (i32.const 0xc2b2ae3d)))
    (local.set $h (i32.xor (local.get $h) (i32.shr_u (local.get $h) (i32.const 16))))
    (local.set $h (i32.mul (local.get $h) (i32.const 0x85ebca6b)))
    (local.set $h (i32.xor (local.get $h) (i32.shr_u (local.get $h) (i32.const 13))))
    (local.set $h (i32.mul (local.get $h) (i32.const 0xc2b2ae35)))
    (i32.xor (local.get $h) (i32.shr_u (local.get $h) (i32.const 16))))

  ;; A table of 2^bits slots, every vertex entered again from its record.
  (func $rehash (param $bits i32)
    (local $slots i32) (local $mask i32) (local $shift i32) (local $id i32) (local $record i32)
    (local $hash i32) (local $slot i32)
    (local.set $slots (i32.shl (i32.const 1) (local.get $bits)))
    ;; Memory the table grows into comes zeroed: only the old table needs clearing.
    (memory.fill $table (i32.const 0) (i32.const 0) (i32.shl (i32.const 4) (global.get $tableBits)))
    (call $fitTable (i32.shl (local.get $slots) (i32.const 2)))
    (global.set $tableBits (local.get $bits))
    (local.set $mask (i32.sub (local.get $slots) (i32.const 1)))
    (local.set $shift (i32.sub (i32.const 32) (local.get $bits)))
    (local.set $record (global.get $RECORDS))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $id) (global.get $vertices)))
        (local.set $hash
          (call $positionHash
            (i32.load offset=20 (local.get $record))
            (i32.load offset=24 (local.get $record))
            (i32.load offset=28 (local.get $record))))
        (local.set $slot (i32.shr_u (local.get $hash) (local.get $shift)))
        (block $free
          (loop $probe
            (br_if $free (i32.eqz (i32.load $table (i32.shl (local.get $slot) (i32.const 2)))))
            (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (local.get $mask)))
            (br $probe)))
        (i32.store $table (i32.shl (local.get $slot) (i32.const 2))
          (i32.or (i32.shl (local.get $hash) (i32.const 26)) (i32.add (local.get $id) (i32.const 1))))
        (local.set $id (i32.add (local.get $id) (i32.const 1)))
        (local.set $record (i32.add (local.get $record) (i32.const 32)))
        (br $next))))

  ;; The id of a quantized point whose hash is known, a new one if no earlier point had it; -1 past
  ;; 2^25 vertices (the edge buckets keep ids in 25 bits).
  (func $idOfQuantized (@inline) (param $x i32) (param $y i32) (param $z i32) (param $hash i32) (result i32)
    (local $fingerprint i32) (local $mask i32) (local $slot i32) (local $stored i32) (local $id i32)
    (local $record i32)
    (local.set $fingerprint (i32.shl (local.get $hash) (i32.const 26)))
    (local.set $mask (i32.sub (i32.shl (i32.const 1) (global.get $tableBits)) (i32.const 1)))
    (local.set $slot (i32.shr_u (local.get $hash) (i32.sub (i32.const 32) (global.get $tableBits))))
    (block $free
      (loop $probe
        (local.set $stored (i32.load $table (i32.shl (local.get $slot) (i32.const 2))))
        (br_if $free (i32.eqz (local.get $stored)))
        (if (i32.eq (i32.and (local.get $stored) (i32.const 0xfc000000)) (local.get $fingerprint))
          (then
            (local.set $id (i32.sub (i32.and (local.get $stored) (i32.const 0x3ffffff)) (i32.const 1)))
            (local.set $record (i32.add (global.get $RECORDS) (i32.shl (local.get $id) (i32.const 5))))
            (if (i32.and
                  (i32.and
                    (i32.eq (i32.load offset=20 (local.get $record)) (local.get $x))
                    (i32.eq (i32.load offset=24 (local.get $record)) (local.get $y)))
                  (i32.eq (i32.load offset=28 (local.get $record)) (local.get $z)))
              (then (return (local.get $id))))))
        (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (local.get $mask)))
        (br $probe)))
    (local.set $id (global.get $vertices))
    (if (i32.ge_u (local.get $id) (i32.const 33554432)) (then (return (i32.const -1))))
    (if (i32.ge_u (local.get $id) (global.get $capacity))
      (then (call $ensureRecords (i32.add (local.get $id) (i32.const 1)))))
    (local.set $record (i32.add (global.get $RECORDS) (i32.shl (local.get $id) (i32.const 5))))
    (i32.store offset=20 (local.get $record) (local.get $x))
    (i32.store offset=24 (local.get $record) (local.get $y))
    (i32.store offset=28 (local.get $record) (local.get $z))
    (i32.store $table (i32.shl (local.get $slot) (i32.const 2))
      (i32.or (local.get $fingerprint) (i32.add (local.get $id) (i32.const 1))))
    (global.set $vertices (i32.add (local.get $id) (i32.const 1)))
    (if (i32.gt_u (i32.shl (global.get $vertices) (i32.const 1)) (i32.shl (i32.const 1) (global.get $tableBits)))
      (then (call $rehash (i32.add (global.get $tableBits) (i32.const 1)))))
    (local.get $id))

  ;; Math.round (halves up, towards +∞) of a coordinate (mm) in 0.1 µm steps; 0x80000000 when it is
  ;; more than 200 m out, which no quantized coordinate is. (Nothing that is not a number gets here:
  ;; measure() turns its triangle away first.)
  (func $quantize (@inline) (param $value f64) (result i32)
    (local $scaled f64) (local $rounded f64) (local $q i32)
    (local.set $scaled (f64.mul (local.get $value) (f64.const 10000)))
    (local.set $rounded (f64.nearest (local.get $scaled)))
    ;; nearest() takes a half to the even neighbour, Math.round upwards (the difference is exact).
    (if (f64.eq (f64.sub (local.get $rounded) (local.get $scaled)) (f64.const -0.5))
      (then (local.set $rounded (f64.add (local.get $rounded) (f64.const 1)))))
    (local.set $q (i32.trunc_sat_f64_s (local.get $rounded)))
    (select (local.get $q) (i32.const 0x80000000)
      (i32.le_u (i32.add (local.get $q) (i32.const 2000000000)) (i32.const 4000000000))))

;; quantize() of a binary STL coordinate, in fewer steps. A float32 times 10000 is exact in a double
  ;; (24 + 10 significant bits), and adding a half to that stays exact where it matters, so floor()
  ;; rounds halves up as Math.round does; 2^52 + 2^51 added, the integer is the low 32 bits of the
  ;; double (two's complement), with no check for a truncation out of range.
  (func $quantizeFloat (@inline) (param $value f32) (result i32)
    (local $rounded f64)
    (local.set $rounded
      (f64.floor (f64.add (f64.mul (f64.promote_f32 (local.get $value)) (f64.const 10000)) (f64.const 0.5))))
    (select
      (i32.wrap_i64 (i64.reinterpret_f64 (f64.add (local.get $rounded) (f64.const 6755399441055744))))
      (i32.const 0x80000000)
      (f64.le (f64.abs (local.get $rounded)) (f64.const 2000000000))))

  ;; The id of the point x, y, z (mm): -1 when it is more than 200 m out, -2 past 2^25 vertices.
  (func (export "weld") (param $x f64) (param $y f64) (param $z f64) (result i32)
    (local $qx i32) (local $qy i32) (local $qz i32) (local $id i32)
    (local.set $qx (call $quantize (local.get $x)))
    (local.set $qy (call $quantize (local.get $y)))
    (local.set $qz (call $quantize (local.get $z)))
    (if (i32.or
          (i32.or (i32.eq (local.get $qx) (i32.const 0x80000000)) (i32.eq (local.get $qy) (i32.const 0x80000000)))
          (i32.eq (local.get $qz) (i32.const 0x80000000)))
      (then (return (i32.const -1))))
    (local.set $id
      (call $idOfQuantized (local.get $qx) (local.get $qy) (local.get $qz)
        (call $positionHash (local.get $qx) (local.get $qy) (local.get $qz))))
    (select (i32.const -2) (local.get $id) (i32.lt_s (local.get $id) (i32.const 0))))

  ;; Where corner bits sit in the bit cache: the byte address of their entry.
  (func $cacheEntry (@inline) (param $x i32) (param $y i32) (param $z i32) (result i32)
    (i32.add (global.get $CACHE)
      (i32.shl
        (i32.shr_u
          (i32.add
            (i32.add (i32.mul (local.get $x) (i32.const 0x9e3779b1)) (i32.mul (local.get $y) (i32.const 0x85ebca77)))
            (i32.mul (local.get $z) (i32.const 0xc2b2ae3d)))
          (i32.const 17))
        (i32.const 4))))

  ;; Whether two corners have the same bits.
  (func $sameBits (@inline) (param $x i32) (param $y i32) (param $z i32) (param $u i32) (param $v i32) (param $w i32)
    (result i32)
    (i32.eqz
      (i32.or (i32.or (i32.xor (local.get $x) (local.get $u)) (i32.xor (local.get $y) (local.get $v)))
        (i32.xor (local.get $z) (local.get $w)))))

  ;; Puts the corner at `k`, whose id goes at `id`, on the batch's list at `item`: [id, k, cache entry].
  (func $listCorner (@inline) (param $item i32) (param $id i32) (param $k i32)
    (i32.store (local.get $item) (local.get $id))
    (i32.store offset=4 (local.get $item) (local.get $k))
    (i32.store offset=8 (local.get $item)
      (call $cacheEntry (i32.load (local.get $k)) (i32.load offset=4 (local.get $k)) (i32.load offset=8 (local.get $k)))))

  ;; Ids for the corners of the batch's first `facets` facets at `at` (binary STL records), in two
  ;; passes. First each corner is compared with the previous facet's, kept in locals: facets mostly
  ;; come in strips, sharing two corners with the one before, and such a corner's id is left as a
  ;; mark (SAME + that corner's number) that connectFacets replaces by the previous facet's id. Every
  ;; other corner goes on the batch's list with its bit-cache entry, read there once so that the cache
  ;; misses overlap. Then the listed corners, in order, take their ids from the bit cache when the bits
  ;; match, else become new pending vertices (~p) whose cache entry points at them, so the same corner
  ;; again in the batch joins it. Returns `facets`, or the facet with a corner more than 200 m out (its
  ;; corners before that one stay pending).
  (func $assignCorners (param $at i32) (param $facets i32) (result i32)
    (local $k i32) (local $ids i32) (local $end i32) (local $list i32) (local $listEnd i32)
    (local $entry i32) (local $touched i32)
    (local $x0 i32) (local $y0 i32) (local $z0 i32) (local $x1 i32) (local $y1 i32) (local $z1 i32)
    (local $x2 i32) (local $y2 i32) (local $z2 i32)
    (local $px0 i32) (local $py0 i32) (local $pz0 i32) (local $px1 i32) (local $py1 i32) (local $pz1 i32)
    (local $px2 i32) (local $py2 i32) (local $pz2 i32)
    (local $x i32) (local $y i32) (local $z i32) (local $stored i32) (local $id i32)
    (local $qx i32) (local $qy i32) (local $qz i32) (local $pending i32)
    (global.set $waiting (i32.const 0))
    (local.set $k (i32.add (local.get $at) (i32.const 12)))
    (local.set $ids (global.get $IDS))
    (local.set $end (i32.add (local.get $ids) (i32.mul (local.get $facets) (i32.const 12))))
    (local.set $listEnd (global.get $CORNERS))
    ;; The first facet has no previous one in the batch: all its corners are listed.
    (if (i32.lt_u (local.get $ids) (local.get $end))
      (then
        (call $listCorner (local.get $listEnd) (local.get $ids) (local.get $k))
        (call $listCorner (i32.add (local.get $listEnd) (i32.const 12)) (i32.add (local.get $ids) (i32.const 4))
          (i32.add (local.get $k) (i32.const 12)))
        (call $listCorner (i32.add (local.get $listEnd) (i32.const 24)) (i32.add (local.get $ids) (i32.const 8))
          (i32.add (local.get $k) (i32.const 24)))
        (local.set $listEnd (i32.add (local.get $listEnd) (i32.const 36)))
        (local.set $px0 (i32.load (local.get $k)))
        (local.set $py0 (i32.load offset=4 (local.get $k)))
        (local.set $pz0 (i32.load offset=8 (local.get $k)))
        (local.set $px1 (i32.load offset=12 (local.get $k)))
        (local.set $py1 (i32.load offset=16 (local.get $k)))
        (local.set $pz1 (i32.load offset=20 (local.get $k)))
        (local.set $px2 (i32.load offset=24 (local.get $k)))
        (local.set $py2 (i32.load offset=28 (local.get $k)))
        (local.set $pz2 (i32.load offset=32 (local.get $k)))
        (local.set $k (i32.add (local.get $k) (i32.const 50)))
        (local.set $ids (i32.add (local.get $ids) (i32.const 12)))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $ids) (local.get $end)))
        (local.set $x0 (i32.load (local.get $k)))
        (local.set $y0 (i32.load offset=4 (local.get $k)))
        (local.set $z0 (i32.load offset=8 (local.get $k)))
        (local.set $x1 (i32.load offset=12 (local.get $k)))
        (local.set $y1 (i32.load offset=16 (local.get $k)))
        (local.set $z1 (i32.load offset=20 (local.get $k)))
        (local.set $x2 (i32.load offset=24 (local.get $k)))
        (local.set $y2 (i32.load offset=28 (local.get $k)))
        (local.set $z2 (i32.load offset=32 (local.get $k)))
        ;; Written out for each corner (the previous corners are then locals, the offsets constants).
        (block $matched
          (if (call $sameBits (local.get $x0) (local.get $y0) (local.get $z0) (local.get $px0) (local.get $py0) (local.get $pz0))
            (then (i32.store (local.get $ids) (global.get $SAME)) (br $matched)))
          (if (call $sameBits (local.get $x0) (local.get $y0) (local.get $z0) (local.get $px1) (local.get $py1) (local.get $pz1))
            (then (i32.store (local.get $ids) (i32.add (global.get $SAME) (i32.const 1))) (br $matched)))
          (if (call $sameBits (local.get $x0) (local.get $y0) (local.get $z0) (local.get $px2) (local.get $py2) (local.get $pz2))
            (then (i32.store (local.get $ids) (i32.add (global.get $SAME) (i32.const 2))) (br $matched)))
          (call $listCorner (local.get $listEnd) (local.get $ids) (local.get $k))
          (local.set $listEnd (i32.add (local.get $listEnd) (i32.const 12))))
        (block $matched
          (if (call $sameBits (local.get $x1) (local.get $y1) (local.get $z1) (local.get $px0) (local.get $py0) (local.get $pz0))
            (then (i32.store offset=4 (local.get $ids) (global.get $SAME)) (br $matched)))
          (if (call $sameBits (local.get $x1) (local.get $y1) (local.get $z1) (local.get $px1) (local.get $py1) (local.get $pz1))
            (then (i32.store offset=4 (local.get $ids) (i32.add (global.get $SAME) (i32.const 1))) (br $matched)))
          (if (call $sameBits (local.get $x1) (local.get $y1) (local.get $z1) (local.get $px2) (local.get $py2) (local.get $pz2))
            (then (i32.store offset=4 (local.get $ids) (i32.add (global.get $SAME) (i32.const 2))) (br $matched)))
          (call $listCorner (local.get $listEnd) (i32.add (local.get $ids) (i32.const 4)) (i32.add (local.get $k) (i32.const 12)))
          (local.set $listEnd (i32.add (local.get $listEnd) (i32.const 12))))
        (block $matched
          (if (call $sameBits (local.get $x2) (local.get $y2) (local.get $z2) (local.get $px0) (local.get $py0) (local.get $pz0))
            (then (i32.store offset=8 (local.get $ids) (global.get $SAME)) (br $matched)))
          (if (call $sameBits (local.get $x2) (local.get $y2) (local.get $z2) (local.get $px1) (local.get $py1) (local.get $pz1))
            (then (i32.store offset=8 (local.get $ids) (i32.add (global.get $SAME) (i32.const 1))) (br $matched)))
          (if (call $sameBits (local.get $x2) (local.get $y2) (local.get $z2) (local.get $px2) (local.get $py2) (local.get $pz2))
            (then (i32.store offset=8 (local.get $ids) (i32.add (global.get $SAME) (i32.const 2))) (br $matched)))
          (call $listCorner (local.get $listEnd) (i32.add (local.get $ids) (i32.const 8)) (i32.add (local.get $k) (i32.const 24)))
          (local.set $listEnd (i32.add (local.get $listEnd) (i32.const 12))))
        (local.set $px0 (local.get $x0))
        (local.set $py0 (local.get $y0))
        (local.set $pz0 (local.get $z0))
        (local.set $px1 (local.get $x1))
        (local.set $py1 (local.get $y1))
        (local.set $pz1 (local.get $z1))
        (local.set $px2 (local.get $x2))
        (local.set $py2 (local.get $y2))
        (local.set $pz2 (local.get $z2))
        (local.set $k (i32.add (local.get $k) (i32.const 50)))
        (local.set $ids (i32.add (local.get $ids) (i32.const 12)))
        (br $next)))
    ;; The listed corners' cache entries, each read once in a tight loop so their misses overlap.
    (local.set $list (global.get $CORNERS))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $list) (local.get $listEnd)))
        (local.set $touched (i32.xor (local.get $touched) (i32.load offset=12 (i32.load offset=8 (local.get $list)))))
        (local.set $list (i32.add (local.get $list) (i32.const 12)))
        (br $next)))
    (global.set $touched (local.get $touched))
    (local.set $list (global.get $CORNERS))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $list) (local.get $listEnd)))
        (local.set $k (i32.load offset=4 (local.get $list)))
        (local.set $entry (i32.load offset=8 (local.get $list)))
        (local.set $x (i32.load (local.get $k)))
        (local.set $y (i32.load offset=4 (local.get $k)))
        (local.set $z (i32.load offset=8 (local.get $k)))
        (local.set $stored (i32.load offset=12 (local.get $entry)))
        (if (i32.and
              (i32.ne (local.get $stored) (i32.const 0))
              (call $sameBits (local.get $x) (local.get $y) (local.get $z)
                (i32.load (local.get $entry)) (i32.load offset=4 (local.get $entry)) (i32.load offset=8 (local.get $entry))))
          (then
            (local.set $id
              (select (i32.sub (local.get $stored) (i32.const 1)) (local.get $stored)
                (i32.gt_s (local.get $stored) (i32.const 0)))))
          (else
            (local.set $qx (call $quantizeFloat (f32.load (local.get $k))))
            (local.set $qy (call $quantizeFloat (f32.load offset=4 (local.get $k))))
            (local.set $qz (call $quantizeFloat (f32.load offset=8 (local.get $k))))
            (if (i32.or
                  (i32.or (i32.eq (local.get $qx) (i32.const 0x80000000))
                          (i32.eq (local.get $qy) (i32.const 0x80000000)))
                  (i32.eq (local.get $qz) (i32.const 0x80000000)))
              (then
                (return (i32.div_u (i32.sub (i32.load (local.get $list)) (global.get $IDS)) (i32.const 12)))))
            (local.set $pending
              (i32.add (global.get $PENDING) (i32.mul (global.get $waiting) (i32.const 20))))
            (i32.store (local.get $pending) (local.get $entry))
            (i32.store offset=4 (local.get $pending) (local.get $qx))
            (i32.store offset=8 (local.get $pending) (local.get $qy))
            (i32.store offset=12 (local.get $pending) (local.get $qz))
            (i32.store offset=16 (local.get $pending)
              (call $positionHash (local.get $qx) (local.get $qy) (local.get $qz)))
            (local.set $id (i32.xor (global.get $waiting) (i32.const -1)))
            (i32.store (local.get $entry) (local.get $x))
            (i32.store offset=4 (local.get $entry) (local.get $y))
            (i32.store offset=8 (local.get $entry) (local.get $z))
            (i32.store offset=12 (local.get $entry) (local.get $id))
            (global.set $waiting (i32.add (global.get $waiting) (i32.const 1)))))
        (i32.store (i32.load (local.get $list)) (local.get $id))
        (local.set $list (i32.add (local.get $list) (i32.const 12)))
        (br $next)))
    (local.get $facets))

  ;; Finds or enters the batch's pending vertices: first every one's table slot is read in a tight
  ;; loop, so the processor waits for those cache misses side by side instead of one after another;
  ;; then they are resolved in the order they were first seen. -1 past 2^25 vertices, else 0.
  (func $lookUpPending (result i32)
    (local $pending i32) (local $end i32) (local $touched i32) (local $shift i32) (local $p i32)
    (local $id i32) (local $entry i32)
    (local.set $end (i32.add (global.get $PENDING) (i32.mul (global.get $waiting) (i32.const 20))))
    (local.set $shift (i32.sub (i32.const 32) (global.get $tableBits)))
    (local.set $pending (global.get $PENDING))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $pending) (local.get $end)))
        (local.set $touched
          (i32.xor (local.get $touched)
            (i32.load $table
              (i32.shl (i32.shr_u (i32.load offset=16 (local.get $pending)) (local.get $shift)) (i32.const 2)))))
        (local.set $pending (i32.add (local.get $pending) (i32.const 20)))
        (br $next)))
    (global.set $touched (local.get $touched))
    (local.set $pending (global.get $PENDING))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $pending) (local.get $end)))
        (local.set $id
          (call $idOfQuantized
            (i32.load offset=4 (local.get $pending))
            (i32.load offset=8 (local.get $pending))
            (i32.load offset=12 (local.get $pending))
            (i32.load offset=16 (local.get $pending))))
        (if (i32.lt_s (local.get $id) (i32.const 0)) (then (return (i32.const -1))))
        (i32.store (i32.add (global.get $RESOLVED) (i32.shl (local.get $p) (i32.const 2))) (local.get $id))
        ;; A later pending vertex may have taken the entry over; it then fills it in itself.
        (local.set $entry (i32.load (local.get $pending)))
        (if (i32.eq (i32.load offset=12 (local.get $entry)) (i32.xor (local.get $p) (i32.const -1)))
          (then (i32.store offset=12 (local.get $entry) (i32.add (local.get $id) (i32.const 1)))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (local.set $pending (i32.add (local.get $pending) (i32.const 20)))
        (br $next)))
    (i32.const 0))

  ;; ---- Edges and shells ------------------------------------------------------------------------
  ;; An edge is kept with its lower vertex id: four slots in that vertex's record, `higher id · 4 +
  ;; uses` (uses stop at 3, which is all "non-manifold" needs); a vertex with more than four higher
  ;; neighbours spills into an open-addressing table. Ids come in file order, so the records a triangle
  ;; touches were mostly touched a moment ago.

  (func $spillHash (@inline) (param $low i32) (param $key i32) (result i32)
    (local $h i32)
    (local.set $h
      (i32.xor (i32.mul (local.get $low) (i32.const 0x9e3779b1)) (i32.mul (local.get $key) (i32.const 0x85ebca77))))
    (i32.xor (local.get $h) (i32.shr_u (local.get $h) (i32.const 15))))

  ;; Doubles the spill table: entered again into a new table after the old one, which then moves down.
  (func $growSpill
    (local $bytes i32) (local $mask i32) (local $k i32) (local $low i32) (local $value i32) (local $slot i32)
    (local $at i32)
    (local.set $bytes (i32.shl (global.get $spillSlots) (i32.const 3)))
    (call $fitSpill (i32.mul (local.get $bytes) (i32.const 3)))
    (memory.fill $spill (local.get $bytes) (i32.const 0) (i32.shl (local.get $bytes) (i32.const 1)))
    (local.set $mask (i32.sub (i32.shl (global.get $spillSlots) (i32.const 1)) (i32.const 1)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $k) (local.get $bytes)))
        (local.set $low (i32.sub (i32.load $spill (local.get $k)) (i32.const 1)))
        (if (i32.ge_s (local.get $low) (i32.const 0))
          (then
            (local.set $value (i32.load $spill offset=4 (local.get $k)))
            (local.set $slot
              (i32.and (call $spillHash (local.get $low) (i32.and (local.get $value) (i32.const -4))) (local.get $mask)))
            (block $free
              (loop $probe
                (local.set $at (i32.add (local.get $bytes) (i32.shl (local.get $slot) (i32.const 3))))
                (br_if $free (i32.eqz (i32.load $spill (local.get $at))))
                (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (local.get $mask)))
                (br $probe)))
            (i32.store $spill (local.get $at) (i32.add (local.get $low) (i32.const 1)))
            (i32.store $spill offset=4 (local.get $at) (local.get $value))))
        (local.set $k (i32.add (local.get $k) (i32.const 8)))
        (br $next)))
    (memory.copy $spill $spill (i32.const 0) (local.get $bytes) (i32.shl (local.get $bytes) (i32.const 1)))
    (global.set $spillSlots (i32.shl (global.get $spillSlots) (i32.const 1))))

  (func $addSpilled (param $low i32) (param $key i32)
    (local $mask i32) (local $slot i32) (local $at i32) (local $stored i32) (local $value i32)
    (local.set $mask (i32.sub (global.get $spillSlots) (i32.const 1)))
    (local.set $slot (i32.and (call $spillHash (local.get $low) (local.get $key)) (local.get $mask)))
    (block $free
      (loop $probe
        (local.set $at (i32.shl (local.get $slot) (i32.const 3)))
        (local.set $stored (i32.load $spill (local.get $at)))
        (br_if $free (i32.eqz (local.get $stored)))
        (local.set $value (i32.load $spill offset=4 (local.get $at)))
        (if (i32.and
              (i32.eq (local.get $stored) (i32.add (local.get $low) (i32.const 1)))
              (i32.eq (i32.and (local.get $value) (i32.const -4)) (local.get $key)))
          (then
            (if (i32.lt_u (i32.and (local.get $value) (i32.const 3)) (i32.const 3))
              (then (i32.store $spill offset=4 (local.get $at) (i32.add (local.get $value) (i32.const 1)))))
            (return)))
        (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (local.get $mask)))
        (br $probe)))
    (i32.store $spill (local.get $at) (i32.add (local.get $low) (i32.const 1)))
    (i32.store $spill offset=4 (local.get $at) (i32.or (local.get $key) (i32.const 1)))
    (global.set $spilled (i32.add (global.get $spilled) (i32.const 1)))
    (if (i32.gt_u (i32.shl (global.get $spilled) (i32.const 1)) (global.get $spillSlots))
      (then (call $growSpill))))

  ;; Counts one use of the edge between vertices a and b (a ≠ b).
  (func $addEdge (@inline) (param $a i32) (param $b i32)
    (local $low i32) (local $key i32) (local $at i32) (local $end i32) (local $value i32)
    (local.set $low (select (local.get $a) (local.get $b) (i32.lt_u (local.get $a) (local.get $b))))
    (local.set $key (i32.shl (i32.xor (i32.xor (local.get $a) (local.get $b)) (local.get $low)) (i32.const 2)))
    (local.set $at (i32.add (global.get $RECORDS) (i32.shl (local.get $low) (i32.const 5))))
    (local.set $end (i32.add (local.get $at) (i32.const 16)))
    (loop $slot
      (local.set $value (i32.load (local.get $at)))
      (if (i32.eqz (local.get $value))
        (then (i32.store (local.get $at) (i32.or (local.get $key) (i32.const 1))) (return)))
      (if (i32.eq (i32.and (local.get $value) (i32.const -4)) (local.get $key))
        (then
          (if (i32.lt_u (i32.and (local.get $value) (i32.const 3)) (i32.const 3))
            (then (i32.store (local.get $at) (i32.add (local.get $value) (i32.const 1)))))
          (return)))
      (br_if $slot (i32.lt_u (local.tee $at (i32.add (local.get $at) (i32.const 4))) (local.get $end))))
    (call $addSpilled (local.get $low) (local.get $key)))

  ;; The root of vertex i's shell, halving the path on the way.
  (func $root (@inline) (param $i i32) (result i32)
    (local $at i32) (local $up i32) (local $grand i32)
    (loop $climb
      (local.set $at (i32.add (global.get $RECORDS) (i32.shl (local.get $i) (i32.const 5))))
      (local.set $up (i32.load offset=16 (local.get $at)))
      (if (i32.eqz (local.get $up)) (then (return (local.get $i))))
      (local.set $grand
        (i32.load offset=16 (i32.add (global.get $RECORDS) (i32.shl (i32.sub (local.get $up) (i32.const 1)) (i32.const 5)))))
      (if (i32.eqz (local.get $grand)) (then (return (i32.sub (local.get $up) (i32.const 1)))))
      (i32.store offset=16 (local.get $at) (local.get $grand))
      (local.set $i (i32.sub (local.get $grand) (i32.const 1)))
      (br $climb))
    unreachable)

  ;; Puts a triangle's corners in one shell and counts its edges (a degenerate one has none worth
  ;; counting).
  (func $connect (export "connect") (@inline) (param $a i32) (param $b i32) (param $c i32)
    (local $ra i32) (local $rb i32) (local $rc i32)
    (local.set $ra (call $root (local.get $a)))
    (local.set $rb (call $root (local.get $b)))
    (if (i32.ne (local.get $ra) (local.get $rb))
      (then
        (i32.store offset=16 (i32.add (global.get $RECORDS) (i32.shl (local.get $ra) (i32.const 5)))
          (i32.add (local.get $rb) (i32.const 1)))))
    (local.set $rc (call $root (local.get $c)))
    (if (i32.ne (local.get $rb) (local.get $rc))
      (then
        (i32.store offset=16 (i32.add (global.get $RECORDS) (i32.shl (local.get $rc) (i32.const 5)))
          (i32.add (local.get $rb) (i32.const 1)))))
    (if (i32.or (i32.or (i32.eq (local.get $a) (local.get $b)) (i32.eq (local.get $b) (local.get $c)))
          (i32.eq (local.get $a) (local.get $c)))
      (then (return)))
    (call $addEdge (local.get $a) (local.get $b))
    (call $addEdge (local.get $b) (local.get $c))
    (call $addEdge (local.get $c) (local.get $a)))

  ;; The vertex id a corner's entry in the batch stands for: pending vertex ~p's looked-up id, the
  ;; previous facet's corner n (its ids a, b, c) for SAME + n, or the id itself.
  (func $idOf (@inline) (param $value i32) (param $a i32) (param $b i32) (param $c i32) (result i32)
    (if (i32.lt_s (local.get $value) (i32.const 0))
      (then
        (return
          (i32.load (i32.add (global.get $RESOLVED) (i32.shl (i32.xor (local.get $value) (i32.const -1)) (i32.const 2)))))))
    (if (i32.ge_u (local.get $value) (global.get $SAME))
      (then
        (return
          (select (local.get $a)
            (select (local.get $b) (local.get $c) (i32.eq (local.get $value) (i32.add (global.get $SAME) (i32.const 1))))
            (i32.eq (local.get $value) (global.get $SAME))))))
    (local.get $value))

  ;; connect() for the batch's first `facets` facets, their entries replaced by the ids they stand for.
  (func $connectFacets (param $facets i32)
    (local $ids i32) (local $end i32) (local $a i32) (local $b i32) (local $c i32)
    (local $pa i32) (local $pb i32) (local $pc i32)
    (local.set $ids (global.get $IDS))
    (local.set $end (i32.add (local.get $ids) (i32.mul (local.get $facets) (i32.const 12))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $ids) (local.get $end)))
        (local.set $a (call $idOf (i32.load (local.get $ids)) (local.get $pa) (local.get $pb) (local.get $pc)))
        (local.set $b (call $idOf (i32.load offset=4 (local.get $ids)) (local.get $pa) (local.get $pb) (local.get $pc)))
        (local.set $c (call $idOf (i32.load offset=8 (local.get $ids)) (local.get $pa) (local.get $pb) (local.get $pc)))
        (call $connect (local.get $a) (local.get $b) (local.get $c))
        (local.set $pa (local.get $a))
        (local.set $pb (local.get $b))
        (local.set $pc (local.get $c))
        (local.set $ids (i32.add (local.get $ids) (i32.const 12)))
        (br $next))))

  ;; Edges used once, edges used three times or more, and shells (vertices that are roots) among the
  ;; records [at, end), added to the counts so far.
  (func $tallyRecords (param $at i32) (param $end i32)
    (local $uses i32) (local $open i32) (local $many i32) (local $shells i32)
    (local.set $open (global.get $openEdges))
    (local.set $many (global.get $nonManifold))
    (local.set $shells (global.get $shellCount))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $uses (i32.and (i32.load (local.get $at)) (i32.const 3)))
        (local.set $open (i32.add (local.get $open) (i32.eq (local.get $uses) (i32.const 1))))
        (local.set $many (i32.add (local.get $many) (i32.eq (local.get $uses) (i32.const 3))))
        (local.set $uses (i32.and (i32.load offset=4 (local.get $at)) (i32.const 3)))
        (local.set $open (i32.add (local.get $open) (i32.eq (local.get $uses) (i32.const 1))))
        (local.set $many (i32.add (local.get $many) (i32.eq (local.get $uses) (i32.const 3))))
        (local.set $uses (i32.and (i32.load offset=8 (local.get $at)) (i32.const 3)))
        (local.set $open (i32.add (local.get $open) (i32.eq (local.get $uses) (i32.const 1))))
        (local.set $many (i32.add (local.get $many) (i32.eq (local.get $uses) (i32.const 3))))
        (local.set $uses (i32.and (i32.load offset=12 (local.get $at)) (i32.const 3)))
        (local.set $open (i32.add (local.get $open) (i32.eq (local.get $uses) (i32.const 1))))
        (local.set $many (i32.add (local.get $many) (i32.eq (local.get $uses) (i32.const 3))))
        (local.set $shells (i32.add (local.get $shells) (i32.eqz (i32.load offset=16 (local.get $at)))))
        (local.set $at (i32.add (local.get $at) (i32.const 32)))
        (br $next)))
    (global.set $openEdges (local.get $open))
    (global.set $nonManifold (local.get $many))
    (global.set $shellCount (local.get $shells)))

  ;; The mesh's edge and shell counts: edges used once (openEdges), three times or more (nonManifold),
  ;; and shells (shellCount). The records are counted a slice at a time: a function that runs once
  ;; stays in V8's baseline code, a slice function is optimized after the first few.
  (func (export "tally")
    (local $at i32) (local $end i32) (local $uses i32)
    (global.set $openEdges (i32.const 0))
    (global.set $nonManifold (i32.const 0))
    (global.set $shellCount (i32.const 0))
    (local.set $at (global.get $RECORDS))
    (local.set $end (i32.add (local.get $at) (i32.shl (global.get $vertices) (i32.const 5))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (call $tallyRecords (local.get $at)
          (select (local.get $end) (i32.add (local.get $at) (i32.const 262144))
            (i32.lt_u (i32.sub (local.get $end) (local.get $at)) (i32.const 262144))))
        (local.set $at (i32.add (local.get $at) (i32.const 262144)))
        (br $next)))
    (local.set $at (i32.const 0))
    (local.set $end (i32.shl (global.get $spillSlots) (i32.const 3)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (if (i32.load $spill (local.get $at))
          (then
            (local.set $uses (i32.and (i32.load $spill offset=4 (local.get $at)) (i32.const 3)))
            (global.set $openEdges (i32.add (global.get $openEdges) (i32.eq (local.get $uses) (i32.const 1))))
            (global.set $nonManifold (i32.add (global.get $nonManifold) (i32.eq (local.get $uses) (i32.const 3))))))
        (local.set $at (i32.add (local.get $at) (i32.const 8)))
        (br $next))))

  ;; ---- Measuring -------------------------------------------------------------------------------

  (func $sumSteep (param $nz f64) (param $zSum f64)
    (local $weight f64)
    (local.set $weight (f64.abs (local.get $nz)))
    (if (f64.lt (local.get $nz) (f64.const 0))
      (then
        (global.set $downArea (f64.add (global.get $downArea) (local.get $weight)))
        (global.set $downMoment (f64.add (global.get $downMoment) (f64.mul (local.get $weight) (local.get $zSum)))))
      (else
        (global.set $upArea (f64.add (global.get $upArea) (local.get $weight)))
        (global.set $upMoment (f64.add (global.get $upMoment) (f64.mul (local.get $weight) (local.get $zSum)))))))

  ;; Sums the held facets now above the plate; doubles the room if most are still near it.
  (func $release
    (local $plateTop f64) (local $k i32) (local $end i32) (local $kept i32) (local $top f64)
    (local.set $plateTop (f64.add (global.get $minZ) (f64.const 0.05)))
    (local.set $end (i32.mul (global.get $heldCount) (i32.const 24)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $k) (local.get $end)))
        (local.set $top (f64.load $held (local.get $k)))
        (if (f64.gt (local.get $top) (local.get $plateTop))
          (then (call $sumSteep (f64.load $held offset=8 (local.get $k)) (f64.load $held offset=16 (local.get $k))))
          (else
            (memory.copy $held $held (local.get $kept) (local.get $k) (i32.const 24))
            (local.set $kept (i32.add (local.get $kept) (i32.const 24)))))
        (local.set $k (i32.add (local.get $k) (i32.const 24)))
        (br $next)))
    (global.set $heldCount (i32.div_u (local.get $kept) (i32.const 24)))
    (if (i32.gt_u (i32.shl (global.get $heldCount) (i32.const 1)) (global.get $heldCapacity))
      (then
        (global.set $heldCapacity (i32.shl (global.get $heldCapacity) (i32.const 1)))
        (call $fitHeld (i32.mul (global.get $heldCapacity) (i32.const 24))))))

  ;; Holds a steep facet near the lowest point until metrics() knows whether it rests on the plate.
  ;; When the room is full, facets the falling minimum has since left behind are summed and dropped.
  (func $hold (param $top f64) (param $nz f64) (param $zSum f64)
    (local $k i32)
    (if (i32.gt_u (i32.add (global.get $heldCount) (i32.const 1)) (global.get $heldCapacity))
      (then (call $release)))
    (local.set $k (i32.mul (global.get $heldCount) (i32.const 24)))
    (f64.store $held (local.get $k) (local.get $top))
    (f64.store $held offset=8 (local.get $k) (local.get $nz))
    (f64.store $held offset=16 (local.get $k) (local.get $zSum))
    (global.set $heldCount (i32.add (global.get $heldCount) (i32.const 1))))

  ;; Bounding box, volume, area and support sums of a triangle; 1 (and nothing counted) when a
  ;; coordinate is not a finite number.
  (func $measure (export "measure")
    (param $ax f64) (param $ay f64) (param $az f64) (param $bx f64) (param $by f64) (param $bz f64)
    (param $cx f64) (param $cy f64) (param $cz f64) (result i32)
    (local $sum f64) (local $px f64) (local $py f64) (local $pz f64) (local $qx f64) (local $qy f64)
    (local $qz f64) (local $rx f64) (local $ry f64) (local $rz f64) (local $ux f64) (local $uy f64)
    (local $uz f64) (local $vx f64) (local $vy f64) (local $vz f64) (local $nx f64) (local $ny f64)
    (local $nz f64) (local $horizontal f64) (local $vertical f64) (local $lo f64) (local $hi f64) (local $top f64)
    (local.set $sum
      (f64.add (f64.add (f64.add (f64.add (f64.add (f64.add (f64.add (f64.add
        (local.get $ax) (local.get $ay)) (local.get $az)) (local.get $bx)) (local.get $by)) (local.get $bz))
        (local.get $cx)) (local.get $cy)) (local.get $cz)))
    (if (f64.ne (f64.sub (local.get $sum) (local.get $sum)) (f64.const 0)) (then (return (i32.const 1))))
    (global.set $triangles (i32.add (global.get $triangles) (i32.const 1)))
    (if (i32.eqz (global.get $originSet))
      (then
        (global.set $originSet (i32.const 1))
        (global.set $ox (local.get $ax))
        (global.set $oy (local.get $ay))
        (global.set $oz (local.get $az))))
    ;; if (v < min) min = v, corner by corner, as measure() always compared.
    (local.set $lo (global.get $minX))
    (local.set $hi (global.get $maxX))
    (local.set $lo (select (local.get $ax) (local.get $lo) (f64.lt (local.get $ax) (local.get $lo))))
    (local.set $hi (select (local.get $ax) (local.get $hi) (f64.gt (local.get $ax) (local.get $hi))))
    (local.set $lo (select (local.get $bx) (local.get $lo) (f64.lt (local.get $bx) (local.get $lo))))
    (local.set $hi (select (local.get $bx) (local.get $hi) (f64.gt (local.get $bx) (local.get $hi))))
    (local.set $lo (select (local.get $cx) (local.get $lo) (f64.lt (local.get $cx) (local.get $lo))))
    (local.set $hi (select (local.get $cx) (local.get $hi) (f64.gt (local.get $cx) (local.get $hi))))
    (global.set $minX (local.get $lo))
    (global.set $maxX (local.get $hi))
    (local.set $lo (global.get $minY))
    (local.set $hi (global.get $maxY))
    (local.set $lo (select (local.get $ay) (local.get $lo) (f64.lt (local.get $ay) (local.get $lo))))
    (local.set $hi (select (local.get $ay) (local.get $hi) (f64.gt (local.get $ay) (local.get $hi))))
    (local.set $lo (select (local.get $by) (local.get $lo) (f64.lt (local.get $by) (local.get $lo))))
    (local.set $hi (select (local.get $by) (local.get $hi) (f64.gt (local.get $by) (local.get $hi))))
    (local.set $lo (select (local.get $cy) (local.get $lo) (f64.lt (local.get $cy) (local.get $lo))))
    (local.set $hi (select (local.get $cy) (local.get $hi) (f64.gt (local.get $cy) (local.get $hi))))
    (global.set $minY (local.get $lo))
    (global.set $maxY (local.get $hi))
    (local.set $lo (global.get $minZ))
    (local.set $hi (global.get $maxZ))
    (local.set $lo (select (local.get $az) (local.get $lo) (f64.lt (local.get $az) (local.get $lo))))
    (local.set $hi (select (local.get $az) (local.get $hi) (f64.gt (local.get $az) (local.get $hi))))
    (local.set $lo (select (local.get $bz) (local.get $lo) (f64.lt (local.get $bz) (local.get $lo))))
    (local.set $hi (select (local.get $bz) (local.get $hi) (f64.gt (local.get $bz) (local.get $hi))))
    (local.set $lo (select (local.get $cz) (local.get $lo) (f64.lt (local.get $cz) (local.get $lo))))
    (local.set $hi (select (local.get $cz) (local.get $hi) (f64.gt (local.get $cz) (local.get $hi))))
    (global.set $minZ (local.get $lo))
    (global.set $maxZ (local.get $hi))
    (local.set $px (f64.sub (local.get $ax) (global.get $ox)))
    (local.set $py (f64.sub (local.get $ay) (global.get $oy)))
    (local.set $pz (f64.sub (local.get $az) (global.get $oz)))
    (local.set $qx (f64.sub (local.get $bx) (global.get $ox)))
    (local.set $qy (f64.sub (local.get $by) (global.get $oy)))
    (local.set $qz (f64.sub (local.get $bz) (global.get $oz)))
    (local.set $rx (f64.sub (local.get $cx) (global.get $ox)))
    (local.set $ry (f64.sub (local.get $cy) (global.get $oy)))
    (local.set $rz (f64.sub (local.get $cz) (global.get $oz)))
    ;; Signed volume of the tetrahedron (origin, a, b, c), times six.
    (global.set $sixVolume
      (f64.add (global.get $sixVolume)
        (f64.add
          (f64.sub
            (f64.mul (local.get $px) (f64.sub (f64.mul (local.get $qy) (local.get $rz)) (f64.mul (local.get $qz) (local.get $ry))))
            (f64.mul (local.get $py) (f64.sub (f64.mul (local.get $qx) (local.get $rz)) (f64.mul (local.get $qz) (local.get $rx)))))
          (f64.mul (local.get $pz) (f64.sub (f64.mul (local.get $qx) (local.get $ry)) (f64.mul (local.get $qy) (local.get $rx)))))))
    (local.set $ux (f64.sub (local.get $qx) (local.get $px)))
    (local.set $uy (f64.sub (local.get $qy) (local.get $py)))
    (local.set $uz (f64.sub (local.get $qz) (local.get $pz)))
    (local.set $vx (f64.sub (local.get $rx) (local.get $px)))
    (local.set $vy (f64.sub (local.get $ry) (local.get $py)))
    (local.set $vz (f64.sub (local.get $rz) (local.get $pz)))
    (local.set $nx (f64.sub (f64.mul (local.get $uy) (local.get $vz)) (f64.mul (local.get $uz) (local.get $vy))))
    (local.set $ny (f64.sub (f64.mul (local.get $uz) (local.get $vx)) (f64.mul (local.get $ux) (local.get $vz))))
    (local.set $nz (f64.sub (f64.mul (local.get $ux) (local.get $vy)) (f64.mul (local.get $uy) (local.get $vx))))
    (local.set $horizontal (f64.add (f64.mul (local.get $nx) (local.get $nx)) (f64.mul (local.get $ny) (local.get $ny))))
    (local.set $vertical (f64.mul (local.get $nz) (local.get $nz)))
    (global.set $doubleArea
      (f64.add (global.get $doubleArea) (f64.sqrt (f64.add (local.get $horizontal) (local.get $vertical)))))
    ;; |n.z| / |n| > cos 45° without a division; exact for facets at exactly 45° on round coordinates.
    ;; A steep facet whose top lies above the running lowest point + 0.05 mm can never rest on the plate
    ;; and is summed at once; any other is held until metrics() knows the lowest point.
    (if (f64.gt (local.get $vertical) (local.get $horizontal))
      (then
        (local.set $top (f64.max (f64.max (local.get $az) (local.get $bz)) (local.get $cz)))
        (if (f64.gt (local.get $top) (f64.add (global.get $minZ) (f64.const 0.05)))
          (then (call $sumSteep (local.get $nz) (f64.add (f64.add (local.get $pz) (local.get $qz)) (local.get $rz))))
          (else (call $hold (local.get $top) (local.get $nz) (f64.add (f64.add (local.get $pz) (local.get $qz)) (local.get $rz)))))))
    (i32.const 0))

  ;; measure() over `facets` binary STL records from `at`, with the running figures in locals for the
  ;; batch; returns how many came before the first with a coordinate that is not a number (all of them
  ;; when none has). The arithmetic and its order are measure()'s, so the sums come out the same to the
  ;; last bit: it is written again on purpose, as a call per facet with the figures in globals cost a
  ;; tenth of the whole analysis.
  (func $measureFacets (param $at i32) (param $facets i32) (result i32)
    (local $facet i32) (local $sum f64) (local $top f64)
    (local $ax f64) (local $ay f64) (local $az f64) (local $bx f64) (local $by f64) (local $bz f64)
    (local $cx f64) (local $cy f64) (local $cz f64)
    (local $minX f64) (local $minY f64) (local $minZ f64) (local $maxX f64) (local $maxY f64) (local $maxZ f64)
    (local $ox f64) (local $oy f64) (local $oz f64) (local $sixVolume f64) (local $doubleArea f64)
    (local $px f64) (local $py f64) (local $pz f64) (local $qx f64) (local $qy f64) (local $qz f64)
    (local $rx f64) (local $ry f64) (local $rz f64) (local $ux f64) (local $uy f64) (local $uz f64)
    (local $vx f64) (local $vy f64) (local $vz f64) (local $nx f64) (local $ny f64) (local $nz f64)
    (local $horizontal f64) (local $vertical f64)
    (local.set $minX (global.get $minX))
    (local.set $minY (global.get $minY))
    (local.set $minZ (global.get $minZ))
    (local.set $maxX (global.get $maxX))
    (local.set $maxY (global.get $maxY))
    (local.set $maxZ (global.get $maxZ))
    (local.set $ox (global.get $ox))
    (local.set $oy (global.get $oy))
    (local.set $oz (global.get $oz))
    (local.set $sixVolume (global.get $sixVolume))
    (local.set $doubleArea (global.get $doubleArea))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $facet) (local.get $facets)))
        (local.set $ax (f64.promote_f32 (f32.load offset=12 (local.get $at))))
        (local.set $ay (f64.promote_f32 (f32.load offset=16 (local.get $at))))
        (local.set $az (f64.promote_f32 (f32.load offset=20 (local.get $at))))
        (local.set $bx (f64.promote_f32 (f32.load offset=24 (local.get $at))))
        (local.set $by (f64.promote_f32 (f32.load offset=28 (local.get $at))))
        (local.set $bz (f64.promote_f32 (f32.load offset=32 (local.get $at))))
        (local.set $cx (f64.promote_f32 (f32.load offset=36 (local.get $at))))
        (local.set $cy (f64.promote_f32 (f32.load offset=40 (local.get $at))))
        (local.set $cz (f64.promote_f32 (f32.load offset=44 (local.get $at))))
        (local.set $sum
          (f64.add (f64.add (f64.add (f64.add (f64.add (f64.add (f64.add (f64.add
            (local.get $ax) (local.get $ay)) (local.get $az)) (local.get $bx)) (local.get $by)) (local.get $bz))
            (local.get $cx)) (local.get $cy)) (local.get $cz)))
        (br_if $done (f64.ne (f64.sub (local.get $sum) (local.get $sum)) (f64.const 0)))
        (if (i32.eqz (global.get $originSet))
          (then
            (global.set $originSet (i32.const 1))
            (global.set $ox (local.tee $ox (local.get $ax)))
            (global.set $oy (local.tee $oy (local.get $ay)))
            (global.set $oz (local.tee $oz (local.get $az)))))
        (local.set $minX (select (local.get $ax) (local.get $minX) (f64.lt (local.get $ax) (local.get $minX))))
        (local.set $maxX (select (local.get $ax) (local.get $maxX) (f64.gt (local.get $ax) (local.get $maxX))))
        (local.set $minX (select (local.get $bx) (local.get $minX) (f64.lt (local.get $bx) (local.get $minX))))
        (local.set $maxX (select (local.get $bx) (local.get $maxX) (f64.gt (local.get $bx) (local.get $maxX))))
        (local.set $minX (select (local.get $cx) (local.get $minX) (f64.lt (local.get $cx) (local.get $minX))))
        (local.set $maxX (select (local.get $cx) (local.get $maxX) (f64.gt (local.get $cx) (local.get $maxX))))
        (local.set $minY (select (local.get $ay) (local.get $minY) (f64.lt (local.get $ay) (local.get $minY))))
        (local.set $maxY (select (local.get $ay) (local.get $maxY) (f64.gt (local.get $ay) (local.get $maxY))))
        (local.set $minY (select (local.get $by) (local.get $minY) (f64.lt (local.get $by) (local.get $minY))))
        (local.set $maxY (select (local.get $by) (local.get $maxY) (f64.gt (local.get $by) (local.get $maxY))))
        (local.set $minY (select (local.get $cy) (local.get $minY) (f64.lt (local.get $cy) (local.get $minY))))
        (local.set $maxY (select (local.get $cy) (local.get $maxY) (f64.gt (local.get $cy) (local.get $maxY))))
        (local.set $minZ (select (local.get $az) (local.get $minZ) (f64.lt (local.get $az) (local.get $minZ))))
        (local.set $maxZ (select (local.get $az) (local.get $maxZ) (f64.gt (local.get $az) (local.get $maxZ))))
        (local.set $minZ (select (local.get $bz) (local.get $minZ) (f64.lt (local.get $bz) (local.get $minZ))))
        (local.set $maxZ (select (local.get $bz) (local.get $maxZ) (f64.gt (local.get $bz) (local.get $maxZ))))
        (local.set $minZ (select (local.get $cz) (local.get $minZ) (f64.lt (local.get $cz) (local.get $minZ))))
        (local.set $maxZ (select (local.get $cz) (local.get $maxZ) (f64.gt (local.get $cz) (local.get $maxZ))))
        (local.set $px (f64.sub (local.get $ax) (local.get $ox)))
        (local.set $py (f64.sub (local.get $ay) (local.get $oy)))
        (local.set $pz (f64.sub (local.get $az) (local.get $oz)))
        (local.set $qx (f64.sub (local.get $bx) (local.get $ox)))
        (local.set $qy (f64.sub (local.get $by) (local.get $oy)))
        (local.set $qz (f64.sub (local.get $bz) (local.get $oz)))
        (local.set $rx (f64.sub (local.get $cx) (local.get $ox)))
        (local.set $ry (f64.sub (local.get $cy) (local.get $oy)))
        (local.set $rz (f64.sub (local.get $cz) (local.get $oz)))
        (local.set $sixVolume
          (f64.add (local.get $sixVolume)
            (f64.add
              (f64.sub
                (f64.mul (local.get $px) (f64.sub (f64.mul (local.get $qy) (local.get $rz)) (f64.mul (local.get $qz) (local.get $ry))))
                (f64.mul (local.get $py) (f64.sub (f64.mul (local.get $qx) (local.get $rz)) (f64.mul (local.get $qz) (local.get $rx)))))
              (f64.mul (local.get $pz) (f64.sub (f64.mul (local.get $qx) (local.get $ry)) (f64.mul (local.get $qy) (local.get $rx)))))))
        (local.set $ux (f64.sub (local.get $qx) (local.get $px)))
        (local.set $uy (f64.sub (local.get $qy) (local.get $py)))
        (local.set $uz (f64.sub (local.get $qz) (local.get $pz)))
        (local.set $vx (f64.sub (local.get $rx) (local.get $px)))
        (local.set $vy (f64.sub (local.get $ry) (local.get $py)))
        (local.set $vz (f64.sub (local.get $rz) (local.get $pz)))
        (local.set $nx (f64.sub (f64.mul (local.get $uy) (local.get $vz)) (f64.mul (local.get $uz) (local.get $vy))))
        (local.set $ny (f64.sub (f64.mul (local.get $uz) (local.get $vx)) (f64.mul (local.get $ux) (local.get $vz))))
        (local.set $nz (f64.sub (f64.mul (local.get $ux) (local.get $vy)) (f64.mul (local.get $uy) (local.get $vx))))
        (local.set $horizontal (f64.add (f64.mul (local.get $nx) (local.get $nx)) (f64.mul (local.get $ny) (local.get $ny))))
        (local.set $vertical (f64.mul (local.get $nz) (local.get $nz)))
        (local.set $doubleArea
          (f64.add (local.get $doubleArea) (f64.sqrt (f64.add (local.get $horizontal) (local.get $vertical)))))
        (if (f64.gt (local.get $vertical) (local.get $horizontal))
          (then
            (local.set $top (f64.max (f64.max (local.get $az) (local.get $bz)) (local.get $cz)))
            (if (f64.gt (local.get $top) (f64.add (local.get $minZ) (f64.const 0.05)))
              (then (call $sumSteep (local.get $nz) (f64.add (f64.add (local.get $pz) (local.get $qz)) (local.get $rz))))
              (else
                (global.set $minZ (local.get $minZ))
                (call $hold (local.get $top) (local.get $nz) (f64.add (f64.add (local.get $pz) (local.get $qz)) (local.get $rz)))))))
        (local.set $at (i32.add (local.get $at) (i32.const 50)))
        (local.set $facet (i32.add (local.get $facet) (i32.const 1)))
        (br $next)))
    (global.set $triangles (i32.add (global.get $triangles) (local.get $facet)))
    (global.set $minX (local.get $minX))
    (global.set $minY (local.get $minY))
    (global.set $minZ (local.get $minZ))
    (global.set $maxX (local.get $maxX))
    (global.set $maxY (local.get $maxY))
    (global.set $maxZ (local.get $maxZ))
    (global.set $sixVolume (local.get $sixVolume))
    (global.set $doubleArea (local.get $doubleArea))
    (local.get $facet))

  ;; ---- Binary STL ------------------------------------------------------------------------------

  ;; The first `facets` records of the block, in batches of 512: measured, welded, connected. 0 when
  ;; all are in; else what stopped them, the first in file order: 1 a coordinate that is not a number
  ;; (the facet after `triangles`), 2 a corner more than 200 m out, 3 more than 2^25 vertices.
  (func (export "stlFacets") (param $facets i32) (result i32)
    (local $first i32) (local $batch i32) (local $at i32) (local $measured i32) (local $welded i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $first) (local.get $facets)))
        (local.set $batch (i32.sub (local.get $facets) (local.get $first)))
        (if (i32.gt_u (local.get $batch) (i32.const 512)) (then (local.set $batch (i32.const 512))))
        (local.set $at (i32.add (global.get $BLOCK) (i32.mul (local.get $first) (i32.const 50))))
        (local.set $measured (call $measureFacets (local.get $at) (local.get $batch)))
        (local.set $welded (call $assignCorners (local.get $at) (local.get $measured)))
        (if (global.get $waiting)
          (then (if (call $lookUpPending) (then (return (i32.const 3))))))
        (if (i32.lt_u (local.get $welded) (local.get $measured)) (then (return (i32.const 2))))
        (call $connectFacets (local.get $welded))
        (if (i32.lt_u (local.get $measured) (local.get $batch)) (then (return (i32.const 1))))
        (local.set $first (i32.add (local.get $first) (local.get $batch)))
        (br $next)))
    (i32.const 0))
)

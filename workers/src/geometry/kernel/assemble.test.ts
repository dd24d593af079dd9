// The WebAssembly text assembler on the forms the kernel uses, and the kernel's rounding, which must be
// Math.round's (halves up) where WebAssembly's own rounds halves to even.
import { describe, expect, it } from 'vitest';
import { assemble } from './assemble.ts';
import { instantiateKernel } from './kernel.ts';

interface Exports {
  [name: string]: (...args: number[]) => number;
}

/** The WebAssembly API (the workers compile without the DOM library that types it). */
const wasm = (
  globalThis as unknown as {
    WebAssembly: {
      Module: new (bytes: Uint8Array) => object;
      Instance: new (module: object, imports: object) => { exports: Exports };
      Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer };
    };
  }
).WebAssembly;

function run(text: string, imports: object = {}): Exports {
  return new wasm.Instance(new wasm.Module(assemble(text)), imports).exports;
}

describe('assemble', () => {
  it('reads folded and flat instructions, labels, blocks with results and constants', () => {
    const { sum, sign, wide } = run(`
      (module
        ;; 0 + 1 + … + (n - 1), with a named block and loop
        (func (export "sum") (param $n i32) (result i32)
          (local $i i32) (local $total i32)
          (block $done
            (loop $next
              (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
              (local.set $total (i32.add (local.get $total) (local.get $i)))
              (local.set $i (i32.add (local.get $i) (i32.const 1)))
              (br $next)))
          local.get $total)
        (func (export "sign") (param $x f64) (result i32)
          (if (result i32) (f64.lt (local.get $x) (f64.const -0.5))
            (then (i32.const -1))
            (else (select (i32.const 1) (i32.const 0) (f64.gt (local.get $x) (f64.const 0.5))))))
        (func (export "wide") (result i32)
          (i32.wrap_i64 (i64.shr_u (i64.const 0x7fff_ffff_ffff_ffff) (i64.const 40))))
      )`);
    expect(sum?.(10)).toBe(45);
    expect([sign?.(-3), sign?.(0.25), sign?.(2)]).toEqual([-1, 0, 1]);
    expect(wide?.()).toBe(0x7fffff);
  });

  it('addresses several memories, copies and fills between them', () => {
    const first = new wasm.Memory({ initial: 1 });
    const second = new wasm.Memory({ initial: 1 });
    const { move } = run(
      `(module
        (import "m" "first" (memory $first 1))
        (import "m" "second" (memory $second 1))
        (func (export "move") (result i32)
          (i32.store $second offset=8 (i32.const 0) (i32.const 77))
          (memory.copy $first $second (i32.const 100) (i32.const 8) (i32.const 4))
          (memory.fill $second (i32.const 8) (i32.const 0) (i32.const 4))
          (i32.add (i32.load (i32.const 100)) (i32.load $second offset=8 (i32.const 0)))))`,
      { m: { first, second } },
    );
    expect(move?.()).toBe(77);
    expect(new Int32Array(first.buffer)[25]).toBe(77);
  });

  it('writes (@inline) functions out in place: fresh locals at each call, return leaves the call only', () => {
    const text = (annotation: string) => `
      (module
        (func $clamp ${annotation} (param $x i32) (result i32)
          (local $seen i32)
          ;; $seen starts at zero on every call, as a called function's locals do
          (local.set $seen (i32.add (local.get $seen) (i32.const 1)))
          (if (i32.gt_s (local.get $x) (i32.const 9)) (then (return (i32.const 9))))
          (i32.add (local.get $x) (i32.sub (local.get $seen) (i32.const 1))))
        (func (export "twice") (param $x i32) (result i32)
          (i32.add (call $clamp (local.get $x)) (call $clamp (i32.mul (local.get $x) (i32.const 4))))))`;
    const called = run(text(''));
    const inlined = run(text('(@inline)'));
    for (const x of [-3, 1, 2, 3, 12]) expect(inlined.twice?.(x)).toBe(called.twice?.(x));
    expect(assemble(text('(@inline)')).length).toBeGreaterThan(assemble(text('')).length);
  });

  it('names what it does not know', () => {
    expect(() => assemble('(module (func (i32.frobnicate)))')).toThrow('unknown instruction i32.frobnicate');
    expect(() => assemble('(module (func (local.get $nowhere)))')).toThrow('unknown local $nowhere');
    expect(() => assemble('(module (func (br $out)))')).toThrow('unknown label $out');
  });
});

describe('the kernel', () => {
  it('rounds to the 0.1 µm grid as Math.round does, halves upwards', () => {
    const { kernel } = instantiateKernel();
    kernel.init();
    // 1/32 mm and 5/32 mm are 312.5 and 1562.5 steps exactly: Math.round takes them up.
    for (const [half, up, down] of [
      [1 / 32, 0.0313, 0.0312],
      [5 / 32, 0.1563, 0.1562],
      [-1 / 32, -0.0312, -0.0313],
    ] as const) {
      expect(kernel.weld(half, 0, 0)).toBe(kernel.weld(up, 0, 0));
      expect(kernel.weld(half, 0, 0)).not.toBe(kernel.weld(down, 0, 0));
    }
    // −0.5 steps rounds to −0, the same grid point as 0.
    expect(kernel.weld(-0.00005, 0, 0)).toBe(kernel.weld(0, 0, 0));
    expect(kernel.weld(200_001, 0, 0)).toBe(-1);
  });
});

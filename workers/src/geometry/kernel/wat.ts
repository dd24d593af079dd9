// The WebAssembly text the kernel's assembler (assemble.ts) reads: its forms (s-expressions) and their
// tokens, the opcodes of the instructions it knows, and the bytes of the binary format it writes.

export type Sexp = string | Sexp[];

export const VALUE_TYPES: Record<string, number> = { i32: 0x7f, i64: 0x7e, f32: 0x7d, f64: 0x7c };

/** Operations without immediates, by their text names. */
export const PLAIN: Record<string, number> = {
  unreachable: 0x00,
  nop: 0x01,
  return: 0x0f,
  drop: 0x1a,
  select: 0x1b,
};
export const NUMERIC = [
  [0x45, 'i32.eqz i32.eq i32.ne i32.lt_s i32.lt_u i32.gt_s i32.gt_u i32.le_s i32.le_u i32.ge_s i32.ge_u'],
  [0x50, 'i64.eqz i64.eq i64.ne i64.lt_s i64.lt_u i64.gt_s i64.gt_u i64.le_s i64.le_u i64.ge_s i64.ge_u'],
  [0x5b, 'f32.eq f32.ne f32.lt f32.gt f32.le f32.ge f64.eq f64.ne f64.lt f64.gt f64.le f64.ge'],
  [
    0x67,
    'i32.clz i32.ctz i32.popcnt i32.add i32.sub i32.mul i32.div_s i32.div_u i32.rem_s i32.rem_u i32.and i32.or i32.xor i32.shl i32.shr_s i32.shr_u i32.rotl i32.rotr',
  ],
  [
    0x79,
    'i64.clz i64.ctz i64.popcnt i64.add i64.sub i64.mul i64.div_s i64.div_u i64.rem_s i64.rem_u i64.and i64.or i64.xor i64.shl i64.shr_s i64.shr_u i64.rotl i64.rotr',
  ],
  [
    0x8b,
    'f32.abs f32.neg f32.ceil f32.floor f32.trunc f32.nearest f32.sqrt f32.add f32.sub f32.mul f32.div f32.min f32.max f32.copysign',
  ],
  [
    0x99,
    'f64.abs f64.neg f64.ceil f64.floor f64.trunc f64.nearest f64.sqrt f64.add f64.sub f64.mul f64.div f64.min f64.max f64.copysign',
  ],
  [
    0xa7,
    'i32.wrap_i64 i32.trunc_f32_s i32.trunc_f32_u i32.trunc_f64_s i32.trunc_f64_u i64.extend_i32_s i64.extend_i32_u i64.trunc_f32_s i64.trunc_f32_u i64.trunc_f64_s i64.trunc_f64_u f32.convert_i32_s f32.convert_i32_u f32.convert_i64_s f32.convert_i64_u f32.demote_f64 f64.convert_i32_s f64.convert_i32_u f64.convert_i64_s f64.convert_i64_u f64.promote_f32 i32.reinterpret_f32 i64.reinterpret_f64 f32.reinterpret_i32 f64.reinterpret_i64 i32.extend8_s i32.extend16_s i64.extend8_s i64.extend16_s i64.extend32_s',
  ],
] as const;
for (const [first, names] of NUMERIC) {
  names.split(' ').forEach((name, i) => {
    PLAIN[name] = first + i;
  });
}
/** 0xFC-prefixed operations without immediates. */
export const SATURATING =
  'i32.trunc_sat_f32_s i32.trunc_sat_f32_u i32.trunc_sat_f64_s i32.trunc_sat_f64_u i64.trunc_sat_f32_s i64.trunc_sat_f32_u i64.trunc_sat_f64_s i64.trunc_sat_f64_u'.split(
    ' ',
  );

/** Loads and stores: opcode and the log2 of their natural alignment. */
export const MEMORY_ACCESS: Record<string, [opcode: number, align: number]> = {};
'i32.load:2 i64.load:3 f32.load:2 f64.load:3 i32.load8_s:0 i32.load8_u:0 i32.load16_s:1 i32.load16_u:1 i64.load8_s:0 i64.load8_u:0 i64.load16_s:1 i64.load16_u:1 i64.load32_s:2 i64.load32_u:2 i32.store:2 i64.store:3 f32.store:2 f64.store:3 i32.store8:0 i32.store16:1 i64.store8:0 i64.store16:1 i64.store32:2'
  .split(' ')
  .forEach((entry, i) => {
    const [name, align] = entry.split(':') as [string, string];
    MEMORY_ACCESS[name] = [0x28 + i, Number(align)];
  });

/** The forms of a text, its comments dropped. */
export function parse(text: string): Sexp[] {
  const tokens = text
    .replace(/\(;[\s\S]*?;\)/g, ' ')
    .replace(/;;[^\n]*/g, ' ')
    .match(/"(?:[^"\\]|\\.)*"|[()]|[^\s()]+/g);
  const stack: Sexp[][] = [[]];
  for (const token of tokens ?? []) {
    if (token === '(') {
      const list: Sexp[] = [];
      stack.at(-1)?.push(list);
      stack.push(list);
    } else if (token === ')') {
      if (stack.length === 1) throw new Error('unbalanced )');
      stack.pop();
    } else stack.at(-1)?.push(token);
  }
  if (stack.length !== 1) throw new Error('unbalanced (');
  return stack[0] ?? [];
}

export const isList = (form: Sexp | undefined, head?: string): form is Sexp[] =>
  Array.isArray(form) && (head === undefined || form[0] === head);

export const show = (form: Sexp): string => (Array.isArray(form) ? `(${form.map(show).join(' ')})` : form);

export function unquote(token: Sexp | undefined): string {
  if (typeof token !== 'string' || !token.startsWith('"')) throw new Error(`expected a string: ${token}`);
  return JSON.parse(token) as string;
}

export function valueType(name: Sexp | undefined): number {
  const type = typeof name === 'string' ? VALUE_TYPES[name] : undefined;
  if (type === undefined) throw new Error(`unknown value type ${show(name ?? '')}`);
  return type;
}

export class Bytes {
  readonly out: number[] = [];
  byte(...values: number[]): this {
    this.out.push(...values);
    return this;
  }
  u32(value: number): this {
    let rest = value >>> 0;
    do {
      const low = rest & 0x7f;
      rest >>>= 7;
      this.out.push(rest === 0 ? low : low | 0x80);
    } while (rest !== 0);
    return this;
  }
  s64(value: bigint): this {
    let rest = value;
    for (;;) {
      const low = Number(rest & 0x7fn);
      rest >>= 7n;
      const done = (rest === 0n && (low & 0x40) === 0) || (rest === -1n && (low & 0x40) !== 0);
      this.out.push(done ? low : low | 0x80);
      if (done) return this;
    }
  }
  name(text: string): this {
    const encoded = new TextEncoder().encode(text);
    return this.u32(encoded.length).byte(...encoded);
  }
  vector(items: Bytes[]): this {
    this.u32(items.length);
    for (const item of items) this.byte(...item.out);
    return this;
  }
  sized(inner: Bytes): this {
    return this.u32(inner.out.length).byte(...inner.out);
  }
}

export interface FunctionType {
  params: number[];
  results: number[];
}

export interface FunctionForm {
  type: number;
  form: Sexp[];
  /** Where the locals start in `form` (after the name, exports, annotation, params and results). */
  bodyAt: number;
  paramNames: Array<string | undefined>;
  params: number[];
  results: number[];
  inline: boolean;
}

/** What a function's writer asks of its module: the indices of names, and functions to write in place. */
export interface ModuleNames {
  resolve(kind: 'memory' | 'global' | 'function', token: Sexp | undefined): number;
  inlined(token: Sexp | undefined): FunctionForm | undefined;
  isMemory(token: Sexp | undefined): boolean;
}

export function isLabel(token: string | undefined): boolean {
  return token !== undefined && (token.startsWith('$') || /^\d+$/.test(token));
}

export function integer(token: Sexp | undefined): bigint {
  if (typeof token !== 'string') throw new Error('expected a number');
  const clean = token.replaceAll('_', '');
  const negative = clean.startsWith('-');
  const digits = clean.replace(/^[+-]/, '');
  const value = BigInt(digits);
  return negative ? -value : value;
}

export function float(token: Sexp | undefined): number {
  if (typeof token !== 'string') throw new Error('expected a number');
  const clean = token.replaceAll('_', '');
  if (/^[+-]?inf$/.test(clean)) return clean.startsWith('-') ? -Infinity : Infinity;
  if (/^[+-]?nan$/.test(clean)) return Number.NaN;
  const value = Number(clean);
  if (Number.isNaN(value)) throw new Error(`not a number: ${token}`);
  return value;
}

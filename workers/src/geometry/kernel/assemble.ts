// A small assembler for the WebAssembly text format: the mesh kernel is written as .wat, and this
// turns it into a module when the analyser loads, so the repository needs no build step and holds
// no binaries. It reads the subset the kernel uses: imported memories, globals, functions with named
// params, locals and labels, folded or flat instructions, the MVP numeric operations, sign extension,
// saturating truncation, bulk memory, and several memories (loads and stores name theirs).
// A function annotated (@inline) has every call to it written out in place: V8 inlines only within a
// small budget, and a call per corner to a three-line hash cost more than the hash.

type Sexp = string | Sexp[];

const VALUE_TYPES: Record<string, number> = { i32: 0x7f, i64: 0x7e, f32: 0x7d, f64: 0x7c };

/** Operations without immediates, by their text names. */
const PLAIN: Record<string, number> = {
  unreachable: 0x00,
  nop: 0x01,
  return: 0x0f,
  drop: 0x1a,
  select: 0x1b,
};
const NUMERIC = [
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
const SATURATING =
  'i32.trunc_sat_f32_s i32.trunc_sat_f32_u i32.trunc_sat_f64_s i32.trunc_sat_f64_u i64.trunc_sat_f32_s i64.trunc_sat_f32_u i64.trunc_sat_f64_s i64.trunc_sat_f64_u'.split(
    ' ',
  );

/** Loads and stores: opcode and the log2 of their natural alignment. */
const MEMORY_ACCESS: Record<string, [opcode: number, align: number]> = {};
'i32.load:2 i64.load:3 f32.load:2 f64.load:3 i32.load8_s:0 i32.load8_u:0 i32.load16_s:1 i32.load16_u:1 i64.load8_s:0 i64.load8_u:0 i64.load16_s:1 i64.load16_u:1 i64.load32_s:2 i64.load32_u:2 i32.store:2 i64.store:3 f32.store:2 f64.store:3 i32.store8:0 i32.store16:1 i64.store8:0 i64.store16:1 i64.store32:2'
  .split(' ')
  .forEach((entry, i) => {
    const [name, align] = entry.split(':') as [string, string];
    MEMORY_ACCESS[name] = [0x28 + i, Number(align)];
  });

/** Reads WebAssembly text into a binary module. Throws with the offending form on anything unknown. */
export function assemble(text: string): Uint8Array<ArrayBuffer> {
  const forms = parse(text);
  const module = forms.length === 1 && Array.isArray(forms[0]) && forms[0][0] === 'module' ? forms[0] : null;
  if (!module) throw new Error('expected one (module ...)');
  return new ModuleWriter(module.slice(1)).bytes();
}

function parse(text: string): Sexp[] {
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

const isList = (form: Sexp | undefined, head?: string): form is Sexp[] =>
  Array.isArray(form) && (head === undefined || form[0] === head);

const show = (form: Sexp): string => (Array.isArray(form) ? `(${form.map(show).join(' ')})` : form);

function unquote(token: Sexp | undefined): string {
  if (typeof token !== 'string' || !token.startsWith('"')) throw new Error(`expected a string: ${token}`);
  return JSON.parse(token) as string;
}

function valueType(name: Sexp | undefined): number {
  const type = typeof name === 'string' ? VALUE_TYPES[name] : undefined;
  if (type === undefined) throw new Error(`unknown value type ${show(name ?? '')}`);
  return type;
}

class Bytes {
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

interface FunctionType {
  params: number[];
  results: number[];
}

interface FunctionForm {
  type: number;
  form: Sexp[];
  /** Where the locals start in `form` (after the name, exports, annotation, params and results). */
  bodyAt: number;
  paramNames: Array<string | undefined>;
  params: number[];
  results: number[];
  inline: boolean;
}

class ModuleWriter {
  private readonly types: FunctionType[] = [];
  private readonly imports: Bytes[] = [];
  private readonly memories = new Map<string, number>();
  private readonly globals = new Map<string, number>();
  private readonly globalEntries: Bytes[] = [];
  private readonly functions = new Map<string, number>();
  private readonly functionForms: FunctionForm[] = [];
  private readonly exports: Bytes[] = [];
  private readonly exportNames = new Map<number, string>();
  private importedFunctions = 0;
  private memoryCount = 0;

  constructor(fields: Sexp[]) {
    for (const field of fields) {
      if (!isList(field)) throw new Error(`unexpected ${field}`);
      if (field[0] === 'import') this.addImport(field);
      else if (field[0] === 'global') this.addGlobal(field);
      else if (field[0] === 'func') this.declareFunction(field);
      else throw new Error(`unsupported module field ${show(field)}`);
    }
  }

  bytes(): Uint8Array<ArrayBuffer> {
    const out = new Bytes().byte(0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00);
    const section = (id: number, items: Bytes[]) => {
      if (items.length > 0) out.byte(id).sized(new Bytes().vector(items));
    };
    const bodies = this.functionForms.map((fn) => this.body(fn));
    section(
      1,
      this.types.map((type) =>
        new Bytes()
          .byte(0x60)
          .u32(type.params.length)
          .byte(...type.params)
          .u32(type.results.length)
          .byte(...type.results),
      ),
    );
    section(2, this.imports);
    section(
      3,
      this.functionForms.map((fn) => new Bytes().u32(fn.type)),
    );
    section(6, this.globalEntries);
    section(7, this.exports);
    section(
      10,
      bodies.map((body) => new Bytes().sized(body)),
    );
    // The functions' names, for profiles and stack traces.
    const names = new Map(this.exportNames);
    for (const [name, index] of this.functions) if (name.startsWith('$')) names.set(index, name.slice(1));
    const nameMap = new Bytes().vector(
      [...names].sort(([a], [b]) => a - b).map(([index, name]) => new Bytes().u32(index).name(name)),
    );
    out.byte(0).sized(new Bytes().name('name').byte(1).sized(nameMap));
    return new Uint8Array(out.out);
  }

  private typeIndex(type: FunctionType): number {
    const key = `${type.params.join(',')}>${type.results.join(',')}`;
    const found = this.types.findIndex((t) => `${t.params.join(',')}>${t.results.join(',')}` === key);
    if (found >= 0) return found;
    this.types.push(type);
    return this.types.length - 1;
  }

  /** (import "module" "name" (memory $name min max?)) or (func $name (param ...) (result ...)). */
  private addImport(field: Sexp[]): void {
    const [, module, name, what] = field;
    if (!isList(what)) throw new Error(`bad import ${show(field)}`);
    const entry = new Bytes().name(unquote(module)).name(unquote(name));
    const id = typeof what[1] === 'string' && what[1].startsWith('$') ? what[1] : undefined;
    if (what[0] === 'memory') {
      if (this.functionForms.length > 0) throw new Error('imports come before definitions');
      const limits = what.slice(id ? 2 : 1).map(Number);
      entry.byte(0x02);
      if (limits.length > 1)
        entry
          .byte(0x01)
          .u32(limits[0] ?? 0)
          .u32(limits[1] ?? 0);
      else entry.byte(0x00).u32(limits[0] ?? 0);
      this.memories.set(id ?? String(this.memoryCount), this.memoryCount++);
    } else if (what[0] === 'func') {
      if (this.functionForms.length > 0) throw new Error('imports come before definitions');
      const { type } = this.signature(what, id ? 2 : 1);
      entry.byte(0x00).u32(type);
      this.functions.set(id ?? String(this.importedFunctions), this.importedFunctions++);
    } else throw new Error(`unsupported import ${show(field)}`);
    this.imports.push(entry);
  }

  /** (global $name (export "name")? type-or-(mut type) (const-expression)). */
  private addGlobal(field: Sexp[]): void {
    let at = 1;
    const id = typeof field[at] === 'string' ? (field[at++] as string) : undefined;
    const index = this.globals.size;
    if (isList(field[at], 'export')) {
      this.exports.push(
        new Bytes()
          .name(unquote((field[at] as Sexp[])[1]))
          .byte(0x03)
          .u32(index),
      );
      at++;
    }
    const typeForm = field[at++];
    const mutable = isList(typeForm, 'mut');
    const type = valueType(mutable ? typeForm[1] : typeForm);
    const init = field[at];
    if (!isList(init)) throw new Error(`global without a value: ${show(field)}`);
    const entry = new Bytes().byte(type, mutable ? 1 : 0);
    const expression = new FunctionWriter(this, new Map());
    expression.instruction(init);
    entry.byte(...expression.code.out, 0x0b);
    this.globalEntries.push(entry);
    this.globals.set(id ?? String(index), index);
  }

  private declareFunction(field: Sexp[]): void {
    let at = 1;
    const id =
      typeof field[at] === 'string' && (field[at] as string).startsWith('$') ? field[at++] : undefined;
    const index = this.importedFunctions + this.functionForms.length;
    while (isList(field[at], 'export')) {
      this.exportNames.set(index, unquote((field[at] as Sexp[])[1]));
      this.exports.push(
        new Bytes()
          .name(unquote((field[at] as Sexp[])[1]))
          .byte(0x00)
          .u32(index),
      );
      at++;
    }
    const inline = isList(field[at], '@inline');
    if (inline) at++;
    const { type, paramNames, next } = this.signature(field, at);
    this.functions.set((id as string | undefined) ?? String(index), index);
    const { params, results } = this.types[type] as FunctionType;
    this.functionForms.push({ type, form: field, bodyAt: next, paramNames, params, results, inline });
  }

  private signature(
    form: Sexp[],
    from: number,
  ): { type: number; paramNames: Array<string | undefined>; next: number } {
    const params: number[] = [];
    const results: number[] = [];
    const paramNames: Array<string | undefined> = [];
    let at = from;
    for (; isList(form[at], 'param'); at++) {
      const param = form[at] as Sexp[];
      if (typeof param[1] === 'string' && param[1].startsWith('$')) {
        paramNames.push(param[1]);
        params.push(valueType(param[2]));
      } else {
        for (const type of param.slice(1)) {
          paramNames.push(undefined);
          params.push(valueType(type));
        }
      }
    }
    for (; isList(form[at], 'result'); at++)
      for (const type of (form[at] as Sexp[]).slice(1)) results.push(valueType(type));
    return { type: this.typeIndex({ params, results }), paramNames, next: at };
  }

  private body(fn: FunctionForm): Bytes {
    const locals = new Map<string, number>();
    fn.paramNames.forEach((name, i) => {
      if (name) locals.set(name, i);
    });
    const writer = new FunctionWriter(this, locals, fn.params.length);
    const at = writer.declareLocals(fn, locals);
    writer.sequence(fn.form.slice(at));
    const localTypes = writer.localTypes;
    const runs: Bytes[] = [];
    for (let i = 0; i < localTypes.length; ) {
      let j = i;
      while (j < localTypes.length && localTypes[j] === localTypes[i]) j++;
      runs.push(new Bytes().u32(j - i).byte(localTypes[i] ?? 0));
      i = j;
    }
    return new Bytes().vector(runs).byte(...writer.code.out, 0x0b);
  }

  resolve(kind: 'memory' | 'global' | 'function', token: Sexp | undefined): number {
    const table = kind === 'memory' ? this.memories : kind === 'global' ? this.globals : this.functions;
    if (typeof token !== 'string') throw new Error(`expected a ${kind}: ${show(token ?? '')}`);
    const index = table.get(token) ?? (/^\d+$/.test(token) ? Number(token) : undefined);
    if (index === undefined) throw new Error(`unknown ${kind} ${token}`);
    return index;
  }

  /** The function `token` names when it is to be written out in place. */
  inlined(token: Sexp | undefined): FunctionForm | undefined {
    const index = this.resolve('function', token) - this.importedFunctions;
    const fn = this.functionForms[index];
    return fn?.inline ? fn : undefined;
  }

  isMemory(token: Sexp | undefined): boolean {
    return typeof token === 'string' && this.memories.has(token);
  }
}

class FunctionWriter {
  readonly code = new Bytes();
  /** Enclosing blocks, innermost last: their labels (undefined when unnamed). */
  private readonly labels: Array<string | undefined> = [];

  /** Types of the locals after the params: the function's own, then those of calls written in place. */
  readonly localTypes: number[] = [];
  /** Labels that `return` branches to inside calls written in place, innermost last. */
  private readonly returns: string[] = [];
  private readonly module: ModuleWriter;
  private locals: Map<string, number>;
  private readonly params: number;

  constructor(module: ModuleWriter, locals: Map<string, number>, params = 0) {
    this.module = module;
    this.locals = locals;
    this.params = params;
  }

  /** Adds the (local ...) declarations of `fn` to this function, named in `names`; returns where its body starts. */
  declareLocals(fn: FunctionForm, names: Map<string, number>): number {
    let at = fn.bodyAt;
    for (; isList(fn.form[at], 'local'); at++) {
      const local = fn.form[at] as Sexp[];
      if (typeof local[1] === 'string' && local[1].startsWith('$'))
        names.set(local[1], this.newLocal(valueType(local[2])));
      else for (const type of local.slice(1)) this.newLocal(valueType(type));
    }
    return at;
  }

  private newLocal(type: number): number {
    this.localTypes.push(type);
    return this.params + this.localTypes.length - 1;
  }

  /**
   * A call to `fn` written out in place: its arguments, already on the stack, go to fresh locals, its
   * own locals start at zero as at a call, and its body runs in a block that `return` leaves.
   */
  private inline(fn: FunctionForm): void {
    if (this.returns.length > 8) throw new Error('calls written in place nest too deep');
    const names = new Map<string, number>();
    const params = fn.params.map((type, i) => {
      const index = this.newLocal(type);
      const name = fn.paramNames[i];
      if (name) names.set(name, index);
      return index;
    });
    for (const index of params.reverse()) this.code.byte(0x21).u32(index);
    const first = this.localTypes.length;
    const bodyAt = this.declareLocals(fn, names);
    for (let index = first; index < this.localTypes.length; index++) {
      const type = this.localTypes[index] as number;
      const zero = {
        127: [0x41, 0],
        126: [0x42, 0],
        125: [0x43, 0, 0, 0, 0],
        124: [0x44, 0, 0, 0, 0, 0, 0, 0, 0],
      }[type];
      this.code.byte(...(zero ?? []), 0x21).u32(this.params + index);
    }
    if (fn.results.length > 1) throw new Error('a function written in place returns one value at most');
    const outer = this.locals;
    const label = `return#${this.returns.length}`;
    this.locals = names;
    this.code.byte(0x02, fn.results[0] ?? 0x40);
    this.labels.push(label);
    this.returns.push(label);
    this.sequence(fn.form.slice(bodyAt));
    this.returns.pop();
    this.labels.pop();
    this.code.byte(0x0b);
    this.locals = outer;
  }

  /** A run of instructions, flat or folded. */
  sequence(forms: Sexp[]): void {
    for (let at = 0; at < forms.length; ) at = this.next(forms, at);
  }

  /** A single folded instruction. */
  instruction(form: Sexp[]): void {
    this.next([form], 0);
  }

  /** Writes the instruction at forms[at]; returns where the next begins. */
  private next(forms: Sexp[], at: number): number {
    const form = forms[at];
    if (isList(form)) {
      this.folded(form);
      return at + 1;
    }
    const op = form as string;
    if (op === 'block' || op === 'loop' || op === 'if') {
      let next = at + 1;
      const label =
        typeof forms[next] === 'string' && (forms[next] as string).startsWith('$')
          ? forms[next++]
          : undefined;
      const result = isList(forms[next], 'result') ? (forms[next++] as Sexp[]) : undefined;
      this.open(op, label as string | undefined, result);
      return next;
    }
    if (op === 'else') {
      this.code.byte(0x05);
      return at + 1;
    }
    if (op === 'end') {
      this.labels.pop();
      this.code.byte(0x0b);
      return at + 1;
    }
    const immediates = this.immediateCount(op, forms, at + 1);
    this.emit(op, forms.slice(at + 1, at + 1 + immediates));
    return at + 1 + immediates;
  }

  private folded(form: Sexp[]): void {
    const op = form[0];
    if (typeof op !== 'string') throw new Error(`expected an instruction: ${show(form)}`);
    if (op === 'block' || op === 'loop') {
      let at = 1;
      const label =
        typeof form[at] === 'string' && (form[at] as string).startsWith('$') ? form[at++] : undefined;
      const result = isList(form[at], 'result') ? (form[at++] as Sexp[]) : undefined;
      this.open(op, label as string | undefined, result);
      this.sequence(form.slice(at));
      this.labels.pop();
      this.code.byte(0x0b);
      return;
    }
    if (op === 'if') {
      let at = 1;
      const label =
        typeof form[at] === 'string' && (form[at] as string).startsWith('$') ? form[at++] : undefined;
      const result = isList(form[at], 'result') ? (form[at++] as Sexp[]) : undefined;
      const rest = form.slice(at);
      const thenAt = rest.findIndex((item) => isList(item, 'then'));
      if (thenAt < 0) throw new Error(`if without then: ${show(form)}`);
      this.sequence(rest.slice(0, thenAt));
      this.open('if', label as string | undefined, result);
      this.sequence((rest[thenAt] as Sexp[]).slice(1));
      const otherwise = rest[thenAt + 1];
      if (isList(otherwise, 'else')) {
        this.code.byte(0x05);
        this.sequence(otherwise.slice(1));
      }
      this.labels.pop();
      this.code.byte(0x0b);
      return;
    }
    const immediates = this.immediateCount(op, form, 1);
    this.sequence(form.slice(1 + immediates));
    this.emit(op, form.slice(1, 1 + immediates));
  }

  private open(op: 'block' | 'loop' | 'if', label: string | undefined, result: Sexp[] | undefined): void {
    this.code.byte(op === 'block' ? 0x02 : op === 'loop' ? 0x03 : 0x04);
    if (!result || result.length === 1) this.code.byte(0x40);
    else if (result.length === 2) this.code.byte(valueType(result[1]));
    else throw new Error('blocks return one value at most');
    this.labels.push(label);
  }

  /** How many of the tokens from forms[at] on are the immediates of `op`. */
  private immediateCount(op: string, forms: Sexp[], at: number): number {
    const atom = (i: number) => (typeof forms[at + i] === 'string' ? (forms[at + i] as string) : undefined);
    if (MEMORY_ACCESS[op]) {
      let count = 0;
      if (this.module.isMemory(atom(count))) count++;
      while (/^(offset|align)=/.test(atom(count) ?? '')) count++;
      return count;
    }
    if (op === 'memory.size' || op === 'memory.grow' || op === 'memory.fill')
      return this.module.isMemory(atom(0)) ? 1 : 0;
    if (op === 'memory.copy') return this.module.isMemory(atom(0)) ? 2 : 0;
    if (op === 'br_table') {
      let count = 0;
      while (isLabel(atom(count))) count++;
      return count;
    }
    if (/^(local|global)\.(get|set|tee)$|^(call|br|br_if)$|^[if](32|64)\.const$/.test(op)) return 1;
    return 0;
  }

  private emit(op: string, immediates: Sexp[]): void {
    const code = this.code;
    const returnLabel = this.returns.at(-1);
    if (op === 'return' && returnLabel) {
      code.byte(0x0c).u32(this.depth(returnLabel));
      return;
    }
    const plain = PLAIN[op];
    if (plain !== undefined) {
      code.byte(plain);
      return;
    }
    const access = MEMORY_ACCESS[op];
    if (access) {
      let memory = 0;
      let offset = 0;
      let align = access[1];
      for (const token of immediates as string[]) {
        if (token.startsWith('offset=')) offset = Number(token.slice(7));
        else if (token.startsWith('align=')) align = Math.log2(Number(token.slice(6)));
        else memory = this.module.resolve('memory', token);
      }
      code.byte(access[0]);
      if (memory === 0) code.u32(align);
      else code.u32(align | 0x40).u32(memory);
      code.u32(offset);
      return;
    }
    const saturating = SATURATING.indexOf(op);
    if (saturating >= 0) {
      code.byte(0xfc).u32(saturating);
      return;
    }
    const [first, second] = immediates;
    const memory = (token: Sexp | undefined) =>
      token === undefined ? 0 : this.module.resolve('memory', token);
    switch (op) {
      case 'memory.size':
        code.byte(0x3f).u32(memory(first));
        return;
      case 'memory.grow':
        code.byte(0x40).u32(memory(first));
        return;
      case 'memory.copy':
        code
          .byte(0xfc)
          .u32(10)
          .u32(memory(first))
          .u32(memory(second ?? first));
        return;
      case 'memory.fill':
        code.byte(0xfc).u32(11).u32(memory(first));
        return;
      case 'local.get':
      case 'local.set':
      case 'local.tee':
        code.byte(0x20 + ['local.get', 'local.set', 'local.tee'].indexOf(op)).u32(this.local(first));
        return;
      case 'global.get':
      case 'global.set':
        code.byte(op === 'global.get' ? 0x23 : 0x24).u32(this.module.resolve('global', first));
        return;
      case 'call': {
        const inlined = this.module.inlined(first);
        if (inlined) this.inline(inlined);
        else code.byte(0x10).u32(this.module.resolve('function', first));
        return;
      }
      case 'br':
      case 'br_if':
        code.byte(op === 'br' ? 0x0c : 0x0d).u32(this.depth(first));
        return;
      case 'br_table': {
        const depths = immediates.map((label) => this.depth(label));
        code
          .byte(0x0e)
          .u32(depths.length - 1)
          .byte(...depths.flatMap((depth) => new Bytes().u32(depth).out));
        return;
      }
      case 'i32.const':
        code.byte(0x41).s64(BigInt.asIntN(32, integer(first)));
        return;
      case 'i64.const':
        code.byte(0x42).s64(BigInt.asIntN(64, integer(first)));
        return;
      case 'f32.const': {
        const bytes = new Uint8Array(4);
        new DataView(bytes.buffer).setFloat32(0, float(first), true);
        code.byte(0x43, ...bytes);
        return;
      }
      case 'f64.const': {
        const bytes = new Uint8Array(8);
        new DataView(bytes.buffer).setFloat64(0, float(first), true);
        code.byte(0x44, ...bytes);
        return;
      }
      default:
        throw new Error(`unknown instruction ${op}`);
    }
  }

  private local(token: Sexp | undefined): number {
    if (typeof token !== 'string') throw new Error('expected a local');
    const index = this.locals.get(token) ?? (/^\d+$/.test(token) ? Number(token) : undefined);
    if (index === undefined) throw new Error(`unknown local ${token}`);
    return index;
  }

  private depth(token: Sexp | undefined): number {
    if (typeof token !== 'string') throw new Error('expected a label');
    if (/^\d+$/.test(token)) return Number(token);
    const from = this.labels.lastIndexOf(token);
    if (from < 0) throw new Error(`unknown label ${token}`);
    return this.labels.length - 1 - from;
  }
}

function isLabel(token: string | undefined): boolean {
  return token !== undefined && (token.startsWith('$') || /^\d+$/.test(token));
}

function integer(token: Sexp | undefined): bigint {
  if (typeof token !== 'string') throw new Error('expected a number');
  const clean = token.replaceAll('_', '');
  const negative = clean.startsWith('-');
  const digits = clean.replace(/^[+-]/, '');
  const value = BigInt(digits);
  return negative ? -value : value;
}

function float(token: Sexp | undefined): number {
  if (typeof token !== 'string') throw new Error('expected a number');
  const clean = token.replaceAll('_', '');
  if (/^[+-]?inf$/.test(clean)) return clean.startsWith('-') ? -Infinity : Infinity;
  if (/^[+-]?nan$/.test(clean)) return Number.NaN;
  const value = Number(clean);
  if (Number.isNaN(value)) throw new Error(`not a number: ${token}`);
  return value;
}

// One function's body in the binary format: its locals, its instructions (folded or flat), and calls
// to functions annotated (@inline) written out in place.
import {
  Bytes,
  type FunctionForm,
  float,
  integer,
  isLabel,
  isList,
  MEMORY_ACCESS,
  type ModuleNames,
  PLAIN,
  SATURATING,
  type Sexp,
  show,
  valueType,
} from './wat.ts';

export class FunctionWriter {
  readonly code = new Bytes();
  /** Enclosing blocks, innermost last: their labels (undefined when unnamed). */
  private readonly labels: Array<string | undefined> = [];

  /** Types of the locals after the params: the function's own, then those of calls written in place. */
  readonly localTypes: number[] = [];
  /** Labels that `return` branches to inside calls written in place, innermost last. */
  private readonly returns: string[] = [];
  private readonly module: ModuleNames;
  private locals: Map<string, number>;
  private readonly params: number;

  constructor(module: ModuleNames, locals: Map<string, number>, params = 0) {
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

// A small assembler for the WebAssembly text format: the mesh kernel is written as .wat, and this
// turns it into a module when the analyser loads, so the repository needs no build step and holds
// no binaries. It reads the subset the kernel uses: imported memories, globals, functions with named
// params, locals and labels, folded or flat instructions, the MVP numeric operations, sign extension,
// saturating truncation, bulk memory, and several memories (loads and stores name theirs).
// A function annotated (@inline) has every call to it written out in place: V8 inlines only within a
// small budget, and a call per corner to a three-line hash cost more than the hash.

import { FunctionWriter } from './functionWriter.ts';
import {
  Bytes,
  type FunctionForm,
  type FunctionType,
  isList,
  type ModuleNames,
  parse,
  type Sexp,
  show,
  unquote,
  valueType,
} from './wat.ts';

/** Reads WebAssembly text into a binary module. Throws with the offending form on anything unknown. */
export function assemble(text: string): Uint8Array<ArrayBuffer> {
  const forms = parse(text);
  const module = forms.length === 1 && Array.isArray(forms[0]) && forms[0][0] === 'module' ? forms[0] : null;
  if (!module) throw new Error('expected one (module ...)');
  return new ModuleWriter(module.slice(1)).bytes();
}

class ModuleWriter implements ModuleNames {
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

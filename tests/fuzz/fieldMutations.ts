// For every field of a schema, the values that break it or sit on its limits: wrong types, missing,
// null, too long, control characters, lone surrogates, numbers at and past their bounds, lists for
// objects and objects for lists, deep nesting; and the JSON text of a body holding them.
import {
  isContainer,
  kindsOf,
  type Limits,
  limitsOf,
  node,
  OBJECTS,
  type SchemaNode,
  unwrap,
} from './schemaReading.ts';

/** A well-formed id that names no record. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-00000000f022';

/** JSON text placed as it is (numbers JSON.stringify cannot write, such as 1e400). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** A field left out of its object. */
export const MISSING = Symbol('missing');

export type Path = readonly (string | number)[];

export interface FieldMutation {
  /** e.g. 'shippingAddress.zipCode: past max length'. */
  label: string;
  path: Path;
  value: unknown;
}

const NESTED_ARRAY = new RawJson(`${'['.repeat(100)}${']'.repeat(100)}`);
const NESTED_OBJECT = new RawJson(`${'{"a":'.repeat(100)}1${'}'.repeat(100)}`);
const HUGE = 'x'.repeat(100_000);

function stringValues(base: string, limits: Limits): [string, unknown][] {
  const values: [string, unknown][] = [
    ['empty', ''],
    ['blank', '   '],
    ['NUL', `${base}\u0000`],
    ['lone high surrogate', `${base}\ud800`],
    ['lone low surrogate', `\udfff${base}`],
    ['bell', `${base}\u0007`],
    ['escape', `\u001b[31m${base}`],
    ['huge', HUGE],
    ['SQL injection', "Robert'); DROP TABLE users;--"],
  ];
  if (limits.maxLength !== undefined) {
    values.push(
      ['at max length', 'x'.repeat(limits.maxLength)],
      ['past max length', 'x'.repeat(limits.maxLength + 1)],
      ['accents at max length', 'é'.repeat(limits.maxLength)],
      ['emoji past max length', '😀'.repeat(limits.maxLength)],
    );
  }
  if (limits.minLength !== undefined && limits.minLength > 1) {
    values.push(['below min length', 'x'.repeat(limits.minLength - 1)]);
  }
  if (limits.email) {
    values.push(
      ['not an e-mail', 'not-an-email'],
      ['e-mail without a dot', 'a@b'],
      ['e-mail with two @', 'user@@example.test'],
      ['e-mail past 254', `${'x'.repeat(250)}@example.test`],
      ['e-mail in capitals', 'FUZZ.UPPER@EXAMPLE.TEST'],
    );
  }
  if (limits.uuid) {
    values.push(
      ['not a uuid', 'not-a-uuid'],
      ['nil uuid', '00000000-0000-0000-0000-000000000000'],
      ['unknown uuid', UNKNOWN_ID],
      ['uuid in capitals', base.toUpperCase()],
      ['uuid with a tail', `${base}0`],
    );
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(base)) {
    values.push(
      ['30 February', '2027-02-30'],
      ['year 0', '0000-00-00'],
      ['year 9999', '9999-12-31'],
      ['past date', '2020-01-01'],
      ['month 13', '2027-13-01'],
    );
  }
  return values;
}

function numberValues(limits: Limits): [string, unknown][] {
  const values: [string, unknown][] = [
    ['zero', 0],
    ['minus one', -1],
    ['fraction', 1.5],
    ['past int4', 2_147_483_648],
    ['1e308', 1e308],
    ['overflow to Infinity', new RawJson('1e400')],
    ['30 digits', new RawJson('123456789012345678901234567890')],
    ['numeric string', '12'],
  ];
  if (limits.minValue !== undefined)
    values.push(['at min', limits.minValue], ['below min', limits.minValue - 1]);
  if (limits.maxValue !== undefined)
    values.push(['at max', limits.maxValue], ['past max', limits.maxValue + 1]);
  return values;
}

/** Amounts of money: strings and numbers a price field must refuse or hold at its column's edge. */
const MONEY_VALUES: [string, unknown][] = [
  ['negative amount', '-1'],
  ['three decimals', '0.001'],
  ['column max', '99999999.99'],
  ['past column max', '100000000.00'],
  ['exponent amount', '1e3'],
  ['NaN amount', 'NaN'],
  ['Infinity amount', 'Infinity'],
  ['comma decimal', '12,50'],
  ['column max number', 99_999_999.99],
  ['huge number amount', 1e21],
];

function leafValues(schema: SchemaNode, base: unknown): [string, unknown][] {
  const limits = limitsOf(schema);
  const kinds = kindsOf(schema);
  const values: [string, unknown][] = [];
  if (kinds.includes('string') && kinds.includes('number')) values.push(...MONEY_VALUES);
  if (kinds.includes('string')) values.push(...stringValues(typeof base === 'string' ? base : 'x', limits));
  if (kinds.includes('number')) values.push(...numberValues(limits));
  if (kinds.includes('boolean')) values.push(['string true', 'true'], ['one', 1], ['yes', 'yes']);
  const picks =
    limits.picks.length > 0 ? limits.picks : kinds.includes('picklist') ? (schema.options ?? []) : [];
  if (picks.length > 0) {
    const first = picks[0];
    values.push(['not an option', 'not-an-option'], ['last option', picks[picks.length - 1]]);
    if (typeof first === 'string') {
      values.push(
        ['option in capitals', first.toUpperCase()],
        ['option in lower case', first.toLowerCase()],
        ['option padded', ` ${first} `],
        ['option with NUL', `${first}\u0000`],
      );
    }
    if (typeof first === 'number')
      values.push(['option as string', String(first)], ['near an option', first + 0.01]);
  }
  return values;
}

function containerValues(schema: SchemaNode, base: unknown): [string, unknown][] {
  const limits = limitsOf(schema);
  if (schema.type === 'array') {
    const item = Array.isArray(base) ? base[0] : undefined;
    const values: [string, unknown][] = [
      ['empty list', []],
      ['list of null', [null]],
      ['same item twice', [item, item]],
      ['object for a list', { 0: item }],
      ['list of lists', [[item]]],
    ];
    const max = limits.maxLength;
    if (max !== undefined) values.push(['past max items', Array.from({ length: max + 1 }, () => item)]);
    else values.push(['thousand items', Array.from({ length: 1000 }, () => item)]);
    return values;
  }
  if (schema.type === 'record') {
    const values: [string, unknown][] = [
      ['empty record', {}],
      ['NUL in a key', { 'bad\u0000key': 'x' }],
      ['surrogate in a key', { 'bad\ud800key': 'x' }],
      ['object as a value', { note: { nested: true } }],
      ['long value', { note: 'x'.repeat(1000) }],
      ['long key', { ['k'.repeat(1000)]: 'x' }],
    ];
    const max = limits.maxEntries ?? 1000;
    values.push([
      'past max entries',
      Object.fromEntries(Array.from({ length: max + 1 }, (_, i) => [`k${i}`, 'x'])),
    ]);
    return values;
  }
  return [
    ['list for an object', [base]],
    ['empty list for an object', []],
    ['empty object', {}],
    ['extra field', { ...(base as object), fuzzExtra: 'x' }],
  ];
}

/** Values every field gets, whatever its kind. */
function commonValues(schema: SchemaNode): [string, unknown][] {
  const kinds = kindsOf(schema);
  const values: [string, unknown][] = [
    ['missing', MISSING],
    ['null', null],
    ['nested 100 deep', OBJECTS.has(schema.type) ? NESTED_OBJECT : NESTED_ARRAY],
  ];
  if (!kinds.includes('string')) values.push(['string', 'fuzz']);
  if (!kinds.includes('number')) values.push(['number', 12345]);
  if (!kinds.includes('boolean')) values.push(['boolean', true]);
  if (!OBJECTS.has(schema.type)) values.push(['object', { value: 'x' }]);
  if (schema.type !== 'array') values.push(['list', ['x']]);
  return values;
}

function valueAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const step of path) current = (current as Record<string | number, unknown> | undefined)?.[step];
  return current;
}

/**
 * Every field of the schema (nested objects, a list's first item, a record's values), each with the
 * values to try in it, applied to `base` one at a time.
 */
export function fieldMutations(schema: unknown, base: unknown): FieldMutation[] {
  const mutations: FieldMutation[] = [];
  const visit = (field: SchemaNode, path: Path) => {
    const inner = unwrap(field);
    const here = valueAt(base, path);
    if (path.length > 0) {
      const label = path.join('.');
      const values = [
        ...commonValues(inner),
        ...(isContainer(inner) ? containerValues(inner, here) : leafValues(inner, here)),
      ];
      for (const [name, value] of values) mutations.push({ label: `${label}: ${name}`, path, value });
    }
    if (OBJECTS.has(inner.type)) {
      for (const [key, entry] of Object.entries(inner.entries ?? {})) visit(entry, [...path, key]);
    } else if (inner.type === 'array' && Array.isArray(here) && here.length > 0 && inner.item) {
      visit(inner.item, [...path, 0]);
    } else if (inner.type === 'record' && here && typeof here === 'object' && inner.value) {
      const key = Object.keys(here)[0];
      if (key !== undefined) visit(inner.value, [...path, key]);
    }
  };
  visit(node(schema), []);
  return mutations;
}

/** `base` with `value` put at `path` (or the field left out for MISSING); `base` is not changed. */
export function withValueAt(base: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [step, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(base)) {
    const copy: unknown[] = [...base];
    const next = withValueAt(copy[Number(step)], rest, value);
    if (next === MISSING) copy.splice(Number(step), 1);
    else copy[Number(step)] = next;
    return copy;
  }
  const copy: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  const next = withValueAt(copy[step], rest, value);
  if (next === MISSING) delete copy[step];
  else copy[step] = next;
  return copy;
}

/** JSON text of a value that may hold RawJson pieces (and lone surrogates, written as \ud800 escapes). */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value))
    return `[${value.map((item) => (item === MISSING ? 'null' : toJsonText(item))).join(',')}]`;
  if (value && typeof value === 'object') {
    const fields = Object.entries(value).filter(([, item]) => item !== MISSING && item !== undefined);
    return `{${fields.map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

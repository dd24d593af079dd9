// Reads a valibot schema (the very object a route validates with): what it wraps, the kinds of value it
// takes, and the limits in its pipe (lengths, bounds, e-mail, uuid, a list of choices).
import * as v from 'valibot';

/** The parts of a valibot schema or action the fuzz reads (valibot's public types hide them). */
export interface SchemaNode {
  kind: string;
  type: string;
  pipe?: readonly SchemaNode[];
  wrapped?: SchemaNode;
  entries?: Readonly<Record<string, SchemaNode>>;
  item?: SchemaNode;
  value?: SchemaNode;
  options?: readonly unknown[];
  literal?: unknown;
  requirement?: unknown;
}

const WRAPPERS = new Set([
  'optional',
  'nullish',
  'nullable',
  'exact_optional',
  'undefinedable',
  'non_optional',
  'non_nullable',
  'non_nullish',
]);
export const OBJECTS = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);

export const node = (schema: unknown) => schema as SchemaNode;
export const accepts = (schema: SchemaNode, value: unknown) =>
  v.safeParse(schema as unknown as v.GenericSchema, value).success;

export function unwrap(schema: SchemaNode): SchemaNode {
  let inner = schema;
  while (WRAPPERS.has(inner.type) && inner.wrapped) inner = inner.wrapped;
  return inner;
}

/** Every action and nested schema in a schema's pipe, nested pipes included. */
export function actionsOf(schema: SchemaNode): SchemaNode[] {
  const [root, ...rest] = schema.pipe ?? [];
  const actions = root && root !== schema && root.pipe ? actionsOf(root) : [];
  for (const item of rest) {
    actions.push(item);
    if (item.kind === 'schema') actions.push(...actionsOf(unwrap(item)), unwrap(item));
  }
  return actions;
}

export interface Limits {
  minLength?: number;
  maxLength?: number;
  minValue?: number;
  maxValue?: number;
  maxEntries?: number;
  email: boolean;
  uuid: boolean;
  picks: readonly unknown[];
}

export function limitsOf(schema: SchemaNode): Limits {
  const limits: Limits = {
    email: false,
    uuid: false,
    picks: schema.type === 'picklist' ? (schema.options ?? []) : [],
  };
  for (const action of actionsOf(schema)) {
    const requirement = typeof action.requirement === 'number' ? action.requirement : undefined;
    if (action.type === 'min_length') limits.minLength = requirement;
    if (action.type === 'max_length') limits.maxLength = requirement;
    if (action.type === 'length') limits.minLength = limits.maxLength = requirement;
    if (action.type === 'min_value') limits.minValue = requirement;
    if (action.type === 'max_value') limits.maxValue = requirement;
    if (action.type === 'max_entries') limits.maxEntries = requirement;
    if (action.type === 'email') limits.email = true;
    if (action.type === 'uuid') limits.uuid = true;
    if (action.type === 'picklist' && action.kind === 'schema') limits.picks = action.options ?? [];
  }
  return limits;
}

/** The value kinds a leaf accepts: 'string', 'number', 'boolean', 'picklist'... (each union option's). */
export function kindsOf(schema: SchemaNode): string[] {
  if (schema.type === 'union')
    return (schema.options ?? []).flatMap((option) => kindsOf(unwrap(node(option))));
  return [schema.type];
}

export const isContainer = (schema: SchemaNode) =>
  OBJECTS.has(schema.type) || schema.type === 'array' || schema.type === 'record';

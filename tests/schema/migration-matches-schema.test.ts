// Proves that the SQL migrations (applied by dbmate) build exactly the database prisma/schema.prisma
// describes: `prisma migrate diff` cannot run here, so the comparison is done against the catalog.
import { readFileSync } from 'node:fs';
import internals from '@prisma/internals';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEnv } from '../support/env.ts';

type Datamodel = Awaited<ReturnType<typeof internals.getDMMF>>['datamodel'];
type Model = Datamodel['models'][number];
type Field = Model['fields'][number];
type Enum = Datamodel['enums'][number];

// Tables that are in the database on purpose but not in the schema.
const TOOL_TABLES = new Set(['schema_migrations']);

// Indexes the migrations add because Prisma cannot express them: an expression index for the
// earthdistance search and a partial unique index. Each must exist exactly as described here.
const INDEXES_BEYOND_PRISMA: Record<
  string,
  { table: string; method: string; unique: boolean; partial: boolean }
> = {
  print_farms_earth_location_idx: { table: 'print_farms', method: 'gist', unique: false, partial: true },
  print_jobs_one_open_per_request_idx: { table: 'print_jobs', method: 'btree', unique: true, partial: true },
  payments_one_open_per_request: { table: 'payments', method: 'btree', unique: true, partial: true },
  payments_one_per_order: { table: 'payments', method: 'btree', unique: true, partial: true },
  payments_one_open_per_invoice: { table: 'payments', method: 'btree', unique: true, partial: true },
};

const REFERENTIAL_ACTIONS: Record<string, string> = {
  a: 'NoAction',
  r: 'Restrict',
  c: 'Cascade',
  n: 'SetNull',
  d: 'SetDefault',
};

type DbColumn = { type: string; notNull: boolean; default: string | null };
type DbIndex = {
  name: string;
  columns: string[];
  unique: boolean;
  primary: boolean;
  partial: boolean;
  method: string;
};
type DbForeignKey = {
  name: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
  onDelete: string;
  onUpdate: string;
};

type DbSchema = {
  tables: Map<string, Map<string, DbColumn>>;
  enums: Map<string, string[]>;
  indexes: Map<string, DbIndex[]>;
  foreignKeys: Map<string, DbForeignKey[]>;
};

const tableName = (model: Model) => model.dbName ?? model.name;
const columnName = (field: Field) => field.dbName ?? field.name;
const enumName = (e: Enum) => e.dbName ?? e.name;

function columnsOf(model: Model, fieldNames: readonly string[]): string[] {
  return fieldNames.map((name) => {
    const field = model.fields.find((f) => f.name === name);
    if (!field) throw new Error(`${model.name} has no field ${name}`);
    return columnName(field);
  });
}

/** The type Prisma creates for a field, spelled as PostgreSQL's format_type() spells it. */
function expectedType(field: Field, enums: readonly Enum[]): string {
  const [native, args = []] = field.nativeType ?? [];
  const arg = args.join(',');
  let base: string;
  if (field.kind === 'enum') {
    const e = enums.find((x) => x.name === field.type);
    base = e ? enumName(e) : field.type;
  } else {
    switch (native ?? field.type) {
      case 'String':
      case 'Text':
        base = 'text';
        break;
      case 'Uuid':
        base = 'uuid';
        break;
      case 'VarChar':
        base = arg ? `character varying(${arg})` : 'character varying';
        break;
      case 'Char':
        base = `character(${arg || '1'})`;
        break;
      case 'Int':
      case 'Integer':
        base = 'integer';
        break;
      case 'SmallInt':
        base = 'smallint';
        break;
      case 'BigInt':
        base = 'bigint';
        break;
      case 'Float':
      case 'DoublePrecision':
        base = 'double precision';
        break;
      case 'Real':
        base = 'real';
        break;
      case 'Decimal':
        base = `numeric(${arg || '65,30'})`;
        break;
      case 'Boolean':
        base = 'boolean';
        break;
      case 'DateTime':
        base = 'timestamp(3) without time zone';
        break;
      case 'Timestamp':
        base = `timestamp(${arg || '6'}) without time zone`;
        break;
      case 'Timestamptz':
        base = `timestamp(${arg || '6'}) with time zone`;
        break;
      case 'Date':
        base = 'date';
        break;
      case 'Json':
        base = native === 'Json' ? 'json' : 'jsonb';
        break;
      case 'JsonB':
        base = 'jsonb';
        break;
      case 'Bytes':
      case 'ByteA':
        base = 'bytea';
        break;
      default:
        base = `unmapped ${field.type} @db.${native}`;
    }
  }
  return field.isList ? `${base}[]` : base;
}

function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(',')}]`;
  return `unsupported ${JSON.stringify(value)}`;
}

/** The default Prisma puts in the database, normalized; null when the default is made by the client. */
function expectedDefault(field: Field): string | null {
  if (!field.hasDefaultValue) return null;
  const value = field.default;
  if (value && typeof value === 'object' && !Array.isArray(value) && 'name' in value) {
    if (value.name === 'now') return 'now()';
    if (value.name === 'dbgenerated') return normalizeDefault(String(value.args[0] ?? ''));
    if (value.name === 'autoincrement') return 'nextval()';
    return null; // uuid(), cuid(), nanoid() and the like are generated by Prisma Client
  }
  return normalizeDefault(literal(value));
}

/** Reduce a default expression (from pg_get_expr or from the schema) to a comparable form. */
function normalizeDefault(expression: string): string {
  let text = expression.trim();
  if (text.startsWith('nextval(')) return 'nextval()';
  // Drop casts such as ::text, ::user_role, ::text[], ::numeric(10,2), ::timestamp with time zone.
  let previous = '';
  while (previous !== text) {
    previous = text;
    text = text
      .replace(/^\((.*)\)$/s, '$1')
      .replace(/::"?[a-z_][a-z0-9_ ]*"?(\(\d+(,\d+)?\))?(\[\])*$/i, '')
      .trim();
  }
  if (/^(current_timestamp|now\(\))$/i.test(text)) return 'now()';
  if (text === "'{}'" || /^array\[\]$/i.test(text)) return '[]';
  const arrayItems = /^array\[(.*)\]$/is.exec(text);
  if (arrayItems?.[1]) return `[${arrayItems[1].split(',').map(normalizeDefault).join(',')}]`;
  if (/^-?\d+(\.\d+)?$/.test(text)) return String(Number(text));
  if (/^'-?\d+(\.\d+)?'$/.test(text)) return String(Number(text.slice(1, -1)));
  return text;
}

function indexKey(columns: string[], kind: string): string {
  return `${kind} (${columns.join(', ')})`;
}

async function readDatabase(client: pg.Client): Promise<DbSchema> {
  const schema: DbSchema = {
    tables: new Map(),
    enums: new Map(),
    indexes: new Map(),
    foreignKeys: new Map(),
  };

  const columns = await client.query<{
    table: string;
    column: string;
    type: string;
    not_null: boolean;
    default: string | null;
  }>(`
    select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
           a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as default
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
    left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
    where c.relkind in ('r', 'p')`);
  for (const row of columns.rows) {
    const table = schema.tables.get(row.table) ?? new Map<string, DbColumn>();
    schema.tables.set(row.table, table);
    if (row.column) table.set(row.column, { type: row.type, notNull: row.not_null, default: row.default });
  }

  const enums = await client.query<{ name: string; labels: string[] }>(`
    select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder)::text[] as labels
    from pg_type t
    join pg_namespace n on n.oid = t.typnamespace and n.nspname = current_schema()
    join pg_enum e on e.enumtypid = t.oid
    group by t.typname`);
  for (const row of enums.rows) schema.enums.set(row.name, row.labels);

  const indexes = await client.query<{
    table: string;
    name: string;
    columns: string[];
    unique: boolean;
    primary: boolean;
    partial: boolean;
    method: string;
  }>(`
    select t.relname as table, i.relname as name, x.indisunique as unique, x.indisprimary as primary,
           am.amname as method,
           x.indpred is not null as partial,
           array(select pg_get_indexdef(x.indexrelid, k, true) from generate_series(1, x.indnkeyatts) as k
                 order by k)::text[] as columns
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_am am on am.oid = i.relam
    join pg_namespace n on n.oid = t.relnamespace and n.nspname = current_schema()`);
  for (const row of indexes.rows) {
    const list = schema.indexes.get(row.table) ?? [];
    list.push({ ...row, columns: row.columns.map((c) => c.replace(/^"(.*)"( DESC)?$/, '$1$2')) });
    schema.indexes.set(row.table, list);
  }

  const foreignKeys = await client.query<{
    table: string;
    name: string;
    columns: string[];
    ref_table: string;
    ref_columns: string[];
    on_delete: string;
    on_update: string;
  }>(`
    select t.relname as table, con.conname as name, r.relname as ref_table,
           con.confdeltype as on_delete, con.confupdtype as on_update,
           array(select a.attname from unnest(con.conkey) with ordinality as k(attnum, ord)
                 join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
                 order by k.ord)::text[] as columns,
           array(select a.attname from unnest(con.confkey) with ordinality as k(attnum, ord)
                 join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum
                 order by k.ord)::text[] as ref_columns
    from pg_constraint con
    join pg_class t on t.oid = con.conrelid
    join pg_class r on r.oid = con.confrelid
    join pg_namespace n on n.oid = t.relnamespace and n.nspname = current_schema()
    where con.contype = 'f'`);
  for (const row of foreignKeys.rows) {
    const list = schema.foreignKeys.get(row.table) ?? [];
    list.push({
      name: row.name,
      columns: row.columns,
      refTable: row.ref_table,
      refColumns: row.ref_columns,
      onDelete: REFERENTIAL_ACTIONS[row.on_delete] ?? row.on_delete,
      onUpdate: REFERENTIAL_ACTIONS[row.on_update] ?? row.on_update,
    });
    schema.foreignKeys.set(row.table, list);
  }

  return schema;
}

describe('the migrated database matches prisma/schema.prisma', () => {
  let datamodel: Datamodel;
  let db: DbSchema;
  let client: pg.Client;

  beforeAll(async () => {
    // A copy of the run's template database, which global-setup migrated with dbmate.
    const { databaseUrl } = await testEnv();
    const schemaText = readFileSync(new URL('../../prisma/schema.prisma', import.meta.url), 'utf8');
    datamodel = (await internals.getDMMF({ datamodel: schemaText })).datamodel;
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    db = await readDatabase(client);
  });

  afterAll(async () => {
    await client?.end();
  });

  it('has a table for every model, an enum type for every enum, and nothing else', () => {
    const diffs: string[] = [];
    const modelTables = new Set(datamodel.models.map(tableName));
    for (const table of modelTables) if (!db.tables.has(table)) diffs.push(`missing table ${table}`);
    for (const table of db.tables.keys()) {
      if (!modelTables.has(table) && !TOOL_TABLES.has(table)) diffs.push(`extra table ${table}`);
    }

    const schemaEnums = new Map(
      datamodel.enums.map((e) => [enumName(e), e.values.map((v) => v.dbName ?? v.name)] as const),
    );
    for (const [name, labels] of schemaEnums) {
      const actual = db.enums.get(name);
      if (!actual) diffs.push(`missing enum type ${name}`);
      else if (actual.join(',') !== labels.join(',')) {
        diffs.push(`enum ${name}: values (${actual.join(', ')}), expected (${labels.join(', ')})`);
      }
    }
    for (const name of db.enums.keys()) if (!schemaEnums.has(name)) diffs.push(`extra enum type ${name}`);

    expect(diffs).toEqual([]);
  });

  it('has every column with its type, nullability and default, and no other column', () => {
    const diffs: string[] = [];
    for (const model of datamodel.models) {
      const table = tableName(model);
      const actual = db.tables.get(table);
      if (!actual) continue; // reported by the table check
      const scalars = model.fields.filter((f) => f.kind === 'scalar' || f.kind === 'enum');
      for (const field of scalars) {
        const column = columnName(field);
        const where = `${table}.${column} (${model.name}.${field.name})`;
        const found = actual.get(column);
        if (!found) {
          diffs.push(`${where}: missing column`);
          continue;
        }
        const type = expectedType(field, datamodel.enums);
        if (found.type !== type) diffs.push(`${where}: type ${found.type}, expected ${type}`);
        // Prisma never makes list columns NOT NULL.
        const notNull = field.isRequired && !field.isList;
        if (found.notNull !== notNull) {
          diffs.push(
            `${where}: ${found.notNull ? 'NOT NULL' : 'nullable'}, expected ${notNull ? 'NOT NULL' : 'nullable'}`,
          );
        }
        const actualDefault = found.default === null ? null : normalizeDefault(found.default);
        const wantedDefault = expectedDefault(field);
        if (actualDefault !== wantedDefault) {
          diffs.push(`${where}: default ${found.default ?? 'none'}, expected ${wantedDefault ?? 'none'}`);
        }
      }
      const known = new Set(scalars.map(columnName));
      for (const column of actual.keys()) {
        if (!known.has(column)) diffs.push(`${table}.${column}: extra column`);
      }
    }
    expect(diffs).toEqual([]);
  });

  it('has the primary key, unique and plain indexes of the schema, and no others', () => {
    const diffs: string[] = [];
    for (const model of datamodel.models) {
      const table = tableName(model);
      if (!db.tables.has(table)) continue;
      const wanted = new Map<string, { name: string; method: string }>(); // key → expected name and method
      for (const index of datamodel.indexes.filter((i) => i.model === model.name)) {
        const columns = columnsOf(
          model,
          index.fields.map((f) => f.name),
        );
        const sorted = columns.map((column, i) =>
          index.fields[i]?.sortOrder === 'desc' ? `${column} DESC` : column,
        );
        const kind = index.type === 'id' ? 'primary key' : index.type === 'unique' ? 'unique' : 'index';
        const suffix = index.type === 'id' ? 'pkey' : index.type === 'unique' ? 'key' : 'idx';
        const name =
          index.dbName ?? (index.type === 'id' ? `${table}_pkey` : `${table}_${columns.join('_')}_${suffix}`);
        // Prisma's algorithm names (BTree, Hash, Gin, ...) lower-cased are PostgreSQL's access methods.
        wanted.set(indexKey(sorted, kind), { name, method: (index.algorithm ?? 'BTree').toLowerCase() });
      }
      const seen = new Set<string>();
      for (const index of db.indexes.get(table) ?? []) {
        const beyond = INDEXES_BEYOND_PRISMA[index.name];
        if (beyond?.table === table) {
          const actual = { table, method: index.method, unique: index.unique, partial: index.partial };
          if (JSON.stringify(actual) !== JSON.stringify(beyond))
            diffs.push(
              `${table}: ${index.name} is ${JSON.stringify(actual)}, expected ${JSON.stringify(beyond)}`,
            );
          continue;
        }
        const kind = index.primary ? 'primary key' : index.unique ? 'unique' : 'index';
        const key = indexKey(index.columns, index.partial ? `partial ${kind}` : kind);
        const expected = wanted.get(key);
        seen.add(key);
        if (!expected) {
          diffs.push(`${table}: extra ${key} named ${index.name}`);
          continue;
        }
        // PostgreSQL cuts longer names to 63 bytes and Prisma then shortens them its own way.
        if (expected.name.length <= 63 && expected.name !== index.name) {
          diffs.push(`${table}: ${key} named ${index.name}, expected ${expected.name}`);
        }
        if (index.method !== expected.method) {
          diffs.push(`${table}: ${key} uses ${index.method}, expected ${expected.method}`);
        }
      }
      for (const key of wanted.keys()) {
        if (!seen.has(key)) diffs.push(`${table}: missing ${key}`);
      }
    }
    for (const [name, { table }] of Object.entries(INDEXES_BEYOND_PRISMA)) {
      if (!(db.indexes.get(table) ?? []).some((index) => index.name === name))
        diffs.push(`${table}: missing ${name}`);
    }
    expect(diffs).toEqual([]);
  });

  it('has every foreign key with its referential actions, and no others', () => {
    const diffs: string[] = [];
    for (const model of datamodel.models) {
      const table = tableName(model);
      if (!db.tables.has(table)) continue;
      const actual = db.foreignKeys.get(table) ?? [];
      const matched = new Set<DbForeignKey>();
      const relations = model.fields.filter((f) => f.kind === 'object' && f.relationFromFields?.length);
      for (const relation of relations) {
        const target = datamodel.models.find((m) => m.name === relation.type);
        if (!target)
          throw new Error(`${model.name}.${relation.name} points at unknown model ${relation.type}`);
        const columns = columnsOf(model, relation.relationFromFields ?? []);
        const refColumns = columnsOf(target, relation.relationToFields ?? []);
        const where = `${table} (${columns.join(', ')}) → ${tableName(target)} (${refColumns.join(', ')})`;
        const fk = actual.find(
          (k) =>
            k.columns.join() === columns.join() &&
            k.refTable === tableName(target) &&
            k.refColumns.join() === refColumns.join(),
        );
        if (!fk) {
          diffs.push(`${where}: missing foreign key`);
          continue;
        }
        matched.add(fk);
        // Prisma's defaults: Restrict when the relation is required, SetNull when optional; updates cascade.
        const onDelete = relation.relationOnDelete ?? (relation.isRequired ? 'Restrict' : 'SetNull');
        const onUpdate = relation.relationOnUpdate ?? 'Cascade';
        if (fk.onDelete !== onDelete) diffs.push(`${where}: ON DELETE ${fk.onDelete}, expected ${onDelete}`);
        if (fk.onUpdate !== onUpdate) diffs.push(`${where}: ON UPDATE ${fk.onUpdate}, expected ${onUpdate}`);
        const name = `${table}_${columns.join('_')}_fkey`;
        if (name.length <= 63 && fk.name !== name) diffs.push(`${where}: named ${fk.name}, expected ${name}`);
      }
      for (const fk of actual) {
        if (!matched.has(fk)) {
          diffs.push(`${table}: extra foreign key ${fk.name} (${fk.columns.join(', ')}) → ${fk.refTable}`);
        }
      }
    }
    expect(diffs).toEqual([]);
  });
});

// Turns the API's route table into the fuzz's requests. Every write route and every route with a path
// parameter (and every route with a query schema) gets its base request (fixture ids in the path, a
// plausible body and query made from the route's own valibot schemas) with one thing broken at a time:
// a field of the body or query (fieldMutations.ts), the whole body (bodyVariants.ts), a path parameter or
// the query string. Each request says whether the API must refuse it before it can write anything.
import querystring from 'node:querystring';
import type { Layer } from '@koa/router';
import * as v from 'valibot';
import type { AppState } from '../../api/src/http/context.ts';
import { type InputSchema, inputSchemasOf } from '../../api/src/http/validate.ts';
import { fillPlaceholders } from '../support/accessFixtures.ts';
import type { Actor, RouteAccess } from '../support/authz-routes.ts';
import { bodySeenByApi, bodyVariants } from './bodyVariants.ts';
import { fieldMutations, MISSING, toJsonText, UNKNOWN_ID, withValueAt } from './fieldMutations.ts';
import { sampleValue } from './inputSamples.ts';

export interface PlannedRequest {
  /** 'PATCH /api/print-requests/:requestId' */
  route: string;
  /** What is broken, e.g. 'body shippingAddress.zipCode: NUL'. */
  label: string;
  actor: Actor;
  method: string;
  /** Path and query string, percent-encoded as sent. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The route's schemas, the body parser or the address refuse it: it must answer 4xx and write nothing. */
  malformed: boolean;
}

export interface RouteUnderTest {
  key: string;
  method: string;
  pattern: string;
  paramNames: string[];
  inputs: readonly InputSchema[];
  access: RouteAccess | undefined;
  layer: Layer<AppState>;
}

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The routes the fuzz covers, read from the router: writes, and reads with a path parameter or a query schema. */
export function routesUnderTest(
  layers: readonly Layer<AppState>[],
  access: readonly RouteAccess[],
): RouteUnderTest[] {
  const routes: RouteUnderTest[] = [];
  for (const layer of layers) {
    const pattern = String(layer.path);
    const inputs = layer.stack.flatMap((middleware) => inputSchemasOf(middleware));
    const paramNames = layer.paramNames.map((key) => key.name);
    for (const method of layer.methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      if (!WRITES.includes(method) && paramNames.length === 0 && inputs.length === 0) continue;
      const key = `${method} ${pattern}`;
      const row = access.find((candidate) => `${candidate.method} ${candidate.route}` === key);
      routes.push({ key, method, pattern, paramNames, inputs, access: row, layer });
    }
  }
  return routes;
}

/** Percent-encodes text, lone surrogates included (as the bytes a careless client would send). */
export function encodeText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

type Query = Record<string, string | string[]>;

function queryText(query: Query): string {
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => `${encodeText(key)}=${encodeText(item)}`),
  );
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** A route's base request: fixture ids for its parameters, a query and body its schemas accept. */
interface BaseRequest {
  params: Record<string, string>;
  query: Query;
  body: unknown;
}

function schemaOf(input: InputSchema, params: Record<string, string>): v.GenericSchema | undefined {
  if (!('param' in input.checked)) return input.checked;
  const name = params[input.checked.param] ?? '';
  return Object.hasOwn(input.checked.schemas, name) ? input.checked.schemas[name] : undefined;
}

function baseRequest(route: RouteUnderTest, fixtures: Record<string, string>): BaseRequest {
  const [concretePath = '', concreteQuery = ''] = fillPlaceholders(
    route.access?.path ?? route.pattern,
    fixtures,
  ).split('?');
  const params: Record<string, string> = {};
  const paramsSchema = route.inputs.find((input) => input.source === 'params');
  const sampledParams = paramsSchema
    ? (sampleValue(paramsSchema.checked, '', fixtures) as Record<string, string>)
    : {};
  const captured = route.layer.match(concretePath)
    ? route.layer.params(concretePath, route.layer.captures(concretePath))
    : {};
  for (const name of route.paramNames) {
    params[name] = route.access?.path
      ? (captured[name] ?? '')
      : (fixtures[name] ?? sampledParams[name] ?? UNKNOWN_ID);
  }
  const query: Query = { ...(querystring.parse(concreteQuery) as Query) };
  const querySchema = route.inputs.find((input) => input.source === 'query');
  if (querySchema) Object.assign(query, sampleValue(querySchema.checked, '', fixtures));
  const bodyInput = route.inputs.find((input) => input.source === 'body');
  const bodySchema = bodyInput ? schemaOf(bodyInput, params) : undefined;
  const body = bodySchema ? sampleValue(bodySchema, '', fixtures) : (route.access?.body ?? {});
  return { params, query, body };
}

function pathOf(
  route: RouteUnderTest,
  params: Record<string, string>,
  raw?: { name: string; value: string },
): string {
  return route.pattern.replace(
    /\{\*(\w+)\}|:(\w+)/g,
    (_match, rest: string | undefined, name: string | undefined) => {
      const key = rest ?? name ?? '';
      if (raw?.name === key) return raw.value;
      const value = params[key] ?? '';
      return rest ? value.split('/').map(encodeText).join('/') : encodeText(value);
    },
  );
}

/** Path parameter values, already percent-encoded; `sameRecord` ones still name the fixture. */
function paramValues(current: string): { label: string; value: string; sameRecord?: boolean }[] {
  const encoded = encodeText(current);
  return [
    { label: 'NUL', value: '%00' },
    { label: 'NUL after the id', value: `${encoded}%00` },
    { label: 'control character', value: 'a%01b' },
    { label: 'encoded lone surrogate', value: '%ED%A0%80' },
    { label: 'broken escape', value: '%E0%A4%A' },
    { label: 'bare percent', value: '%' },
    { label: 'overlong slash', value: '%C0%AF' },
    { label: 'dot dot', value: '..' },
    { label: 'encoded dot dot', value: '%2E%2E' },
    { label: 'encoded slash', value: 'a%2Fb' },
    { label: '5,000 characters', value: 'a'.repeat(5000) },
    { label: 'not a uuid', value: 'not-a-uuid' },
    { label: 'minus one', value: '-1' },
    { label: '20 digits', value: '99999999999999999999' },
    { label: 'nil uuid', value: '00000000-0000-0000-0000-000000000000' },
    { label: 'unknown uuid', value: UNKNOWN_ID },
    { label: 'emoji and tab', value: '%F0%9F%98%80%09' },
    { label: 'SQL', value: encodeText("' OR 1=1--") },
    { label: 'id in capitals', value: encoded.toUpperCase(), sameRecord: true },
  ];
}

// What callers other than a route's main one send: enough to see them refused cleanly.
const LIGHT_BODY = ['broken JSON: unclosed', 'top-level empty list', 'extra fields'];
const LIGHT_PATH = ['NUL', 'not a uuid', 'unknown uuid'];
// Node refuses request heads over 16 KB before the app sees them, so query values stay below that.
const MAX_QUERY_VALUE = 8_000;

const QUERY_VARIANTS: { label: string; text: string; malformed: boolean }[] = [
  { label: 'query NUL', text: 'fuzz=%00', malformed: true },
  { label: 'query lone surrogate', text: 'fuzz=%ED%A0%80', malformed: true },
  { label: 'query broken escape', text: 'fuzz=%', malformed: true },
  { label: 'query repeated unknown key', text: 'fuzz=1&fuzz=2', malformed: false },
];

/** A query field's mutated value as a query string can carry it, or undefined when it cannot. */
function asQueryValue(value: unknown): string | string[] | typeof MISSING | undefined {
  if (value === MISSING) return MISSING;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value).slice(0, MAX_QUERY_VALUE);
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  return undefined;
}

export interface Probe {
  request: PlannedRequest;
  /** Whether the answer shows the caller got past the route's guards. */
  reached(status: number): boolean;
}

/** Which requests a route gets, and whether each is one the API must refuse. */
export class RoutePlan {
  readonly route: RouteUnderTest;
  readonly base: BaseRequest;

  constructor(route: RouteUnderTest, fixtures: Record<string, string>) {
    this.route = route;
    this.base = baseRequest(route, fixtures);
  }

  /** Whether the route's schemas refuse these inputs (a body of 'refused' failed to parse). */
  private refused(query: Query, body: ReturnType<typeof bodySeenByApi>): boolean {
    if (body.refused) return true;
    return this.route.inputs.some((input) => {
      const schema = schemaOf(input, this.base.params);
      if (!schema) return true;
      const value =
        input.source === 'params' ? this.base.params : input.source === 'query' ? query : body.value;
      // validate() refuses a list for the body before the schema sees it.
      if (input.source === 'body' && Array.isArray(value)) return true;
      return !v.safeParse(schema, value).success;
    });
  }

  private request(
    actor: Actor,
    label: string,
    parts: {
      path?: string;
      query?: Query;
      queryText?: string;
      headers?: Record<string, string>;
      body?: Buffer;
    },
    malformed?: true,
  ): PlannedRequest {
    const { method } = this.route;
    const rawQuery = parts.queryText ?? queryText(parts.query ?? this.base.query).slice(1);
    const path = `${parts.path ?? pathOf(this.route, this.base.params)}${rawQuery ? `?${rawQuery}` : ''}`;
    const body = method === 'GET' ? undefined : (parts.body ?? Buffer.from(toJsonText(this.base.body)));
    const headers = parts.headers ?? (body ? { 'content-type': 'application/json' } : {});
    const refused =
      malformed ?? this.refused(querystring.parse(rawQuery) as Query, bodySeenByApi(method, headers, body));
    return {
      route: this.route.key,
      label,
      actor,
      method,
      path,
      headers,
      ...(body ? { body } : {}),
      malformed: refused,
    };
  }

  /**
   * One request that shows whether a caller gets past the route's guards: for a route with a schema,
   * input the schema refuses (a 400 means the caller reached validation); else an id that names
   * nothing (any answer but 401 or 403 means the caller reached the route). None for routes with
   * neither, which every caller reaches.
   */
  probe(actor: Actor): Probe | undefined {
    const sources = new Set(this.route.inputs.map((input) => input.source));
    const reachedValidation = (status: number) => status === 400;
    // A probe must itself be refused: it is sent with the malformed requests, which may write nothing.
    const refusedProbe = (request: PlannedRequest) =>
      request.malformed ? { request, reached: reachedValidation } : undefined;
    if (sources.has('body')) {
      return refusedProbe(this.request(actor, 'probe: a list for the body', { body: Buffer.from('[]') }));
    }
    if (sources.has('query')) {
      const doubled = Object.fromEntries(
        Object.entries(this.base.query).map(([key, value]) => [key, [String(value), 'x']]),
      );
      return refusedProbe(this.request(actor, 'probe: every query field twice', { query: doubled }));
    }
    const name = this.route.paramNames.find((param) => !this.route.pattern.includes(`{*${param}}`));
    if (!name) return undefined;
    const path = pathOf(this.route, this.base.params, { name, value: 'not-a-uuid' });
    const request = this.request(actor, `probe: :${name} not a uuid`, { path }, true);
    return { request, reached: (status) => status !== 401 && status !== 403 };
  }

  /** Each body and query field broken one way at a time. */
  fieldRequests(actor: Actor): PlannedRequest[] {
    const requests: PlannedRequest[] = [];
    for (const input of this.route.inputs) {
      const schema = schemaOf(input, this.base.params);
      if (!schema || input.source === 'params') continue;
      const base = input.source === 'body' ? this.base.body : this.base.query;
      for (const mutation of fieldMutations(schema, base)) {
        if (input.source === 'body') {
          const body = Buffer.from(toJsonText(withValueAt(base, mutation.path, mutation.value)));
          requests.push(this.request(actor, `body ${mutation.label}`, { body }));
          continue;
        }
        const value = asQueryValue(mutation.value);
        if (value === undefined) continue;
        const query = withValueAt(base, mutation.path, value) as Query;
        requests.push(this.request(actor, `query ${mutation.label}`, { query }));
      }
    }
    return requests;
  }

  /** Whole-body variants; `light` keeps a few, for callers other than the route's main one. */
  bodyRequests(actor: Actor, light: boolean): PlannedRequest[] {
    if (this.route.method === 'GET') return [];
    const variants = bodyVariants(this.base.body).filter(
      (variant) => !light || LIGHT_BODY.includes(variant.label),
    );
    return variants.map((variant) =>
      this.request(actor, `body ${variant.label}`, { headers: variant.headers, body: variant.body }),
    );
  }

  /**
   * Each path parameter replaced by malformed or unknown values, the rest of the request as the base.
   * A wildcard's value is a path inside another router (the queue dashboard's), so it may name a page.
   */
  pathRequests(actor: Actor, light: boolean): PlannedRequest[] {
    return this.route.paramNames.flatMap((name) => {
      const wildcard = this.route.pattern.includes(`{*${name}}`);
      const values = paramValues(this.base.params[name] ?? '').filter(
        (value) => !light || LIGHT_PATH.includes(value.label),
      );
      return values.map(({ label, value, sameRecord }) => {
        const path = pathOf(this.route, this.base.params, { name, value });
        return this.request(
          actor,
          `path :${name} ${label}`,
          { path },
          sameRecord || wildcard ? undefined : true,
        );
      });
    });
  }

  /** Junk added to the query string: refused when it is broken, ignored when it is only unknown. */
  queryRequests(actor: Actor): PlannedRequest[] {
    const base = queryText(this.base.query).slice(1);
    return QUERY_VARIANTS.map(({ label, text, malformed }) =>
      this.request(actor, label, { queryText: base ? `${base}&${text}` : text }, malformed || undefined),
    );
  }
}

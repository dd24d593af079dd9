// Whole-body variants every write route gets (broken JSON, wrong content types and encodings, top-level
// lists and scalars, deep nesting, extra and prototype fields, too large), and what the API's body
// parser makes of any body, so the fuzz knows which requests must be refused before a route runs.
import { toJsonText } from './fieldMutations.ts';

export interface BodyVariant {
  label: string;
  headers: Record<string, string>;
  body: Buffer;
}

// What api/src/app.ts configures: @koa/bodyparser with enableTypes ['json'] and JSON_BODY_LIMIT 1mb,
// parsing POST, PUT and PATCH only, with co-body's strict mode and @hapi/bourne's __proto__ check.
const JSON_TYPES = [
  'application/json',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/csp-report',
  'application/reports+json',
  'application/scim+json',
];
const PARSED_METHODS = ['POST', 'PUT', 'PATCH'];
const BODY_LIMIT_BYTES = 1024 * 1024;
// co-body's strict test: JSON whitespace, then a list or an object.
const STRICT_JSON = /^[ \t\n\r]*(\[|\{)/;

const JSON_HEADERS = { 'content-type': 'application/json' };

/** @hapi/bourne refuses a __proto__ key anywhere (a loop: bodies nest 100,000 deep). */
function hasProtoKey(root: unknown): boolean {
  const pending = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (!value || typeof value !== 'object') continue;
    if (Object.hasOwn(value, '__proto__')) return true;
    pending.push(...Object.values(value));
  }
  return false;
}

/** The body a route sees (ctx.request.body, or {} when none was parsed), or 'refused' when parsing fails. */
export function bodySeenByApi(
  method: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
): { refused: true } | { refused: false; value: unknown } {
  const type = (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!PARSED_METHODS.includes(method) || !JSON_TYPES.includes(type)) return { refused: false, value: {} };
  const encoding = headers['content-encoding'];
  if (encoding && encoding !== 'identity') return { refused: true };
  if (body && body.length > BODY_LIMIT_BYTES) return { refused: true };
  const text = (body ?? Buffer.alloc(0)).toString('utf8').replace(/^\ufeff/, '');
  if (text === '') return { refused: false, value: {} };
  if (!STRICT_JSON.test(text)) return { refused: true };
  try {
    const value: unknown = JSON.parse(text);
    return hasProtoKey(value) ? { refused: true } : { refused: false, value };
  } catch {
    return { refused: true };
  }
}

const json = (label: string, text: string): BodyVariant => ({
  label,
  headers: JSON_HEADERS,
  body: Buffer.from(text),
});

/** Variants of a route's base body (a plausible valid body, or {} for routes without a schema). */
export function bodyVariants(base: unknown): BodyVariant[] {
  const text = toJsonText(base);
  const fields = text.slice(1, -1);
  const withFields = (extra: string) => `{${fields}${fields ? ',' : ''}${extra}}`;
  const manyKeys = Array.from({ length: 10_000 }, (_, i) => `"k${i}":${i}`).join(',');
  const as = (label: string, contentType: string | null, body: Buffer | string): BodyVariant => ({
    label,
    headers: contentType ? { 'content-type': contentType } : {},
    body: Buffer.isBuffer(body) ? body : Buffer.from(body),
  });
  return [
    json('broken JSON: unclosed', '{'),
    json('broken JSON: missing value', '{"a":}'),
    json('broken JSON: single quotes', "{'a':1}"),
    json('broken JSON: trailing comma', withFields('"a":1,')),
    json('broken JSON: NaN', withFields('"a":NaN')),
    json('broken JSON: raw NUL in a string', withFields('"a":"\u0000"')),
    json('broken JSON: raw line break in a string', withFields('"a":"x\ny"')),
    json('broken JSON: cut in half', text.slice(0, Math.ceil(text.length / 2))),
    json('broken JSON: comment', `/* c */${text}`),
    json('top-level string', '"text"'),
    json('top-level number', '42'),
    json('top-level true', 'true'),
    json('top-level null', 'null'),
    json('top-level empty list', '[]'),
    json('top-level list of the body', `[${text}]`),
    json('empty body', ''),
    json('whitespace body', ' \n\t '),
    json('empty object', '{}'),
    json('nested 100 deep', `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`),
    json('list nested 100,000 deep', `${'['.repeat(100_000)}${']'.repeat(100_000)}`),
    json('extra fields', withFields('"fuzzExtra":"x","isAdmin":true,"role":"staff","userId":"x","id":"x"')),
    json('__proto__ field', withFields('"__proto__":{"role":"staff"}')),
    json('constructor.prototype field', withFields('"constructor":{"prototype":{"role":"staff"}}')),
    json('10,000 extra fields', withFields(manyKeys)),
    json('over the size limit', `{"a":"${'x'.repeat(BODY_LIMIT_BYTES + 10)}"}`),
    json('byte order mark', `\ufeff${text}`),
    as(
      'invalid UTF-8',
      'application/json',
      Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('"}')]),
    ),
    as('UTF-16 body', 'application/json', Buffer.from(text, 'utf16le')),
    as('text/plain', 'text/plain', text),
    as('form encoded', 'application/x-www-form-urlencoded', 'a=1&b=2'),
    as(
      'multipart',
      'multipart/form-data; boundary=fuzz',
      `--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--fuzz--\r\n`,
    ),
    as('XML', 'application/xml', '<a>1</a>'),
    as('no content type', null, text),
    as('JSON with a UTF-16 charset', 'application/json; charset=utf-16', text),
    as('JSON:API type', 'application/vnd.api+json', text),
    as('text/json', 'text/json', text),
    {
      label: 'gzip encoding on a plain body',
      headers: { ...JSON_HEADERS, 'content-encoding': 'gzip' },
      body: Buffer.from(text),
    },
    {
      label: 'unknown encoding',
      headers: { ...JSON_HEADERS, 'content-encoding': 'compress' },
      body: Buffer.from(text),
    },
  ];
}

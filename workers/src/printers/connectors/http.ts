// One HTTP exchange with a printer's web API (OctoPrint, Moonraker): a timeout on every call, network
// failures as PrinterUnreachableError, refused keys as PrinterRefusedError, and every JSON answer
// checked against a schema, since a printer's answer is input we do not control. An operator names the
// address, so an address that is, or a name that resolves to, a cloud's metadata service is refused:
// the check runs in the connection's own DNS lookup, so the address checked is the address connected
// to, and redirects are never followed (a printer's API has no reason to send one).
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { isMetadataHost } from '@printfarm/domain/printers';
import * as v from 'valibot';
import { withTimeout } from './dispatchOnce.ts';
import { describeFailure, PrinterRefusedError, PrinterUnreachableError } from './errors.ts';

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface PrinterHttp {
  /** Answers the response of a 2xx or of a status listed in `accept`; throws for anything else. */
  call(path: string, init: RequestInit & { accept?: number[] }, signal?: AbortSignal): Promise<Response>;
}

export interface PrinterHttpOptions {
  timeoutMs?: number;
  /** How names are resolved: dns.lookup, the system's resolver. */
  resolve?: typeof dnsLookup;
}

export function printerHttp(
  product: string,
  baseUrl: string,
  headers: Record<string, string>,
  { timeoutMs = DEFAULT_TIMEOUT_MS, resolve = dnsLookup }: PrinterHttpOptions = {},
): PrinterHttp {
  const root = baseUrl.replace(/\/+$/, '');
  const lookup = refusingMetadataHosts(resolve);
  return {
    async call(path, { accept = [], ...init }, signal) {
      const url = `${root}${path}`;
      let response: Response;
      try {
        response = await send(
          url,
          { ...init, headers: { ...headers, ...init.headers } },
          withTimeout(signal, timeoutMs),
          lookup,
        );
      } catch (error) {
        if (error instanceof MetadataHostError) {
          throw new PrinterRefusedError(
            `${product} at ${root} is not a printer's address: it is the cloud's metadata service`,
          );
        }
        if (signal?.aborted) throw error;
        throw new PrinterUnreachableError(`${product} at ${root}: ${describeFailure(error)}`, {
          cause: error,
        });
      }
      if (response.status === 401 || response.status === 403) {
        throw new PrinterRefusedError(
          `${product} at ${root} refused the API key (${response.status}): ${await bodyText(response)}`,
        );
      }
      if (response.status >= 300 && response.status < 400 && !accept.includes(response.status)) {
        await response.body?.cancel();
        throw new Error(
          `${product} at ${root} answered ${init.method ?? 'GET'} ${path} with a redirect (${response.status}` +
            ` to ${response.headers.get('location') ?? 'nowhere'}), which is not followed: give the printer's own address`,
        );
      }
      if (!response.ok && !accept.includes(response.status)) {
        throw new Error(
          `${product} ${init.method ?? 'GET'} ${path}: ${response.status}: ${await bodyText(response)}`,
        );
      }
      return response;
    },
  };
}

/** The JSON body, checked against the schema; a mismatch names the printer and the first issue. */
export async function readJson<S extends v.GenericSchema>(
  product: string,
  response: Response,
  schema: S,
): Promise<v.InferOutput<S>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new Error(`${product} answered ${response.url} with something other than JSON`, { cause: error });
  }
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue ? v.getDotPath(issue) : null;
    throw new Error(
      `${product} answered ${response.url} unexpectedly: ${where ?? 'body'}: ${issue?.message}`,
    );
  }
  return parsed.output;
}

/** A name that resolved to a metadata service's address, found while connecting. */
class MetadataHostError extends Error {}

/** A connection's lookup through `resolve`, refusing a name any of whose addresses is a metadata service's. */
function refusingMetadataHosts(resolve: typeof dnsLookup): LookupFunction {
  return (hostname, options: LookupOptions, callback) =>
    resolve(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (found.some((each) => isMetadataHost(each.address))) {
        return callback(new MetadataHostError(`${hostname} resolves to a metadata service`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, found);
      const first = found[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      return callback(null, first.address, first.family);
    });
}

/**
 * fetch's contract over node:http, whose `lookup` runs for every connection: the request's body and
 * headers as fetch would send them (a FormData's multipart boundary included), the answer as a Response.
 * An address given as an IP is not looked up, so it is checked here first.
 */
async function send(
  url: string,
  init: RequestInit,
  signal: AbortSignal,
  lookup: LookupFunction,
): Promise<Response> {
  const target = new URL(url);
  if (isMetadataHost(target.hostname)) throw new MetadataHostError(target.hostname);
  const outgoing = new Request(target, { ...init, signal });
  const options: RequestOptions = {
    method: outgoing.method,
    headers: Object.fromEntries(outgoing.headers),
    lookup,
    signal,
  };
  const answer = await new Promise<IncomingMessage>((resolve, reject) => {
    const sent = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, options, resolve);
    sent.on('error', reject);
    if (outgoing.body) {
      Readable.fromWeb(outgoing.body as import('node:stream/web').ReadableStream)
        .on('error', reject)
        .pipe(sent);
    } else sent.end();
  });
  const status = answer.statusCode ?? 0;
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const each of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, each);
  }
  const empty = status === 204 || status === 205 || status === 304;
  if (empty) answer.resume();
  const response = new Response(empty ? null : (Readable.toWeb(answer) as ReadableStream<Uint8Array>), {
    status,
    statusText: answer.statusMessage ?? '',
    headers,
  });
  // readJson names the address it read.
  Object.defineProperty(response, 'url', { value: target.href });
  return response;
}

async function bodyText(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).trim();
  return text.slice(0, 300) || response.statusText;
}

/** A multipart form holding the G-code as `file`, plus the protocol's own fields. */
export function gcodeForm(fileName: string, gcode: Uint8Array, fields: Record<string, string>): FormData {
  const form = new FormData();
  // A copy: Blob takes only bytes over a plain ArrayBuffer, and the caller's may be shared.
  form.append('file', new Blob([new Uint8Array(gcode)], { type: 'application/octet-stream' }), fileName);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

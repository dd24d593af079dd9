// One HTTP exchange with a printer's web API (OctoPrint, Moonraker): a timeout on every call, network
// failures as PrinterUnreachableError, refused keys as PrinterRefusedError, and every JSON answer
// checked against a schema, since a printer's answer is input we do not control. An operator names the
// address, so a name that resolves to a cloud's metadata service is refused before anything is sent.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isMetadataHost } from '@printfarm/domain/printers';
import * as v from 'valibot';
import { withTimeout } from './dispatchOnce.ts';
import { describeFailure, PrinterRefusedError, PrinterUnreachableError } from './errors.ts';

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface PrinterHttp {
  /** Answers the response of a 2xx or of a status listed in `accept`; throws for anything else. */
  call(path: string, init: RequestInit & { accept?: number[] }, signal?: AbortSignal): Promise<Response>;
}

export function printerHttp(
  product: string,
  baseUrl: string,
  headers: Record<string, string>,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): PrinterHttp {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    async call(path, { accept = [], ...init }, signal) {
      const url = `${root}${path}`;
      await refuseMetadataHost(product, root);
      let response: Response;
      try {
        response = await fetch(url, {
          ...init,
          headers: { ...headers, ...init.headers },
          signal: withTimeout(signal, timeoutMs),
        });
      } catch (error) {
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

/** Throws PrinterRefusedError when the address is, or its name resolves to, a metadata service's. */
async function refuseMetadataHost(product: string, root: string): Promise<void> {
  const host = new URL(root).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (found) => found.map((each) => each.address),
        // Not resolvable now: fetch reports the printer unreachable as usual.
        () => [],
      );
  if (isMetadataHost(host) || addresses.some(isMetadataHost)) {
    throw new PrinterRefusedError(
      `${product} at ${root} is not a printer's address: it is the cloud's metadata service`,
    );
  }
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
